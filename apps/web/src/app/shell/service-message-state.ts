import type { ServiceMessageDisplayState } from '@mp/contract/rules/service-messages';
import { isRecord, readStored, storageKeys, writeStored } from '../../shared/lib/storage';
import { createStore } from '../../shared/lib/store';

function parse(raw: unknown): ServiceMessageDisplayState | null {
  if (!isRecord(raw)) return null;
  const viewedIds = Array.isArray(raw.viewedIds)
    ? raw.viewedIds.filter((v): v is string => typeof v === 'string')
    : [];
  const lastShownDay = isRecord(raw.lastShownDay)
    ? (Object.fromEntries(
        Object.entries(raw.lastShownDay).filter(([, v]) => typeof v === 'string'),
      ) as Record<string, string>)
    : {};
  return { viewedIds, lastShownDay };
}

/** Viewed service-message ids and the day the toasts last showed per locale (local storage, product §9). */
export const serviceMessageStateStore = createStore<ServiceMessageDisplayState>(
  readStored(storageKeys.serviceMessages, parse) ?? { viewedIds: [], lastShownDay: {} },
);

export function saveServiceMessageState(next: ServiceMessageDisplayState): void {
  writeStored(storageKeys.serviceMessages, next);
  serviceMessageStateStore.set(next);
}
