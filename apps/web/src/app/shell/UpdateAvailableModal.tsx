import { lazy, Suspense, useEffect, useState } from 'react';
import { useAppConfig } from '../../shared/api/get-app-config';
import { useStore } from '../../shared/lib/store';
import { isOnline } from '../../shared/offline/online';
import { reloadToNewVersion, updateWaitingStore } from '../service-worker';

const UpdateDialog = lazy(() => import('./UpdateDialog'));

const isReal = (id: string | undefined): id is string => !!id && id !== 'dev' && id !== 'test';

/**
 * Asks to refresh when a new build is deployed: AppConfig is polled (every 5 minutes and on focus) and its
 * buildId compared with the one this code was built with; a failed chunk load after a deployment asks too, and so
 * does a new version's service worker that has installed and waits (decision 0031). Reload lets that worker take over
 * first, so every file after the reload is the new build's.
 * The dialog's code loads only when it is needed.
 */
export function UpdateAvailableModal() {
  const config = useAppConfig();
  const [dismissed, setDismissed] = useState<string | null>(null);
  const [chunkFailed, setChunkFailed] = useState(false);
  const workerWaiting = useStore(updateWaitingStore);

  useEffect(() => {
    const onPreloadError = (event: Event) => {
      // offline a chunk not on the phone fails to load: not a new version (its importer copes: AppLayout)
      if (!isOnline()) return;
      event.preventDefault();
      setChunkFailed(true);
    };
    window.addEventListener('vite:preloadError', onPreloadError);
    return () => window.removeEventListener('vite:preloadError', onPreloadError);
  }, []);

  const serverBuild = config.data?.buildId;
  const outdated =
    isReal(__BUILD_ID__) && isReal(serverBuild) && serverBuild !== __BUILD_ID__ && dismissed !== serverBuild;
  if (!outdated && !chunkFailed && !workerWaiting) return null;
  return (
    <Suspense fallback={null}>
      <UpdateDialog
        onReload={reloadToNewVersion}
        onClose={() => {
          setDismissed(serverBuild ?? null);
          setChunkFailed(false);
          updateWaitingStore.set(false);
        }}
      />
    </Suspense>
  );
}
