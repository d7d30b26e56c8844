import type { RecentlyViewedNames } from '@mp/contract/api/catalogue';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { localeStore } from '../../../shared/i18n/locale';
import { useStore } from '../../../shared/lib/store';
import type { RecentlyViewedItem } from '../../../shared/session/recently-viewed';

export const recentlyViewedKeys = {
  all: ['recently-viewed'] as const,
  names: (locale: string, itemNos: string, setNos: string) =>
    [...recentlyViewedKeys.all, 'names', locale, itemNos, setNos] as const,
};

/** GET /api/v2.0/RecentlyViewed: the entries' names in the current language. */
export function getRecentlyViewedNames(
  itemNos: string,
  setNos: string,
  signal?: AbortSignal,
): Promise<RecentlyViewedNames> {
  return api.get('/RecentlyViewed', {
    signal,
    query: { itemNos: itemNos || undefined, setNos: setNos || undefined },
    answer: (c) => c.catalogue.recentlyViewedNames,
  });
}

const idsOf = (recent: readonly RecentlyViewedItem[], kind: RecentlyViewedItem['kind']) =>
  recent
    .filter((r) => r.kind === kind)
    .map((r) => r.id)
    .join(',');

export const recentlyViewedNamesQueryOptions = (locale: string, itemNos: string, setNos: string) =>
  queryOptions({
    queryKey: recentlyViewedKeys.names(locale, itemNos, setNos),
    queryFn: ({ signal }) => getRecentlyViewedNames(itemNos, setNos, signal),
    staleTime: 5 * 60_000,
  });

/**
 * The entries as the browser keeps them (named in the language they were viewed in), renamed in the
 * current language where the server knows them; kept as they are otherwise (not answered yet, gone).
 */
export function inCurrentLanguage(
  recent: readonly RecentlyViewedItem[],
  names: RecentlyViewedNames | undefined,
): RecentlyViewedItem[] {
  if (!names) return [...recent];
  const byKey = new Map(names.entries.map((e) => [`${e.kind}:${e.id}`, e]));
  return recent.map((r) => {
    const e = byKey.get(`${r.kind}:${r.id}`);
    return e ? { ...r, description: e.description, imageUrl: e.imageUrl } : r;
  });
}

/** Home's recently viewed, named in the current language (`enabled`: the viewer may read the catalogue). */
export function useRecentlyViewedInLanguage(
  recent: readonly RecentlyViewedItem[],
  enabled: boolean,
): RecentlyViewedItem[] {
  const locale = useStore(localeStore);
  const itemNos = idsOf(recent, 'item');
  const setNos = idsOf(recent, 'set');
  const query = useQuery({
    ...recentlyViewedNamesQueryOptions(locale, itemNos, setNos),
    enabled: enabled && recent.length > 0,
  });
  return inCurrentLanguage(recent, query.data);
}
