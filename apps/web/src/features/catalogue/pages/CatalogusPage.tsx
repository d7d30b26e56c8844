import { Button } from '@mantine/core';
import { EMPTY_GUID } from '@mp/contract';
import { guidSource } from '@mp/contract/rules/ids';
import { IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useCategories } from '../../../shared/api/get-categories';
import { hasFilters, useListParams } from '../../../shared/catalogue/list-params';
import { paths } from '../../../shared/lib/paths';
import { itemListFeedback, useOrderListAdder } from '../../../shared/ordering/use-order-list-adder';
import { FilteredItemList } from '../../../shared/ui/catalogue/FilteredItemList';
import { LoadingBlock } from '../../../shared/ui/LoadingBlock';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { EmptyView, ErrorView } from '../../../shared/ui/StateViews';
import { TrailPageHeader } from '../../../shared/ui/TrailPageHeader';
import { useCataloguePage } from '../api/get-catalogue-page';
import classes from '../components/catalogue.module.css';
import { ancestorsOf, childrenOf, findCategory } from '../components/category-tree';

const GUID = new RegExp(`^${guidSource}$`);

/**
 * Catalogus: the equipment of a category (and all below it), with filters, cards or table, and paging. An
 * address whose category is not a category id at all is not found (no request is made for it).
 */
export function CatalogusPage() {
  const { t } = useTranslation();
  const { category = '' } = useParams();
  const categories = useCategories();
  const { params } = useListParams();
  const filtered = hasFilters(params);
  const validId = GUID.test(category);
  const page = useCataloguePage(category, params, validId);
  // the unfiltered first page: its facets are what unchecking every filter restores (cached from the first visit)
  const initial = useCataloguePage(
    category,
    { bool: [], page: 1, pageSize: params.pageSize },
    validId && filtered,
  );
  const adder = useOrderListAdder(itemListFeedback);

  const all = categories.data ?? [];
  const current = findCategory(all, category);
  const isAll = category.toLowerCase() === EMPTY_GUID;
  const title = current?.name ?? page.data?.category.name ?? (isAll ? t('Catalogus.alle_categorieen') : '');
  const trail = current
    ? ancestorsOf(all, current.id).map((c) => ({ label: c.name, to: paths.materieel.to(c.id) }))
    : [];
  const subcategories = current ? childrenOf(all, current.id) : [];

  const header = title ? <TrailPageHeader title={title} trail={trail} /> : <PageHeader />;

  if (!validId)
    return (
      <>
        {header}
        <EmptyView title={t('error.niet_gevonden')} />
      </>
    );
  if (page.isPending)
    return (
      <>
        {header}
        <LoadingBlock />
      </>
    );
  if (page.isError)
    return (
      <>
        {header}
        {page.error && 'status' in page.error && page.error.status === 404 ? (
          <EmptyView title={t('error.niet_gevonden')} />
        ) : (
          <ErrorView
            messageKey="Catalogus.ophalen_error"
            error={page.error}
            onRetry={() => void page.refetch()}
          />
        )}
      </>
    );

  return (
    <>
      {header}
      {subcategories.length > 0 && (
        <nav
          aria-label={t('Catalogus.subcategorieen')}
          className={classes.subNav}
          style={{ marginBottom: 16 }}
        >
          {subcategories.map((c) => (
            <Button
              key={c.id}
              component={Link}
              to={paths.catalogus.to(c.id)}
              variant="default"
              size="sm"
              mih={44}
              rightSection={<IconChevronRight size={14} aria-hidden />}
            >
              {c.name}
            </Button>
          ))}
        </nav>
      )}
      <FilteredItemList
        data={page.data}
        initialFacets={filtered ? initial.data?.facets : page.data.facets}
        busy={page.isPlaceholderData}
        resultKey={`${category}|${JSON.stringify(params)}`}
        empty={<EmptyView title={t('Catalogus.geen_items')} />}
        adder={adder}
      />
    </>
  );
}
