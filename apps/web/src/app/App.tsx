import type { QueryClient } from '@tanstack/react-query';
import { startTransition, useEffect, useState } from 'react';
import { matchPath, RouterProvider } from 'react-router';
import { boot } from './boot';
import { Providers } from './providers';
import { createAppRouter } from './router';
import { routeTable } from './routes';
import { syncSessionData } from './session-sync';
import { LoadingScreen } from './shell/LoadingScreen';

type AppRouter = ReturnType<typeof createAppRouter>;

let started: Promise<AppRouter> | null = null;

/** The code of the page the browser opened loads while the app boots, not after. */
function preloadFirstPage(): void {
  const def = routeTable.find((r) =>
    matchPath({ path: r.path, caseSensitive: false }, window.location.pathname),
  );
  void def?.page.load().catch(() => undefined);
}

/** Boots once (StrictMode mounts twice): session refresh, settings, identity, texts; then the router starts. */
function start(queryClient: QueryClient): Promise<AppRouter> {
  started ??= (async () => {
    syncSessionData(queryClient);
    preloadFirstPage();
    await Promise.all([
      boot(queryClient).catch((e) => console.error('start-up failed', e)),
      import('./styles').catch((e) => console.error('styles failed to load', e)),
    ]);
    return createAppRouter(queryClient);
  })();
  return started;
}

export function App({ queryClient }: { queryClient: QueryClient }) {
  const [router, setRouter] = useState<AppRouter | null>(null);
  useEffect(() => {
    let active = true;
    // a transition: React renders the whole shell in slices instead of one long task
    void start(queryClient).then((r) => active && startTransition(() => setRouter(r)));
    return () => {
      active = false;
    };
  }, [queryClient]);
  return (
    <Providers queryClient={queryClient}>
      {router ? <RouterProvider router={router} /> : <LoadingScreen />}
    </Providers>
  );
}
