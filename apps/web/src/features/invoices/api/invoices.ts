import type {
  CreditMemoBody,
  InvoiceDetail,
  InvoiceLine,
  InvoiceList,
  InvoiceSummary,
  InvoicingRunResult,
} from '@mp/contract/api/invoices';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, pathParam } from '../../../shared/api/client';

export type { InvoiceDetail, InvoiceLine, InvoiceSummary, InvoicingRunResult };

export interface InvoiceListParams {
  /** null: every location of mine. */
  locationNo: string | null;
  kind?: string;
  status?: string;
  from?: string;
  until?: string;
  query?: string;
  page: number;
  pageSize: number;
}

export const invoiceKeys = {
  all: ['invoices'] as const,
  list: (p: InvoiceListParams) => [...invoiceKeys.all, 'list', p] as const,
  detail: (id: string) => [...invoiceKeys.all, 'detail', id] as const,
};

/** The list's filter as query parameters (the list and its export take the same). */
export function invoiceQuery(p: Omit<InvoiceListParams, 'page' | 'pageSize'>) {
  return {
    plantLocation: p.locationNo ?? undefined,
    kind: p.kind || undefined,
    status: p.status || undefined,
    from: p.from || undefined,
    until: p.until || undefined,
    query: p.query || undefined,
  };
}

/** GET /api/v2.0/SalesInvoices. */
export function useInvoices(p: InvoiceListParams | null) {
  return useQuery({
    queryKey: invoiceKeys.list(p ?? { locationNo: null, page: 1, pageSize: 25 }),
    queryFn: ({ signal }): Promise<InvoiceList> =>
      api.get('/SalesInvoices', {
        signal,
        answer: (c) => c.invoices.invoiceList,
        query: { ...invoiceQuery(p as InvoiceListParams), page: p?.page, pageSize: p?.pageSize },
      }),
    enabled: p !== null,
    placeholderData: keepPreviousData,
  });
}

/** GET /api/v2.0/SalesInvoices/{id}. */
export function useInvoice(id: string | null) {
  return useQuery({
    queryKey: invoiceKeys.detail(id ?? ''),
    queryFn: ({ signal }): Promise<InvoiceDetail> =>
      api.get(`/SalesInvoices/${pathParam('id', id ?? '')}`, {
        signal,
        answer: (c) => c.invoices.invoiceDetail,
      }),
    enabled: id !== null,
  });
}

/** POST /api/v2.0/Department/invoicing-runs. */
export function useInvoicingRun() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { month: string; locations?: string[] }): Promise<InvoicingRunResult> =>
      api.post('/Department/invoicing-runs', body, { answer: (c) => c.invoices.invoicingRunResult }),
    onSuccess: () => qc.invalidateQueries({ queryKey: invoiceKeys.all }),
  });
}

/** POST /api/v2.0/Department/invoices/{id}/credit-memo. */
export function useCreditMemo(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreditMemoBody): Promise<{ id: string; documentNo: string }> =>
      api.post(`/Department/invoices/${pathParam('id', id)}/credit-memo`, body, {
        answer: (c) => c.invoices.creditMemoResult,
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: invoiceKeys.all }),
  });
}

/** POST /api/v2.0/Department/invoices/{id}/status. */
export function useInvoiceStatus(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (status: 'open' | 'paid'): Promise<null> =>
      api.post(
        `/Department/invoices/${pathParam('id', id)}/status`,
        { status },
        { answer: (c) => c.common.noContent },
      ),
    onSuccess: () => qc.invalidateQueries({ queryKey: invoiceKeys.all }),
  });
}
