import type { QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { boot } from './boot';
import { Providers } from './providers';
import { createAppRouter } from './router';
import { syncSessionData } from './session-sync';
import { LoadingScreen } from './shell/LoadingScreen';

type AppRouter = ReturnType<typeof createAppRouter>;

let started: Promise<AppRouter> | null = null;

/** Boots once (StrictMode mounts twice): session refresh, settings, identity, texts; then the router starts. */
function start(queryClient: QueryClient): Promise<AppRouter> {
  started ??= (async () => {
    syncSessionData(queryClient);
    await boot(queryClient).catch((e) => console.error('start-up failed', e));
    return createAppRouter(queryClient);
  })();
  return started;
}

export function App({ queryClient }: { queryClient: QueryClient }) {
  const [router, setRouter] = useState<AppRouter | null>(null);
  useEffect(() => {
    let active = true;
    void start(queryClient).then((r) => active && setRouter(r));
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
