import type { ServiceMessage } from '@mp/contract/api/shell';
import type { Locale } from '@mp/contract/i18n/locales';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { localeStore } from '../i18n/locale';
import { useStore } from '../lib/store';
import { sessionStore } from '../session/session';
import { api } from './client';

export const serviceMessageKeys = {
  all: ['service-messages'] as const,
  lists: () => [...serviceMessageKeys.all, 'list'] as const,
  list: (locale: Locale, viewer: string) => [...serviceMessageKeys.lists(), { locale, viewer }] as const,
};

/** GET /api/v2.0/ServiceMessages?locale=: the active service messages (each may open a content page). */
export async function getServiceMessages(locale: Locale, signal?: AbortSignal): Promise<ServiceMessage[]> {
  const body = await api.get('/ServiceMessages', {
    answer: (c) => c.shell.serviceMessageList,
    query: { locale },
    signal,
  });
  return body?.serviceMessages ?? [];
}

export const serviceMessagesQueryOptions = (locale: Locale, viewer: string) =>
  queryOptions({
    queryKey: serviceMessageKeys.list(locale, viewer),
    queryFn: ({ signal }) => getServiceMessages(locale, signal),
    staleTime: 5 * 60_000,
    retry: false,
  });

export function useServiceMessages(enabled = true) {
  const locale = useStore(localeStore);
  const viewer = useStore(sessionStore, (s) => s?.user.id ?? 'anonymous');
  return useQuery({ ...serviceMessagesQueryOptions(locale, viewer), enabled });
}
