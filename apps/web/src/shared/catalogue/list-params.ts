import { DEFAULT_PAGE_SIZE, pageSizes } from '@mp/contract/rules/limits';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/** Filters and paging of the catalogue and the search results, kept in the address (back from Details restores them). */
export interface ListParams {
  bool: string[];
  dayMin?: number;
  dayMax?: number;
  weekMin?: number;
  weekMax?: number;
  page: number;
  pageSize: number;
}

export type RangeKey = 'day' | 'week';

const num = (v: string | null): number | undefined => {
  if (v === null || v === '') return undefined;
  const n = Number(v);
  return Number.isFinite(n) && n >= 0 ? n : undefined;
};

export function parseListParams(sp: URLSearchParams): ListParams {
  const size = Number(sp.get('size'));
  const page = Number(sp.get('page'));
  return {
    bool: (sp.get('bool') ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    dayMin: num(sp.get('dayMin')),
    dayMax: num(sp.get('dayMax')),
    weekMin: num(sp.get('weekMin')),
    weekMax: num(sp.get('weekMax')),
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    pageSize: (pageSizes as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
  };
}

export function hasFilters(p: ListParams): boolean {
  return (
    p.bool.length > 0 ||
    p.dayMin !== undefined ||
    p.dayMax !== undefined ||
    p.weekMin !== undefined ||
    p.weekMax !== undefined
  );
}

export function useListParams() {
  const [sp, setSp] = useSearchParams();
  const params = useMemo(() => parseListParams(sp), [sp]);

  const update = useCallback(
    (change: (next: URLSearchParams) => void, resetPage = true) => {
      setSp(
        (prev) => {
          const next = new URLSearchParams(prev);
          change(next);
          if (resetPage) next.delete('page');
          return next;
        },
        { replace: true, preventScrollReset: true },
      );
    },
    [setSp],
  );

  const setOrDelete = (next: URLSearchParams, key: string, value: string | number | undefined) => {
    if (value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) next.delete(key);
    else next.set(key, String(value));
  };

  return {
    params,
    toggleBool: (attributeId: string, on: boolean) =>
      update((next) => {
        const set = new Set(parseListParams(next).bool);
        if (on) set.add(attributeId);
        else set.delete(attributeId);
        setOrDelete(next, 'bool', [...set].join(','));
      }),
    setRange: (key: RangeKey, min: number | undefined, max: number | undefined) =>
      update((next) => {
        setOrDelete(next, `${key}Min`, min);
        setOrDelete(next, `${key}Max`, max);
      }),
    clearFilters: () =>
      update((next) => {
        for (const k of ['bool', 'dayMin', 'dayMax', 'weekMin', 'weekMax']) next.delete(k);
      }),
    setPage: (page: number) =>
      update((next) => {
        if (page <= 1) next.delete('page');
        else next.set('page', String(page));
      }, false),
    setPageSize: (size: number) =>
      update((next) => {
        if (size === DEFAULT_PAGE_SIZE) next.delete('size');
        else next.set('size', String(size));
      }),
  };
}
