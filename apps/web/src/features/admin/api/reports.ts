import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';

/** GET /api/v2.0/Reports with the page's scope and months (AppRapportage). */
export function useReports(query: Record<string, string | undefined>) {
  const clean = Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined)) as Record<
    string,
    string
  >;
  return useQuery({
    queryKey: ['reports', clean] as const,
    queryFn: ({ signal }) =>
      api.get('/Reports', { query: clean, signal, answer: (c) => c.reports.reportAnswer }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/v2.0/Reports/costs: the cost on site across a customer's locations (issue #37 point 1). */
export function useCustomerCosts(customerId: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: ['reports', 'costs', customerId ?? null] as const,
    queryFn: ({ signal }) =>
      api.get('/Reports/costs', {
        query: customerId ? { customerId } : {},
        signal,
        answer: (c) => c.costs.customerCosts,
      }),
    enabled,
  });
}
