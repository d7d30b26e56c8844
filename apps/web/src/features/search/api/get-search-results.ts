import type { SearchResults } from '@mp/contract/api/catalogue';
import type { Locale } from '@mp/contract/i18n/locales';
import { SEARCH_MAX_LIMIT } from '@mp/contract/rules/limits';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import type { ListParams } from '../../../shared/catalogue/list-params';
import { localeStore } from '../../../shared/i18n/locale';
import { useStore } from '../../../shared/lib/store';
import { selectedLocationStore } from '../../../shared/session/location';

export interface SearchRequest extends Omit<ListParams, 'page' | 'pageSize'> {
  query: string;
  /** Results up to and including the page shown (the search has no server-side paging). */
  limit: number;
  locationNo: string | null;
  locale: Locale;
}

export const searchResultKeys = {
  all: ['search-results'] as const,
  lists: () => [...searchResultKeys.all, 'list'] as const,
  list: (r: SearchRequest) => [...searchResultKeys.lists(), r] as const,
};

/** GET /api/v2.0/Search: ranked item cards with the catalogue's filters and facets, plus matching sets. */
export function getSearchResults(r: SearchRequest, signal?: AbortSignal): Promise<SearchResults> {
  return api.get('/Search', {
    signal,
    answer: (c) => c.catalogue.searchResults,
    query: {
      query: r.query,
      locale: r.locale,
      plantLocation: r.locationNo ?? undefined,
      limit: r.limit,
      bool: r.bool.length ? r.bool.join(',') : undefined,
      dayMin: r.dayMin,
      dayMax: r.dayMax,
      weekMin: r.weekMin,
      weekMax: r.weekMax,
    },
  });
}

export const searchResultsQueryOptions = (r: SearchRequest) =>
  queryOptions({
    queryKey: searchResultKeys.list(r),
    queryFn: ({ signal }) => getSearchResults(r, signal),
    staleTime: 60_000,
  });

/** The results for the page shown: the server is asked for everything up to that page. */
export function useSearchResults(query: string, params: ListParams, enabled = true) {
  const locale = useStore(localeStore);
  const locationNo = useStore(selectedLocationStore, (l) => l?.locationNo ?? null);
  const limit = Math.min(SEARCH_MAX_LIMIT, params.page * params.pageSize);
  const { page: _page, pageSize: _size, ...filters } = params;
  return useQuery({
    ...searchResultsQueryOptions({ ...filters, query, limit, locationNo, locale }),
    placeholderData: keepPreviousData,
    enabled: enabled && query.length > 0,
  });
}
