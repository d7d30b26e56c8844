import { Button, Stack } from '@mantine/core';
import type { CatalogueItem, Facets } from '@mp/contract/api/catalogue';
import type { AddOrderListLinesInput } from '@mp/contract/api/order-lists';
import { IconFilterOff } from '@tabler/icons-react';
import { type ReactNode, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { visibleBooleanGroups } from '../../catalogue/facet-view';
import { hasFilters, useListParams } from '../../catalogue/list-params';
import { clearSelection, selectionLines, selectionStore } from '../../catalogue/selection';
import { useFormat } from '../format';
import { LoadingBlock } from '../LoadingBlock';
import { EmptyView } from '../StateViews';
import classes from './catalogue-list.module.css';
import { FacetFilters } from './FacetFilters';
import { ItemResults } from './ItemResults';

export interface ItemListData {
  items: CatalogueItem[];
  total: number;
  facets: Facets;
  format: { priceDecimals: number; weightDecimals: number };
}

/** Puts lines on the order list with the page's feedback (shared/ordering's useOrderListAdder). */
export interface ItemListAdder {
  add: (input: AddOrderListLinesInput) => Promise<boolean>;
  pending: boolean;
  /** Why adding is not possible here (a read-only location), if it is not. */
  readOnlyKey?: string | null;
  /** The sign-in prompt the adder shows to anonymous visitors. */
  prompt: ReactNode;
}

/**
 * The catalogue's list with its filters and the "add selection to the order list" bar; the search results
 * use it too. `initialFacets` are those of the unfiltered list (what unchecking restores).
 */
export function FilteredItemList({
  data,
  initialFacets,
  busy,
  words,
  resultKey,
  empty,
  sliceFrom = 0,
  adder,
}: {
  data: ItemListData;
  initialFacets: Facets | undefined;
  busy: boolean;
  words?: readonly string[];
  /** Changes when another list is loaded (category, term, filters, page): the selection is cleared then. */
  resultKey: string;
  empty: ReactNode;
  /** The search pages on the client: the items before this index belong to earlier pages. */
  sliceFrom?: number;
  /** Adds the selection to the order list. */
  adder: ItemListAdder;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const { params, toggleBool, setRange, clearFilters, setPage, setPageSize } = useListParams();
  const filtersActive = hasFilters(params);

  // product §4: catalogue selections are cleared after loading (another list) or confirming
  const firstKey = useRef(resultKey);
  useEffect(() => {
    if (resultKey !== firstKey.current) {
      firstKey.current = resultKey;
      clearSelection();
    }
  }, [resultKey]);

  const groups = useMemo(
    () =>
      visibleBooleanGroups(
        initialFacets?.booleanGroups ?? data.facets.booleanGroups,
        data.facets.booleanGroups,
        params.bool,
      ),
    [initialFacets, data.facets.booleanGroups, params.bool],
  );
  const priceFacets = data.facets;
  // product §2: filters show when more than one item is in play (and stay while any is chosen, to undo it)
  const showFilters =
    filtersActive ||
    (data.total > 1 &&
      (groups.length > 0 || priceFacets.dayPrice !== null || priceFacets.weekPrice !== null));

  const fmt = {
    format,
    priceDecimals: data.format.priceDecimals,
    weightDecimals: data.format.weightDecimals,
  };
  const pageItems = sliceFrom > 0 ? data.items.slice(sliceFrom) : data.items;

  async function addSelection() {
    const lines = selectionLines(selectionStore.get());
    if (await adder.add({ lines })) clearSelection();
  }

  const results =
    busy && pageItems.length === 0 ? (
      <LoadingBlock />
    ) : data.total === 0 || pageItems.length === 0 ? (
      filtersActive ? (
        <EmptyView title={t('Catalogus.geen_items_filters')}>
          <Button
            variant="light"
            leftSection={<IconFilterOff size={16} aria-hidden />}
            onClick={clearFilters}
            mih={44}
          >
            {t('shared.filters_wissen')}
          </Button>
        </EmptyView>
      ) : (
        empty
      )
    ) : (
      <ItemResults
        items={pageItems}
        fmt={fmt}
        words={words}
        total={data.total}
        page={params.page}
        pageSize={params.pageSize}
        onPage={(p) => {
          setPage(p);
          window.scrollTo({ top: 0 });
        }}
        onPageSize={setPageSize}
        onAddSelection={() => void addSelection()}
        adding={adder.pending}
        readOnlyKey={adder.readOnlyKey}
        busy={busy}
      />
    );

  return (
    <div className={showFilters ? classes.layout : undefined}>
      {showFilters && (
        <aside>
          <FacetFilters
            groups={groups}
            facets={priceFacets}
            params={params}
            onToggle={toggleBool}
            onRange={setRange}
            onClear={clearFilters}
            format={format}
            priceDecimals={data.format.priceDecimals}
            active={filtersActive}
          />
        </aside>
      )}
      <Stack gap="md" style={{ minWidth: 0 }}>
        {results}
      </Stack>
      {adder.prompt}
    </div>
  );
}
