import type { QueryClient } from '@tanstack/react-query';
import { matchPath, RouterProvider } from 'react-router';
import { i18n } from '../shared/i18n/i18n';
import { isOnline } from '../shared/offline/online';
import { storedSessionUser } from '../shared/session/session';
import { boot } from './boot';
import { Providers } from './providers';
import { createAppRouter } from './router';
import { routeTable } from './routes';
import { syncSessionData } from './session-sync';

export type AppRouter = ReturnType<typeof createAppRouter>;

/** The code of the page the browser opened loads while the app boots, not after. */
function preloadFirstPage(): void {
  const def = routeTable.find((r) =>
    matchPath({ path: r.path, caseSensitive: false }, window.location.pathname),
  );
  void def?.page.load().catch(() => undefined);
}

/**
 * Resolves once the router's first navigation (guards, page code) is done, so the first render is the page
 * itself. Subscribing also takes the update the router keeps for its first subscriber: otherwise
 * RouterProvider gets it when it subscribes and renders the whole app a second time for the same state.
 */
function firstNavigation(router: AppRouter): Promise<void> {
  return new Promise((resolve) => {
    let unsubscribe = () => {};
    const settle = () => {
      if (!router.state.initialized) return;
      unsubscribe();
      resolve();
    };
    // the kept update arrives during subscribe(), before its unsubscribe function is returned
    unsubscribe = router.subscribe(settle);
    settle();
  });
}

/**
 * What is kept for offline use (decision 0031; its code, with IndexedDB's, a chunk of its own, so the first page's
 * bytes do not grow): the kept reads wait for the network when it is gone, a browser that was signed in gets its
 * user's kept reads back before the first page, and every later answer of one is kept.
 */
async function offlineReads(queryClient: QueryClient): Promise<void> {
  const user = storedSessionUser();
  try {
    const reads = await import('../shared/offline/reads');
    reads.waitForNetworkOnKeptReads(queryClient);
    // Restored only offline (at the start, or when the connection goes later): online every page and the shell
    // show what the server says now — a kept answer counts as fresh, so an order list's amount kept before its last
    // save, or the locations before one was added, would show and could be edited from. Restored before anything
    // is kept: a save meanwhile would write the cache without what is being restored.
    if (user && !isOnline()) await reads.restoreOfflineReads(queryClient, user.id);
    window.addEventListener('offline', () => {
      const now = storedSessionUser();
      if (now) void reads.restoreOfflineReads(queryClient, now.id);
    });
    reads.keepOfflineReads(queryClient);
  } catch (e) {
    console.error('offline reads unavailable', e);
  }
}

/**
 * Boots (session refresh, settings, identity, texts, Mantine's styles), then starts the router. Meanwhile the
 * start-up screen of index.html shows: React renders once, when everything for the first page is there.
 */
export async function start(queryClient: QueryClient): Promise<AppRouter> {
  syncSessionData(queryClient);
  preloadFirstPage();
  await Promise.all([
    boot(queryClient).catch((e) => console.error('start-up failed', e)),
    import('./styles').catch((e) => console.error('styles failed to load', e)),
    offlineReads(queryClient),
  ]);
  // the start-up screen in the visitor's language for its last moments
  const label = document.querySelector('.boot-label');
  if (label && i18n.exists('shared.laden')) label.textContent = i18n.t('shared.laden');
  // a new task for the router (ranking all routes takes a while): two short tasks instead of one long one
  await new Promise((resolve) => setTimeout(resolve, 0));
  const router = createAppRouter(queryClient);
  await firstNavigation(router);
  return router;
}

export function App({ queryClient, router }: { queryClient: QueryClient; router: AppRouter }) {
  return (
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  );
}
