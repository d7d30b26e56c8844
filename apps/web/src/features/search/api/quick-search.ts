import type { QuickSearchResult } from '@mp/contract/api/shell';
import type { Locale } from '@mp/contract/i18n/locales';
import { rankQuickResults } from '@mp/contract/rules/quick-search';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';

export const quickSearchKeys = {
  all: ['quick-search'] as const,
  lists: () => [...quickSearchKeys.all, 'list'] as const,
  list: (query: string, locale: Locale) => [...quickSearchKeys.lists(), { query, locale }] as const,
};

/** GET /api/v2.0/Search/quicksearch?query=&locale= → zoekResultaten, ranked by matched words (product §4). */
export async function quickSearch(
  query: string,
  locale: Locale,
  signal?: AbortSignal,
): Promise<QuickSearchResult[]> {
  const body = await api.get('/Search/quicksearch', {
    query: { query, locale },
    signal,
    answer: (c) => c.shell.quickSearchResponse,
  });
  return rankQuickResults(body?.zoekResultaten ?? [], query, (r) => r.materieelOmschrijving);
}

export const quickSearchQueryOptions = (query: string, locale: Locale) =>
  queryOptions({
    queryKey: quickSearchKeys.list(query, locale),
    queryFn: ({ signal }) => quickSearch(query, locale, signal),
    staleTime: 60_000,
    retry: false,
  });

export function useQuickSearch(query: string, locale: Locale, enabled: boolean) {
  return useQuery({ ...quickSearchQueryOptions(query, locale), enabled });
}

/** Where a result leads: a set to /set/{id}, anything else to /details/{materieelSoort}. */
export const resultKind = (r: QuickSearchResult): 'set' | 'item' => (r.isSet ? 'set' : 'item');
