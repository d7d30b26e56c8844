import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { corporateIdentityKeys } from '../api/get-corporate-identity';
import { plantLocationKeys } from '../api/get-plant-locations';
import { settingsKeys } from '../api/get-settings';
import { orderListKeys } from '../api/order-lists/keys';
import { stockKeys } from '../api/query-keys';
import { removalListKeys } from '../api/removal-lists';

/*
 * What is readable offline (issue #36 point 4, decision 0031): the pages' data — the stock on site of the user's
 * locations, the order lists and the removal list, as last viewed — and what the shell needs to draw them (the
 * user's locations, the settings, the corporate identity). Nothing else is kept: no other answer outlives the tab.
 */

/** The pages' data; the offline notice gives the time these were fetched. */
export const pageReads: readonly QueryKey[] = [
  stockKeys.lists(),
  orderListKeys.lists(),
  orderListKeys.details(),
  removalListKeys.details(),
];

const shellReads: readonly QueryKey[] = [
  plantLocationKeys.lists(),
  settingsKeys.all,
  corporateIdentityKeys.all,
];

export const keptReads: readonly QueryKey[] = [...pageReads, ...shellReads];

const startsWith = (key: QueryKey, prefix: QueryKey) => prefix.every((part, i) => key[i] === part);

export const isKeptRead = (key: QueryKey): boolean => keptReads.some((p) => startsWith(key, p));
export const isPageRead = (key: QueryKey): boolean => pageReads.some((p) => startsWith(key, p));

/**
 * The kept pages' data waits for the network when it is gone (TanStack's `online` mode: not even tried offline, the
 * query pauses until the browser is online again) instead of failing at once like every other query (providers.tsx):
 * the kept answer stays on the page, marked with the time it was fetched, and the page refreshes by itself when
 * reception returns; nothing kept, the page's loading block says it is not available offline. The shell's kept reads
 * fail at once like the rest and keep their kept answer: the start-up (boot.ts, the guards) awaits them and must not
 * wait for a network.
 */
export function waitForNetworkOnKeptReads(queryClient: QueryClient): void {
  for (const queryKey of pageReads) queryClient.setQueryDefaults(queryKey, { networkMode: 'online' });
}
