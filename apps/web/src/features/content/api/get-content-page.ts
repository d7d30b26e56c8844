import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, pathParam } from '../../../shared/api/client';
import { contentPageKeys } from '../../../shared/api/get-content-pages';

/** GET /api/v2.0/Pages/{id}?locale=: one content page with its (server-sanitized) HTML. */
export const getContentPage = (id: string, locale: string, signal?: AbortSignal) =>
  api.get(`/Pages/${pathParam('id', id)}`, {
    query: { locale },
    signal,
    answer: (c) => c.shell.contentPage,
  });

export const contentPageQueryOptions = (id: string, locale: string) =>
  queryOptions({
    queryKey: contentPageKeys.detail(id, locale),
    queryFn: ({ signal }) => getContentPage(id, locale, signal),
    staleTime: 5 * 60_000,
    retry: false,
  });

export function useContentPage(id: string, locale: string) {
  return useQuery(contentPageQueryOptions(id, locale));
}
