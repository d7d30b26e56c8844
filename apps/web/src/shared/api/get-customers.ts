import type { Customer } from '@mp/contract/api/customers';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './client';

export type { Customer };

export const customerKeys = {
  all: ['customers'] as const,
  list: (q: string) => [...customerKeys.all, 'list', q] as const,
};

/** GET /api/v2.0/Customers?q=: the customers the caller may pick (a location's or a user's customer). */
export async function getCustomers(q: string, signal?: AbortSignal): Promise<Customer[]> {
  const body = await api.get('/Customers', {
    signal,
    query: q.trim() ? { q: q.trim() } : undefined,
    answer: (c) => c.customers.customerList,
  });
  return body?.customers ?? [];
}

export const customersQueryOptions = (q: string) =>
  queryOptions({
    queryKey: customerKeys.list(q.trim()),
    queryFn: ({ signal }) => getCustomers(q, signal),
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });

/** The customers matching `q` (all the caller may pick when empty); keeps the last answer while typing. */
export function useCustomers(q = '') {
  return useQuery(customersQueryOptions(q));
}
