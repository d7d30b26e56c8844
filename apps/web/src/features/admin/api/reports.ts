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
