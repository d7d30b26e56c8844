import type { Locale } from '@mp/contract/i18n/locales';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, pathParam } from '../../../shared/api/client';
import { contentPageKeys } from '../../../shared/api/get-content-pages';

export type PageKind = 'page' | 'info' | 'news';

const overviewKey = [...contentPageKeys.all, 'overview'] as const;
const editKey = (id: string, locale: Locale) => [...contentPageKeys.all, 'edit', { id, locale }] as const;

/** GET /api/v2.0/Pages/overview (admins): every page, drafts too, with the locales it has a text in. */
export function useContentPageOverview(enabled = true) {
  return useQuery({
    queryKey: overviewKey,
    enabled,
    queryFn: async ({ signal }) =>
      (await api.get('/Pages/overview', { signal, answer: (c) => c.shell.contentPageOverview }))?.pages ?? [],
  });
}

/** GET /api/v2.0/Pages/{id}?locale=: the page's text in `locale`, or the Dutch one (answer.locale says which). */
export function useContentPageForEdit(id: string, locale: Locale) {
  return useQuery({
    queryKey: editKey(id, locale),
    queryFn: ({ signal }) =>
      api.get(`/Pages/${pathParam('id', id)}`, {
        query: { locale },
        signal,
        answer: (c) => c.shell.contentPage,
      }),
    // the editor starts from what the server has now, never from a cached copy
    staleTime: 0,
    gcTime: 0,
  });
}

export interface PageCreate {
  pageName: string;
  locale: Locale;
  kind: PageKind;
}

/** POST /api/v2.0/Pages: a new page, a draft until it is published, with an empty text in one locale. */
export function useCreateContentPage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PageCreate) =>
      api.post('/Pages', { ...input, html: '', publishedAt: null }, { answer: (c) => c.shell.contentPage }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contentPageKeys.all }),
  });
}

export interface PageSave {
  locale: Locale;
  pageName: string;
  html: string;
  kind: PageKind;
  /** Undefined: unchanged; null: a draft; a moment: published from then. */
  publishedAt?: string | null;
}

/** PUT /api/v2.0/Pages/{id}: the text of one locale (added when new), the kind and the publication. */
export function useSaveContentPage(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PageSave) =>
      api.put(`/Pages/${pathParam('id', id)}`, input, { answer: (c) => c.shell.contentPage }),
    // the list, the editor and the public page (and the menus that list pages) read the change at once
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contentPageKeys.all }),
  });
}

/** DELETE /api/v2.0/Pages/{id}: the page in every locale. */
export function useDeleteContentPage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.delete(`/Pages/${pathParam('id', id)}`, { answer: (c) => c.common.noContent }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contentPageKeys.all }),
  });
}

/** POST /api/v2.0/Images/set/content: stores an image for a content page; answers the URL to put in an img. */
export async function uploadContentImage(file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file, file.name);
  const answer = await api.post('/Images/set/content', form, { answer: (c) => c.images.imageSetResult });
  return answer.url;
}
