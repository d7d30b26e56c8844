import { addRecentlyViewed, type RecentlyViewedItem } from '@mp/contract/rules/recently-viewed';
import { isRecord, readStored, storageKeys, writeStored } from '../lib/storage';
import { createStore } from '../lib/store';

export type { RecentlyViewedItem };

function parse(raw: unknown): RecentlyViewedItem[] | null {
  if (!Array.isArray(raw)) return null;
  return raw.filter(
    (i): i is RecentlyViewedItem =>
      isRecord(i) &&
      typeof i.id === 'string' &&
      (i.kind === 'item' || i.kind === 'set') &&
      typeof i.description === 'string',
  );
}

/** Recently viewed items (10, newest first), kept in local storage. */
export const recentlyViewedStore = createStore<RecentlyViewedItem[]>(
  readStored(storageKeys.recentlyViewed, parse) ?? [],
);

/** Details and Set pages call this when they show an item. */
export function rememberViewed(item: RecentlyViewedItem): void {
  const next = addRecentlyViewed(recentlyViewedStore.get(), item);
  writeStored(storageKeys.recentlyViewed, next);
  recentlyViewedStore.set(next);
}
