import { EMPTY_GUID } from '@mp/contract';
import type { Category } from '@mp/contract/api/catalogue';

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

export function findCategory(all: readonly Category[], id: string): Category | undefined {
  return all.find((c) => same(c.id, id));
}

export function childrenOf(all: readonly Category[], parent: string): Category[] {
  return all.filter((c) => same(c.parent, parent) && !same(c.id, parent));
}

/** The ancestors of a category, root first (without the category itself). */
export function ancestorsOf(all: readonly Category[], id: string): Category[] {
  const out: Category[] = [];
  const seen = new Set<string>();
  let current = findCategory(all, id);
  while (current && !same(current.parent, EMPTY_GUID) && !seen.has(current.parent.toLowerCase())) {
    seen.add(current.parent.toLowerCase());
    const parent = findCategory(all, current.parent);
    if (!parent) break;
    out.unshift(parent);
    current = parent;
  }
  return out;
}
