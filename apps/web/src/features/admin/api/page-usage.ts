import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';

/** GET /api/v2.0/statistics?daysInPast=: page views per page per day (admins and AppRapportage). */
export function usePageUsage(daysInPast: number) {
  return useQuery({
    queryKey: ['statistics', 'page-usage', daysInPast] as const,
    queryFn: ({ signal }) =>
      api.get('/statistics', {
        query: { daysInPast },
        signal,
        answer: (c) => c.statistics.pageStatsResponse,
      }),
    placeholderData: keepPreviousData,
  });
}
