import type { CataloguePage } from '@mp/contract/api/catalogue';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, pathParam } from '../../../shared/api/client';
import type { ListParams } from '../../../shared/catalogue/list-params';
import { localeStore } from '../../../shared/i18n/locale';
import { useStore } from '../../../shared/lib/store';
import { selectedLocationStore } from '../../../shared/session/location';

export interface CatalogueRequest extends ListParams {
  categoryId: string;
  locationNo: string | null;
  locale: string;
}

export const cataloguePageKeys = {
  all: ['catalogue-page'] as const,
  lists: () => [...cataloguePageKeys.all, 'list'] as const,
  list: (r: CatalogueRequest) => [...cataloguePageKeys.lists(), r] as const,
};

/** GET /api/v2.0/Products/{categoryId}: one page of a category with filters and facets. */
export function getCataloguePage(r: CatalogueRequest, signal?: AbortSignal): Promise<CataloguePage> {
  return api.get(`/Products/${pathParam('categoryId', r.categoryId)}`, {
    signal,
    answer: (c) => c.catalogue.cataloguePage,
    query: {
      plantLocation: r.locationNo ?? undefined,
      bool: r.bool.length ? r.bool.join(',') : undefined,
      dayMin: r.dayMin,
      dayMax: r.dayMax,
      weekMin: r.weekMin,
      weekMax: r.weekMax,
      pageSize: r.pageSize,
      pageNumber: r.page,
    },
  });
}

export const cataloguePageQueryOptions = (r: CatalogueRequest) =>
  queryOptions({
    queryKey: cataloguePageKeys.list(r),
    queryFn: ({ signal }) => getCataloguePage(r, signal),
    staleTime: 60_000,
  });

/** The page for the filters in the address; the previous page stays on screen while the next one loads. */
export function useCataloguePage(categoryId: string, params: ListParams, enabled = true) {
  const locale = useStore(localeStore);
  const locationNo = useStore(selectedLocationStore, (l) => l?.locationNo ?? null);
  return useQuery({
    ...cataloguePageQueryOptions({ ...params, categoryId, locationNo, locale }),
    placeholderData: keepPreviousData,
    enabled: enabled && categoryId !== '',
  });
}
