import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './client';

export const corporateIdentityKeys = { all: ['corporate-identity'] as const };

/** GET /api/v2.0/CorporateIdentity: logo, banner and favicon images. */
export const getCorporateIdentity = (signal?: AbortSignal) =>
  api.get('/CorporateIdentity', {
    signal,
    auth: false,
    answer: (c) => c.shell.corporateIdentity,
  });

export const corporateIdentityQueryOptions = () =>
  queryOptions({
    queryKey: corporateIdentityKeys.all,
    queryFn: ({ signal }) => getCorporateIdentity(signal),
    staleTime: 10 * 60_000,
  });

export function useCorporateIdentity() {
  return useQuery(corporateIdentityQueryOptions());
}
