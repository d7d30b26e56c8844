import type { AppConfig } from '@mp/contract/api/shell';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './client';

export type { AppConfig };

export const appConfigKeys = { all: ['app-config'] as const };

export const getAppConfig = (signal?: AbortSignal) =>
  api.get('/AppConfig', { signal, auth: false, answer: (c) => c.shell.appConfig });

export const appConfigQueryOptions = () =>
  queryOptions({
    queryKey: appConfigKeys.all,
    queryFn: ({ signal }) => getAppConfig(signal),
    staleTime: 60_000,
  });

/** Polls every 5 minutes and when the window gets focus (the update-available check). */
export function useAppConfig() {
  return useQuery({
    ...appConfigQueryOptions(),
    refetchInterval: 5 * 60_000,
    refetchOnWindowFocus: 'always',
    retry: false,
  });
}
