import { type CSSVariablesResolver, MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo } from 'react';
import { I18nextProvider } from 'react-i18next';
import { isApiError } from '../shared/api/errors';
import { readerOf, useSettingsQuery } from '../shared/api/get-settings';
import { i18n } from '../shared/i18n/i18n';
import { type BrandColors, brandCssVariables, buildTheme, defaultBrand, validHex } from './theme';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // client errors (4xx) are answers, not hiccups: retry only network and server trouble
        retry: (count, error) =>
          count < 2 && !(isApiError(error) && error.status >= 400 && error.status < 500),
      },
    },
  });
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
