/** Recently viewed items (product §4, §9): 10 items, newest first, duplicates removed. */

export const RECENTLY_VIEWED_MAX = 10;

export interface RecentlyViewedItem {
  /** The route id: materieelSoort for equipment kinds, the set id for sets. */
  id: string;
  kind: 'item' | 'set';
  description: string;
  imageUrl?: string | null;
}

export function addRecentlyViewed<T extends RecentlyViewedItem>(
  list: readonly T[],
  item: T,
  max: number = RECENTLY_VIEWED_MAX,
): T[] {
  const rest = list.filter((i) => !(i.id === item.id && i.kind === item.kind));
  return [item, ...rest].slice(0, max);
}
