import type {
  ImportJob,
  ImportPreview,
  SyncAnswer,
  UserDetail,
  UserFormOptions,
  UserInput,
  UserList,
  UserListQuery,
  UserSummary,
} from '@mp/contract/api/users';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, pathParam } from '../../../shared/api/client';

export type { ImportJob, ImportPreview, SyncAnswer, UserDetail, UserFormOptions, UserInput, UserSummary };

export type ListParams = Pick<UserListQuery, 'sort' | 'direction' | 'page' | 'pageSize'> & {
  query?: string;
  pending?: boolean;
};

export const userKeys = {
  all: ['users'] as const,
  lists: () => [...userKeys.all, 'list'] as const,
  list: (p: ListParams) => [...userKeys.lists(), p] as const,
  detail: (id: string) => [...userKeys.all, 'detail', id] as const,
  job: (id: string) => [...userKeys.all, 'import', id] as const,
};

/** GET Users: one page, searched and sorted on the server. */
export function useUsers(p: ListParams) {
  return useQuery({
    queryKey: userKeys.list(p),
    queryFn: ({ signal }): Promise<UserList> =>
      api.get('/Users', {
        signal,
        answer: (c) => c.users.userList,
        query: {
          query: p.query || undefined,
          pending: p.pending ? 'true' : undefined,
          sort: p.sort,
          direction: p.direction,
          page: p.page,
          pageSize: p.pageSize,
        },
      }),
    placeholderData: keepPreviousData,
  });
}

export function useUser(id: string | null) {
  return useQuery({
    queryKey: userKeys.detail(id ?? ''),
    queryFn: ({ signal }): Promise<UserDetail> =>
      api.get(`/Users/${pathParam('id', id)}`, { signal, answer: (c) => c.users.userDetail }),
    enabled: id !== null,
  });
}

function useInvalidating<A, R>(fn: (a: A) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => qc.invalidateQueries({ queryKey: userKeys.all }),
  });
}

export function useCreateUser() {
  return useInvalidating((a: { input: UserInput; sendEmail: boolean; language?: string }) =>
    api.post('/Users', a.input, {
      query: { sendEmail: String(a.sendEmail), language: a.language },
      answer: (c) => c.users.createdUser,
    }),
  );
}

export function useUpdateUser() {
  return useInvalidating((a: { id: string; input: UserInput }) =>
    api.put(`/Users/${pathParam('id', a.id)}`, a.input, { answer: (c) => c.common.noContent }),
  );
}

export function useDeleteUser() {
  return useInvalidating((id: string) =>
    api.delete(`/Users/${pathParam('id', id)}`, { answer: (c) => c.common.noContent }),
  );
}

export function useApproveUser() {
  return useInvalidating((id: string) =>
    api.post(`/Users/${pathParam('id', id)}/approve`, undefined, { answer: (c) => c.common.noContent }),
  );
}

/** POST Users/{id}/invite: a new invitation mail (the earlier links stop working). */
export function useResendInvitation() {
  return useInvalidating((id: string) =>
    api.post(`/Users/${pathParam('id', id)}/invite`, undefined, { answer: (c) => c.common.noContent }),
  );
}

export function useRejectUser() {
  return useInvalidating((id: string) =>
    api.post(`/Users/${pathParam('id', id)}/reject`, undefined, { answer: (c) => c.common.noContent }),
  );
}

export function useSyncUsers() {
  return useInvalidating(
    (): Promise<SyncAnswer> => api.get('/Users/syncusers', { answer: (c) => c.users.syncAnswer }),
  );
}

/** A file's bytes as base64, for the import calls. */
export async function fileToBase64(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

export function usePreviewImport() {
  return useMutation({
    mutationFn: (content: string): Promise<ImportPreview> =>
      api.post('/Users/import/preview', { content }, { answer: (c) => c.users.importPreview }),
  });
}

export function useStartImport() {
  return useMutation({
    mutationFn: (a: { content: string; sendEmail: boolean }) =>
      api.post(
        '/Users/import',
        { content: a.content },
        {
          query: { sendEmail: String(a.sendEmail) },
          answer: (c) => c.users.importJob.pick({ id: true }),
        },
      ),
  });
}

/** The running import's progress, polled every half second until it is done or failed. */
export function useImportJob(id: string | null) {
  const qc = useQueryClient();
  return useQuery({
    queryKey: userKeys.job(id ?? ''),
    queryFn: async ({ signal }): Promise<ImportJob> => {
      const job = await api.get(`/Users/import/${pathParam('id', id)}`, {
        signal,
        answer: (c) => c.users.importJob,
      });
      if (job.state === 'done') void qc.invalidateQueries({ queryKey: userKeys.lists() });
      return job;
    },
    enabled: id !== null,
    refetchInterval: (q) => (q.state.data?.state === 'running' || !q.state.data ? 500 : false),
  });
}

/** GET Users/options: what the caller may hand out (a key user: its own customer, kind and areas). */
export function useUserFormOptions() {
  return useQuery({
    queryKey: [...userKeys.all, 'options'] as const,
    queryFn: ({ signal }): Promise<UserFormOptions> =>
      api.get('/Users/options', { signal, answer: (c) => c.users.userFormOptions }),
    staleTime: 5 * 60_000,
  });
}
