import { dehydrate, hydrate, type QueryClient } from '@tanstack/react-query';
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import { stockKeys } from '../api/query-keys';
import { sessionStore } from '../session/session';
import { isKeptRead } from './kept-reads';

export { waitForNetworkOnKeptReads } from './kept-reads';

/*
 * The kept reads (kept-reads.ts) on the phone, for opening the portal without reception (decision 0031): TanStack
 * Query's own dehydrate/hydrate into IndexedDB, one entry per user. Each query keeps the time it was fetched
 * (dataUpdatedAt), which the offline notice shows. Another user on the same browser never gets them (the entry is
 * the user's, and a session's end — logout, expiry, a refused renewal — deletes them all).
 */

type Dehydrated = ReturnType<typeof dehydrate>;

interface ReadsDb extends DBSchema {
  reads: { key: string; value: Dehydrated };
}

/** At most this many stock pages (a page per location, filter and page number) are kept. */
const STOCK_PAGES_KEPT = 20;
const SAVE_DELAY_MS = 500;

let db: Promise<IDBPDatabase<ReadsDb>> | null = null;
const open = () => {
  db ??= openDB<ReadsDb>('mp-offline-reads', 1, {
    upgrade(d) {
      d.createObjectStore('reads');
    },
  });
  return db;
};

/**
 * Puts the user's kept reads into the cache (an answer already there and newer stays), each marked stale: a kept answer
 * is what the server said then, never fresh — with reception back (or the server found reachable after all) every
 * page reads again, instead of showing for its 30 s of freshness a list as it was before the last change (a removal
 * list kept empty just before a line was added, restored when a request without an answer marked the server
 * unreachable for a moment).
 */
export async function restoreOfflineReads(queryClient: QueryClient, userId: string): Promise<void> {
  const state = await (await open()).get('reads', userId);
  if (!state) return;
  hydrate(queryClient, state);
  const kept = new Map(state.queries.map((q) => [q.queryHash, q.state.dataUpdatedAt]));
  await queryClient.invalidateQueries({
    predicate: (q) => kept.get(q.queryHash) === q.state.dataUpdatedAt,
    refetchType: 'none',
  });
}

type KeptQuery = Dehydrated['queries'][number];

const isStockPage = (q: KeptQuery) => stockKeys.lists().every((part, i) => q.queryKey[i] === part);

/**
 * Writes the signed-in user's kept reads: what the cache holds now over what was kept before (the newer answer of
 * each query wins), so what this page never restored or has dropped from its cache is not lost; the most recent
 * stock pages only.
 */
export async function saveOfflineReads(queryClient: QueryClient): Promise<void> {
  const userId = sessionStore.get()?.user.id;
  if (!userId) return;
  const now = dehydrate(queryClient, {
    shouldDehydrateQuery: (q) => q.state.status === 'success' && isKeptRead(q.queryKey),
  });
  const tx = (await open()).transaction('reads', 'readwrite');
  const kept = new Map((await tx.store.get(userId))?.queries.map((q) => [q.queryHash, q]));
  for (const q of now.queries) {
    const before = kept.get(q.queryHash);
    if (!before || before.state.dataUpdatedAt <= q.state.dataUpdatedAt) kept.set(q.queryHash, q);
  }
  const newestFirst = [...kept.values()].sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt);
  const oldStockPages = new Set(newestFirst.filter(isStockPage).slice(STOCK_PAGES_KEPT));
  const queries = newestFirst.filter((q) => !oldStockPages.has(q));
  await tx.store.put({ ...now, queries }, userId);
  await tx.done;
}

/** Deletes every user's kept reads (a session ended). */
export async function forgetOfflineReads(): Promise<void> {
  await (await open()).clear('reads');
}

/**
 * Saves the kept reads shortly after each answer of one arrives, and at once when the page is left or hidden (a
 * reload, another address typed, the phone locked) with a save still due; returns the unsubscribe.
 */
export function keepOfflineReads(queryClient: QueryClient): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const save = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    void saveOfflineReads(queryClient).catch((e) => console.error('offline reads not saved', e));
  };
  const flush = () => {
    if (timer) save();
  };
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') flush();
  };
  window.addEventListener('pagehide', flush);
  document.addEventListener('visibilitychange', onVisibility);
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success' || !isKeptRead(event.query.queryKey))
      return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(save, SAVE_DELAY_MS);
  });
  return () => {
    unsubscribe();
    window.removeEventListener('pagehide', flush);
    document.removeEventListener('visibilitychange', onVisibility);
  };
}
