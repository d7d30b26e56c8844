import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './client';

/** GET /api/v2.0/AppConfig */
export interface AppConfig {
  angularEnabled: boolean;
  version: string;
  buildId: string;
}

export const appConfigKeys = { all: ['app-config'] as const };

export const getAppConfig = (signal?: AbortSignal) =>
  api.get<AppConfig>('/AppConfig', { signal, auth: false });

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
