import type { QueryClient } from '@tanstack/react-query';
import { removalListKeys } from '../features/removal-list/api/get-removal-list';
import { settingsKeys } from '../shared/api/get-settings';
import { orderListKeys } from '../shared/api/order-lists/keys';
import { selectedLocationStore } from '../shared/session/location';
import { onSessionEnd, sessionStore } from '../shared/session/session';

/**
 * Keeps cached data in step with the session (product §4):
 * - selecting a location reloads the order list and removal list; clearing it empties both;
 * - logout or expiry clears location, order list and removal list (and everything else the user saw).
 */
export function syncSessionData(queryClient: QueryClient): () => void {
  const dropLists = () => {
    queryClient.removeQueries({ queryKey: orderListKeys.all });
    queryClient.removeQueries({ queryKey: removalListKeys.all });
  };
  let previous = selectedLocationStore.get()?.locationNo ?? null;
  const offLocation = selectedLocationStore.subscribe(() => {
    const next = selectedLocationStore.get()?.locationNo ?? null;
    if (next === previous) return;
    previous = next;
    if (next === null) dropLists();
    else {
      void queryClient.invalidateQueries({ queryKey: orderListKeys.all });
      void queryClient.invalidateQueries({ queryKey: removalListKeys.all });
    }
  });
  const offEnd = onSessionEnd(() => {
    dropLists();
    // what was kept for offline use is the user's alone (decision 0031)
    void import('../shared/offline/reads')
      .then((reads) => reads.forgetOfflineReads())
      .catch((e) => console.error('offline reads not deleted', e));
    const keep = new Set(['settings', 'corporate-identity', 'app-config']);
    queryClient.removeQueries({ predicate: (q) => !keep.has(String(q.queryKey[0])) });
  });
  let user = sessionStore.get()?.user.id ?? null;
  const offUser = sessionStore.subscribe(() => {
    const next = sessionStore.get()?.user.id ?? null;
    if (next === user) return;
    user = next;
    // what a viewer may see differs (public subset vs all settings)
    void queryClient.invalidateQueries({ queryKey: settingsKeys.all });
  });
  return () => {
    offLocation();
    offEnd();
    offUser();
  };
}
