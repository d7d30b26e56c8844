import type { ContentPageSummary } from '@mp/contract/api/shell';
import type { Locale } from '@mp/contract/i18n/locales';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { localeStore } from '../i18n/locale';
import { useStore } from '../lib/store';
import { sessionStore } from '../session/session';
import { api } from './client';

export const contentPageKeys = {
  all: ['content-pages'] as const,
  lists: () => [...contentPageKeys.all, 'list'] as const,
  list: (locale: Locale, viewer: string) => [...contentPageKeys.lists(), { locale, viewer }] as const,
  details: () => [...contentPageKeys.all, 'detail'] as const,
  detail: (id: string, locale: string) => [...contentPageKeys.details(), { id, locale }] as const,
};

/** GET /api/v2.0/Pages?locale=: the content pages (kind page, info or news) of a locale. */
export async function getContentPages(locale: Locale, signal?: AbortSignal): Promise<ContentPageSummary[]> {
  const body = await api.get('/Pages', {
    query: { locale },
    signal,
    answer: (c) => c.shell.contentPageList,
  });
  return body?.pages ?? [];
}

export const contentPagesQueryOptions = (locale: Locale, viewer: string) =>
  queryOptions({
    queryKey: contentPageKeys.list(locale, viewer),
    queryFn: ({ signal }) => getContentPages(locale, signal),
    staleTime: 5 * 60_000,
    retry: false,
  });

/** Content pages may only be read anonymously when AllowAnonymousUsers is on (product §6): pass `enabled`. */
export function useContentPages(enabled = true) {
  const locale = useStore(localeStore);
  const viewer = useStore(sessionStore, (s) => s?.user.id ?? 'anonymous');
  return useQuery({ ...contentPagesQueryOptions(locale, viewer), enabled });
}

/** News pages, newest first. */
export function newsOf(pages: readonly ContentPageSummary[]): ContentPageSummary[] {
  // ISO timestamps sort as plain strings (localeCompare would build a collator while Home first renders)
  const at = (p: ContentPageSummary) => p.publishedAt ?? '';
  return pages.filter((p) => p.kind === 'news').sort((a, b) => (at(a) < at(b) ? 1 : at(a) > at(b) ? -1 : 0));
}
