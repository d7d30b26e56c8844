import type { FooterColumn } from '@mp/contract/api/shell';
import type { Locale } from '@mp/contract/i18n/locales';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { localeStore } from '../../../shared/i18n/locale';
import { useStore } from '../../../shared/lib/store';

export const footerKeys = {
  all: ['footers'] as const,
  lists: () => [...footerKeys.all, 'list'] as const,
  list: (locale: Locale) => [...footerKeys.lists(), locale] as const,
};

const order: FooterColumn['columnName'][] = ['footer_column_one', 'footer_column_two', 'footer_column_three'];

/** GET /api/v2.0/Footers?locale=: the three footer columns of a locale, in column order. */
export async function getFooters(locale: Locale, signal?: AbortSignal): Promise<FooterColumn[]> {
  const body = await api.get('/Footers', {
    query: { locale },
    signal,
    auth: false,
    answer: (c) => c.shell.footerList,
  });
  return [...(body?.footers ?? [])].sort((a, b) => order.indexOf(a.columnName) - order.indexOf(b.columnName));
}

export const footersQueryOptions = (locale: Locale) =>
  queryOptions({
    queryKey: footerKeys.list(locale),
    queryFn: ({ signal }) => getFooters(locale, signal),
    staleTime: 10 * 60_000,
    retry: false,
  });

export function useFooters() {
  const locale = useStore(localeStore);
  return useQuery(footersQueryOptions(locale));
}
