import { Workbox } from 'workbox-window';

/** How long "reload" waits for a new worker to download the new build before reloading anyway. */
const INSTALL_WAIT_MS = 60_000;

/** The worker's state: installed (waiting) or gone. */
function installed(worker: ServiceWorker): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), INSTALL_WAIT_MS);
    const check = () => {
      if (worker.state === 'installing') return;
      clearTimeout(timer);
      worker.removeEventListener('statechange', check);
      resolve(worker.state === 'installed');
    };
    worker.addEventListener('statechange', check);
    check();
  });
}

/**
 * Registers /sw.js (Workbox's generateSW, vite.config.ts) with scope /. `onWaiting` runs when a new version's worker
 * has installed and waits. Only the page that asked for the update reloads when the new worker takes control; other
 * open pages get the update dialog from the build id (AppConfig) and reload when their user says so.
 */
export function register(onWaiting: () => void) {
  const wb = new Workbox('/sw.js', { scope: '/' });
  wb.addEventListener('waiting', () => onWaiting());
  // A browser that refuses service workers (storage blocked, some private modes; the e2e journeys block them) makes
  // the registration fail inside workbox-window: the portal then runs without one, and says so only in the console.
  const registration = wb.register().catch((e: unknown) => {
    console.warn('service worker not registered', e);
    return undefined;
  });
  let reloading = false;
  return {
    async activateNewest(): Promise<void> {
      const reg = await registration;
      if (reg) await reg.update().catch(() => undefined);
      const next =
        reg?.waiting ?? (reg?.installing && (await installed(reg.installing)) ? reg.waiting : null);
      if (!next) {
        window.location.reload();
        return;
      }
      navigator.serviceWorker.addEventListener('controllerchange', () => {
        if (reloading) return;
        reloading = true;
        window.location.reload();
      });
      // Workbox's generated worker calls skipWaiting() on this message
      next.postMessage({ type: 'SKIP_WAITING' });
    },
  };
}
