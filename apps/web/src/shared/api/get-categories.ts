import type { Category } from '@mp/contract/api/catalogue';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { localeStore } from '../i18n/locale';
import { useStore } from '../lib/store';
import { api } from './client';

export const categoryKeys = {
  all: ['categories'] as const,
  lists: () => [...categoryKeys.all, 'list'] as const,
  list: (locale: string) => [...categoryKeys.lists(), locale] as const,
};

/** GET /api/v2.0/Categories: every category, depth first in display order. */
export async function getCategories(signal?: AbortSignal): Promise<Category[]> {
  const body = await api.get('/Categories', {
    signal,
    answer: (c) => c.catalogue.categoryList,
  });
  return body?.categories ?? [];
}

export const categoriesQueryOptions = (locale: string) =>
  queryOptions({
    queryKey: categoryKeys.list(locale),
    queryFn: ({ signal }) => getCategories(signal),
    staleTime: 10 * 60_000,
  });

export function useCategories() {
  const locale = useStore(localeStore);
  return useQuery(categoriesQueryOptions(locale));
}
