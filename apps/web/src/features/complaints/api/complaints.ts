import type {
  ComplaintAnswerInput,
  ComplaintDetail,
  ComplaintDocument,
  ComplaintInput,
  ComplaintList,
  ComplaintOptions,
  ComplaintQueue,
  ComplaintSummary,
  DepartmentComplaint,
} from '@mp/contract/api/complaints';
import type { ComplaintStatus } from '@mp/contract/rules/complaints';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiFile, pathParam } from '../../../shared/api/client';
import { submitIdempotent } from '../../../shared/api/idempotent-submit';
import { complaintKeys } from '../../../shared/api/query-keys';
import { useStore } from '../../../shared/lib/store';
import { sessionStore } from '../../../shared/session/session';

export type {
  ComplaintDetail,
  ComplaintDocument,
  ComplaintInput,
  ComplaintOptions,
  ComplaintQueue,
  ComplaintSummary,
  DepartmentComplaint,
};

/** Which list: one location's, all of mine, the management overview. */
export type ListScope = { kind: 'location'; locationNo: string } | { kind: 'mine' } | { kind: 'management' };

export interface ListParams {
  scope: ListScope;
  status?: ComplaintStatus;
  query?: string;
  page: number;
  pageSize: number;
}

/** GET Complaints (one location / all mine) or Complaints/management. */
export function useComplaints(p: ListParams | null) {
  return useQuery({
    queryKey: complaintKeys.list(p ?? { scope: { kind: 'mine' }, page: 1, pageSize: 25 }),
    queryFn: ({ signal }): Promise<ComplaintList> =>
      api.get(p?.scope.kind === 'management' ? '/Complaints/management' : '/Complaints', {
        signal,
        answer: (c) => c.complaints.complaintList,
        query: {
          plantLocation: p?.scope.kind === 'location' ? p.scope.locationNo : undefined,
          status: p?.status || undefined,
          query: p?.query || undefined,
          page: p?.page,
          pageSize: p?.pageSize,
        },
      }),
    enabled: p !== null,
    placeholderData: keepPreviousData,
    retry: (n, e) => n < 2 && !(e as { status?: number }).status,
  });
}

/** Whether the user is the board (named role management; admins hold every role): the token's public part says so. */
export function useIsManagement() {
  return useStore(sessionStore, (s) => s?.user.isAdmin === true || s?.user.isManagement === true);
}

/** GET Complaints/options: the types and what of the location a complaint may be about. */
export function useComplaintOptions(locationNo: string | null) {
  return useQuery({
    queryKey: complaintKeys.options(locationNo ?? ''),
    queryFn: ({ signal }): Promise<ComplaintOptions> =>
      api.get('/Complaints/options', {
        signal,
        answer: (c) => c.complaints.complaintOptions,
        query: { plantLocation: locationNo ?? '' },
      }),
    enabled: locationNo !== null,
  });
}

/** GET Complaints/{id}. */
export function useComplaint(id: string) {
  return useQuery({
    queryKey: complaintKeys.detail(id),
    queryFn: ({ signal }): Promise<ComplaintDetail> =>
      api.get(`/Complaints/${pathParam('id', id)}`, { signal, answer: (c) => c.complaints.complaintDetail }),
    retry: (n, e) => n < 2 && !(e as { status?: number }).status,
  });
}

const formOf = (files: File[]) => {
  const form = new FormData();
  files.forEach((f, i) => {
    form.append(`file${i + 1}`, f, f.name);
  });
  return form;
};

/** POST Complaints (one Idempotency-Key per attempt), then its files to POST Complaints/{id}/documents. */
export function useCreateComplaint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (v: {
      input: ComplaintInput;
      files: File[];
    }): Promise<{ complaint: ComplaintDetail; uploadError: unknown }> => {
      const complaint = await submitIdempotent(
        `complaint:${v.input.plantLocation}`,
        v.input,
        (body, key): Promise<ComplaintDetail> =>
          api.post('/Complaints', body, {
            headers: { 'idempotency-key': key },
            answer: (c) => c.complaints.complaintDetail,
          }),
      );
      let uploadError: unknown = null;
      if (v.files.length)
        try {
          await api.post(`/Complaints/${pathParam('id', complaint.id)}/documents`, formOf(v.files), {
            answer: (c) => c.complaints.complaintDocuments,
          });
        } catch (e) {
          uploadError = e;
        }
      return { complaint, uploadError };
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: complaintKeys.all }),
  });
}

/** POST Complaints/{id}/lines: the user's reply. */
export function useAddLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: string; message: string }): Promise<ComplaintDetail> =>
      api.post(
        `/Complaints/${pathParam('id', v.id)}/lines`,
        { message: v.message },
        {
          answer: (c) => c.complaints.complaintDetail,
        },
      ),
    onSuccess: (d) => queryClient.setQueryData(complaintKeys.detail(d.id), d),
    onSettled: () => queryClient.invalidateQueries({ queryKey: complaintKeys.lists() }),
  });
}

/** POST Complaints/{id}/documents or Department/complaints/{id}/documents. */
export function useAddDocuments(department = false) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: string; files: File[] }) =>
      api.post(
        `${department ? '/Department/complaints' : '/Complaints'}/${pathParam('id', v.id)}/documents`,
        formOf(v.files),
        { answer: (c) => c.complaints.complaintDocuments },
      ),
    onSettled: (_d, _e, v) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: complaintKeys.detail(v.id) }),
        queryClient.invalidateQueries({ queryKey: complaintKeys.queueDetail(v.id) }),
      ]),
  });
}

/** A private document (fetched with the user's token) as an object URL, kept while the page shows it. */
export function useFileUrl(url: string, enabled = true) {
  return useQuery({
    queryKey: complaintKeys.file(url),
    queryFn: async () => URL.createObjectURL((await apiFile(url)).blob),
    staleTime: Number.POSITIVE_INFINITY,
    enabled,
  });
}

// ── the department ──────────────────────────────────────────────────────────────────────────────

export function useComplaintQueue(p: {
  status?: ComplaintStatus;
  query?: string;
  page: number;
  pageSize: number;
}) {
  return useQuery({
    queryKey: complaintKeys.queue(p),
    queryFn: ({ signal }): Promise<ComplaintQueue> =>
      api.get('/Department/complaints', {
        signal,
        answer: (c) => c.complaints.complaintQueue,
        query: { status: p.status, query: p.query || undefined, page: p.page, pageSize: p.pageSize },
      }),
    placeholderData: keepPreviousData,
    retry: (n, e) => n < 2 && !(e as { status?: number }).status,
  });
}

export function useQueueComplaint(id: string) {
  return useQuery({
    queryKey: complaintKeys.queueDetail(id),
    queryFn: ({ signal }): Promise<DepartmentComplaint> =>
      api.get(`/Department/complaints/${pathParam('id', id)}`, {
        signal,
        answer: (c) => c.complaints.departmentComplaint,
      }),
    retry: (n, e) => n < 2 && !(e as { status?: number }).status,
  });
}

/** POST Department/complaints/{id}/answer: a message and / or a status; the user is mailed. */
export function useAnswerComplaint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: string } & ComplaintAnswerInput): Promise<DepartmentComplaint> =>
      api.post(
        `/Department/complaints/${pathParam('id', v.id)}/answer`,
        { ...(v.message ? { message: v.message } : {}), ...(v.status ? { status: v.status } : {}) },
        { answer: (c) => c.complaints.departmentComplaint },
      ),
    onSuccess: (d) => queryClient.setQueryData(complaintKeys.queueDetail(d.id), d),
    onSettled: () => queryClient.invalidateQueries({ queryKey: complaintKeys.all }),
  });
}
