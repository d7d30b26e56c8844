import { Anchor, Badge, Card, Group, Image, SimpleGrid, Text } from '@mantine/core';
import { EMPTY_GUID } from '@mp/contract';
import type { Category } from '@mp/contract/api/catalogue';
import { IconCategory } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { paths } from '../../../shared/lib/paths';
import { AreaPage } from '../../../shared/ui/AreaPage';
import { LoadingBlock } from '../../../shared/ui/LoadingBlock';
import { EmptyView, ErrorView } from '../../../shared/ui/StateViews';
import { useCategories } from '../api/get-categories';

function CategoryGrid({ categories }: { categories: Category[] }) {
  const { t } = useTranslation();
  if (categories.length === 0) return <EmptyView title={t('Catalogus.geen_items')} />;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="md">
      {categories.map((c) => (
        <Card key={c.id} withBorder radius="md" padding="md">
          <Group wrap="nowrap" gap="sm">
            {c.imageUrl ? (
              <Image src={c.imageUrl} alt="" w={56} h={56} fit="contain" radius="sm" loading="lazy" />
            ) : (
              <IconCategory size={32} aria-hidden color="var(--mantine-color-gray-6)" />
            )}
            <div style={{ minWidth: 0 }}>
              <Anchor component={Link} to={paths.catalogus.to(c.id)} fw={600} c="inherit">
                {c.name}
              </Anchor>
              <div>
                <Badge variant="light" color="gray" size="sm">
                  {c.totalItemCount}
                </Badge>
              </div>
            </div>
          </Group>
        </Card>
      ))}
    </SimpleGrid>
  );
}

function Categories({ parent }: { parent: string }) {
  const query = useCategories();
  if (query.isPending) return <LoadingBlock />;
  if (query.isError)
    return <ErrorView messageKey="Catalogus.ophalen_error" onRetry={() => void query.refetch()} />;
  return (
    <CategoryGrid categories={query.data.filter((c) => c.parent.toLowerCase() === parent.toLowerCase())} />
  );
}

/** Materieel(boek): the root categories, or the subcategories of the category in the path. */
export function MaterieelPage() {
  const { category } = useParams();
  return (
    <AreaPage>
      <Categories parent={category ?? EMPTY_GUID} />
    </AreaPage>
  );
}

/** Catalogus of one category: its name and its subcategories. */
export function CatalogusPage() {
  const { t } = useTranslation();
  const { category = '' } = useParams();
  const query = useCategories();
  const current = query.data?.find((c) => c.id.toLowerCase() === category.toLowerCase());
  return (
    <AreaPage title={current?.name}>
      {query.data && !current ? (
        <EmptyView title={t('error.niet_gevonden')} />
      ) : (
        <>
          <Text fw={600} mb="sm">
            {t('Catalogus.subcategorieen')}
          </Text>
          <Categories parent={category} />
        </>
      )}
    </AreaPage>
  );
}

export function DetailsPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  return (
    <AreaPage>
      <Text>
        {t('shared.artikelnummer')}: {id}
      </Text>
    </AreaPage>
  );
}

export function SetsPage() {
  const { t } = useTranslation();
  return <AreaPage description={t('Sets.intro')} />;
}

export function SetPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  return (
    <AreaPage>
      <Text>
        {t('shared.nummer')}: {id}
      </Text>
    </AreaPage>
  );
}
