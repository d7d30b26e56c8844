import { createStore } from '../shared/lib/store';

/**
 * The service worker (issue #36 point 4, decision 0031): registered after the first render, its code
 * (workbox-window, ./sw-register.ts) a chunk of its own, so the first page loads nothing more.
 * A new version's worker waits (Workbox `skipWaiting: false`) while the open pages keep the files of their own
 * build; `updateWaitingStore` says one waits, and the update dialog's "reload" activates it and reloads.
 */
export const updateWaitingStore = createStore(false);

interface Registered {
  /** Checks for a new worker, lets the waiting one take over, then reloads (a plain reload without a new one). */
  activateNewest: () => Promise<void>;
}

let registered: Promise<Registered | null> | null = null;

const supported = () =>
  import.meta.env.PROD && typeof navigator !== 'undefined' && 'serviceWorker' in navigator;

/** Registers the worker once the page has loaded and the browser is idle (never in the dev server or tests). */
export function registerServiceWorker(): void {
  if (!supported() || registered) return;
  registered = new Promise((resolve) => {
    const start = () =>
      import('./sw-register')
        .then((m) => resolve(m.register(() => updateWaitingStore.set(true))))
        .catch((e) => {
          console.error('service worker registration failed', e);
          resolve(null);
        });
    const whenIdle = () =>
      'requestIdleCallback' in window
        ? window.requestIdleCallback(start, { timeout: 3000 })
        : setTimeout(start, 1);
    if (document.readyState === 'complete') whenIdle();
    else window.addEventListener('load', whenIdle, { once: true });
  });
}

/**
 * Reloads into the newest version: with a service worker, first the new worker (fetched now if the browser has not
 * seen it yet) takes over — a plain reload would get the old build's index.html from the old worker's precache.
 */
export async function reloadToNewVersion(): Promise<void> {
  const sw = registered ? await registered : null;
  if (sw) await sw.activateNewest();
  else window.location.reload();
}
