import { Anchor, Button, Group } from '@mantine/core';
import { EMPTY_GUID } from '@mp/contract';
import { IconList } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { useCategories } from '../../../shared/api/get-categories';
import { paths } from '../../../shared/lib/paths';
import { LoadingBlock } from '../../../shared/ui/LoadingBlock';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { EmptyView, ErrorView } from '../../../shared/ui/StateViews';
import { TrailPageHeader } from '../../../shared/ui/TrailPageHeader';
import { CategoryTiles } from '../components/CategoryTiles';
import { ancestorsOf, childrenOf, findCategory } from '../components/category-tree';

/** Materieel(boek): the root categories as tiles, or the subcategories of the category in the path. */
export function MaterieelPage() {
  const { t } = useTranslation();
  const { category } = useParams();
  const query = useCategories();

  if (!category) {
    return (
      <>
        <PageHeader
          actions={
            <Button
              component={Link}
              to={paths.catalogus.to(EMPTY_GUID)}
              variant="light"
              leftSection={<IconList size={18} aria-hidden />}
              mih={44}
            >
              {t('Catalogus.alle_materieel')}
            </Button>
          }
        />
        {query.isPending ? (
          <LoadingBlock />
        ) : query.isError ? (
          <ErrorView
            messageKey="Catalogus.ophalen_error"
            error={query.error}
            onRetry={() => void query.refetch()}
          />
        ) : (
          <RootTiles all={query.data} />
        )}
      </>
    );
  }

  if (query.isPending)
    return (
      <>
        <PageHeader />
        <LoadingBlock />
      </>
    );
  if (query.isError)
    return (
      <>
        <PageHeader />
        <ErrorView
          messageKey="Catalogus.ophalen_error"
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      </>
    );
  const current = findCategory(query.data, category);
  if (!current)
    return (
      <>
        <PageHeader />
        <EmptyView title={t('error.niet_gevonden')}>
          <Anchor component={Link} to={paths.materieel.to()}>
            {t('Catalogus.alle_categorieen')}
          </Anchor>
        </EmptyView>
      </>
    );
  const children = childrenOf(query.data, current.id);
  // a category without subcategories has nothing to choose here: straight to its equipment
  if (children.length === 0) return <Navigate to={paths.catalogus.to(current.id)} replace />;
  const trail = [
    { label: t('routes.Materieel'), to: paths.materieel.to() },
    ...ancestorsOf(query.data, current.id).map((c) => ({ label: c.name, to: paths.materieel.to(c.id) })),
  ];
  return (
    <>
      <TrailPageHeader
        title={current.name}
        trail={trail}
        actions={
          <Group>
            <Button
              component={Link}
              to={paths.catalogus.to(current.id)}
              variant="light"
              leftSection={<IconList size={18} aria-hidden />}
              mih={44}
            >
              {t('Catalogus.alles_in_categorie', { count: current.totalItemCount })}
            </Button>
          </Group>
        }
      />
      <CategoryTiles categories={children} all={query.data} />
    </>
  );
}

function RootTiles({ all }: { all: Parameters<typeof CategoryTiles>[0]['all'] }) {
  const { t } = useTranslation();
  const roots = childrenOf(all, EMPTY_GUID);
  if (roots.length === 0) return <EmptyView title={t('Catalogus.geen_categorieen')} />;
  return <CategoryTiles categories={roots} all={all} />;
}
