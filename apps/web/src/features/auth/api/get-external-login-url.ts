import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { isApiError } from '../../../shared/api/errors';
import { authKeys } from './keys';

/** GET /api/v2.0/Auth/external-login-url?redirectUrl= → { url }; 404 when no external provider is configured (null). */
export async function getExternalLoginUrl(redirectUrl: string, signal?: AbortSignal): Promise<string | null> {
  try {
    const body = await api.get('/Auth/external-login-url', {
      query: { redirectUrl },
      signal,
      auth: false,
      answer: (c) => c.auth.externalLoginUrl,
    });
    return body?.url ?? null;
  } catch (e) {
    if (isApiError(e) && e.status === 404) return null;
    throw e;
  }
}

export const externalLoginUrlQueryOptions = (redirectUrl: string) =>
  queryOptions({
    queryKey: authKeys.externalLoginUrl(redirectUrl),
    queryFn: ({ signal }) => getExternalLoginUrl(redirectUrl, signal),
    staleTime: 60_000,
    retry: false,
  });

/** Only when the app config says a provider is configured (`enabled`): otherwise no call is made. */
export function useExternalLoginUrl(redirectUrl: string, enabled: boolean) {
  return useQuery({ ...externalLoginUrlQueryOptions(redirectUrl), enabled });
}
