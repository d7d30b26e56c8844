import { useSearchParams } from 'react-router';

/**
 * A list's filters and page in the address (`?status=open&q=hek&page=2`), so a reload, back or a shared link shows
 * the same list. `set` writes some of them (an empty value removes it) and goes back to the first page unless it
 * sets the page itself or `keepPage`; it replaces the history entry unless `push` (e.g. opening a dialog, which
 * back should close).
 */
export function useUrlFilters() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const set = (
    next: Record<string, string | undefined>,
    { keepPage = false, push = false }: { keepPage?: boolean; push?: boolean } = {},
  ) =>
    setParams(
      (prev) => {
        const p = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(next)) {
          if (v) p.set(k, v);
          else p.delete(k);
        }
        if (!keepPage && !('page' in next)) p.delete('page');
        return p;
      },
      { replace: !push },
    );
  return {
    /** A filter's value, '' when it is not set. */
    get: (name: string) => params.get(name) ?? '',
    page,
    set,
    /** The page numbers' change: page 1 is no parameter. */
    setPage: (p: number) => set({ page: p > 1 ? String(p) : undefined }),
  };
}
