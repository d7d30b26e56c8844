import type { Locale } from '@mp/contract/i18n/locales';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, pathParam } from '../../../shared/api/client';
import { serviceMessageKeys } from '../../../shared/api/get-service-messages';

/** A message as the form sends it (the day fields become moments: from the start of the first day to the end of the last). */
export interface MessageInput {
  locale: Locale;
  message: string;
  pageId: string | null;
  activeFrom: string;
  activeUntil: string | null;
}

const adminList = [...serviceMessageKeys.all, 'admin'] as const;

/** GET /api/v2.0/ServiceMessages?all=true (admins): every message, also planned and ended ones. */
export function useAllServiceMessages() {
  return useQuery({
    queryKey: adminList,
    queryFn: async ({ signal }) =>
      (
        await api.get('/ServiceMessages', {
          query: { all: 'true' },
          signal,
          answer: (c) => c.shell.serviceMessageList,
        })
      )?.serviceMessages ?? [],
    placeholderData: keepPreviousData,
  });
}

/** POST (new) or PUT /api/v2.0/ServiceMessages/{id}; the bell and the toasts read the change at once. */
export function useSaveServiceMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: MessageInput }) =>
      id
        ? api.put(`/ServiceMessages/${pathParam('id', id)}`, input, {
            answer: (c) => c.shell.serviceMessageAdmin,
          })
        : api.post('/ServiceMessages', input, { answer: (c) => c.shell.serviceMessageAdmin }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: serviceMessageKeys.all }),
  });
}

/** DELETE /api/v2.0/ServiceMessages/{id}. */
export function useDeleteServiceMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.delete(`/ServiceMessages/${pathParam('id', id)}`, { answer: (c) => c.common.noContent }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: serviceMessageKeys.all }),
  });
}
