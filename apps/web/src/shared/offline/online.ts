import { useSyncExternalStore } from 'react';

/**
 * Whether the browser believes it has a network (issue #36 point 4). `navigator.onLine` is false only when there
 * is certainly no network; true may still mean no reception (a request then fails with a TypeError): callers that
 * send treat a failed fetch as offline too. One source for the banner, the offline reads and the offline queue.
 */
export function isOnline(): boolean {
  return typeof navigator === 'undefined' ? true : navigator.onLine;
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** Re-renders when the browser goes online or offline. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true);
}
