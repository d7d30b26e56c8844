import type { Facets } from '@mp/contract/api/catalogue';

export type BooleanGroup = Facets['booleanGroups'][number];
export type BooleanOption = BooleanGroup['options'][number];

/** Options a boolean group shows before "more" (product §2). */
export const INITIAL_OPTIONS = 3;

/**
 * The boolean filters to offer (product §4): without a chosen option the initial filters of the unfiltered
 * list; once an option is chosen the others narrow to those the filtered list still has (count > 0, counts
 * of the filtered list). Chosen options always stay, so they can be unchecked; unchecking the last one
 * restores the initial filters. Order follows the initial filters.
 */
export function visibleBooleanGroups(
  initial: readonly BooleanGroup[],
  current: readonly BooleanGroup[] | undefined,
  selected: readonly string[],
): BooleanGroup[] {
  if (selected.length === 0 || !current) {
    return initial.map((g) => ({
      ...g,
      options: g.options.map((o) => ({ ...o, selected: selected.includes(o.attributeId) })),
    }));
  }
  const now = new Map<string, BooleanOption>();
  for (const g of current) for (const o of g.options) now.set(o.attributeId, o);
  const out: BooleanGroup[] = [];
  const seen = new Set<string>();
  for (const g of initial) {
    const options: BooleanOption[] = [];
    for (const o of g.options) {
      seen.add(o.attributeId);
      const c = now.get(o.attributeId);
      const isSelected = selected.includes(o.attributeId);
      if (isSelected) options.push({ ...o, count: c?.count ?? 0, selected: true });
      else if (c && c.count > 0) options.push({ ...c, selected: false });
    }
    if (options.length > 0) out.push({ ...g, options });
  }
  // options the initial filters did not have (should not happen, but never hide a chosen one)
  for (const g of current) {
    const extra = g.options.filter(
      (o) => !seen.has(o.attributeId) && (o.count > 0 || selected.includes(o.attributeId)),
    );
    if (extra.length)
      out.push({ ...g, options: extra.map((o) => ({ ...o, selected: selected.includes(o.attributeId) })) });
  }
  return out;
}

/** The options a group shows: the first three (plus any chosen one beyond them), or all when expanded. */
export function shownOptions(group: BooleanGroup, expanded: boolean): BooleanOption[] {
  if (expanded || group.options.length <= INITIAL_OPTIONS) return group.options;
  return group.options.filter((o, i) => i < INITIAL_OPTIONS || o.selected);
}
