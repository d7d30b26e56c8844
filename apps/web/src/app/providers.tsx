import { type CSSVariablesResolver, MantineProvider } from '@mantine/core';
import { onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo } from 'react';
import { I18nextProvider } from 'react-i18next';
import { isApiError } from '../shared/api/errors';
import { readerOf, useSettingsQuery } from '../shared/api/get-settings';
import { i18n } from '../shared/i18n/i18n';
import { isOnline } from '../shared/offline/online';
import { type BrandColors, brandCssVariables, buildTheme, defaultBrand, validHex } from './theme';

/**
 * Offline (decision 0031) a query or a change is tried at once and fails with the network error, never paused: a
 * page that has nothing cached says it needs a connection instead of loading forever, and a change is never held
 * back to be sent later behind the user's back (the offline queue, shared/offline/queue*, does that for the few
 * changes it owns, visibly). The reads kept for offline use wait for the network instead (shared/offline/kept-reads.ts,
 * set by App.tsx's start).
 */
export function createQueryClient(): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        networkMode: 'always',
        // client errors (4xx) are answers, not hiccups: retry only network and server trouble, and not offline
        retry: (count, error) =>
          count < 2 && isOnline() && !(isApiError(error) && error.status >= 400 && error.status < 500),
      },
      mutations: { networkMode: 'always' },
    },
  });
  // TanStack's idea of online is shared/offline/online.ts's (navigator.onLine, also when the page opened without a
  // network), followed from now on rather than from the first render
  onlineManager.setEventListener((setOnline) => {
    const follow = () => setOnline(isOnline());
    follow();
    window.addEventListener('online', follow);
    window.addEventListener('offline', follow);
    return () => {
      window.removeEventListener('online', follow);
      window.removeEventListener('offline', follow);
    };
  });
  return client;
}

/** The corporate-identity colours from the settings become the Mantine theme at run time. */
function BrandTheme({ children }: { children: ReactNode }) {
  const { data } = useSettingsQuery();
  const brand: BrandColors = useMemo(() => {
    const s = readerOf(data);
    if (!data) return defaultBrand;
    return {
      primary: validHex(s.str('PrimaryColor'), defaultBrand.primary),
      primaryDarker: validHex(s.str('PrimaryColorDarker'), defaultBrand.primaryDarker),
      primaryText: validHex(s.str('PrimaryTextColor'), defaultBrand.primaryText),
      secondary: validHex(s.str('SecondaryColor'), defaultBrand.secondary),
      secondaryDarker: validHex(s.str('SecondaryColorDarker'), defaultBrand.secondaryDarker),
      secondaryText: validHex(s.str('SecondaryTextColor'), defaultBrand.secondaryText),
    };
  }, [data]);
  const theme = useMemo(() => buildTheme(brand), [brand]);
  const resolver: CSSVariablesResolver = useMemo(() => {
    const variables = brandCssVariables(brand);
    // Mantine's dimmed and placeholder greys and its error red are below 4.5:1 on white: darker ones for readable
    // secondary text and field errors (the red of an invalid field's border and message)
    return () => ({
      variables,
      light: {
        '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
        '--mantine-color-placeholder': '#6b7280',
        '--mantine-color-error': 'var(--mantine-color-red-9)',
      },
      dark: {},
    });
  }, [brand]);
  useEffect(() => {
    document.querySelector('meta[name="theme-color"]')?.setAttribute('content', brand.primaryDarker);
  }, [brand]);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={resolver} forceColorScheme="light">
      {children}
    </MantineProvider>
  );
}

export function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <BrandTheme>{children}</BrandTheme>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
