import { isRecord, readStored, storageKeys, writeStored } from '../lib/storage';
import { createStore } from '../lib/store';
import { onSessionEnd } from './session';

/** The selected project location (persisted, product §9). */
export interface SelectedLocation {
  locationNo: string;
  label: string;
}

function parse(raw: unknown): SelectedLocation | null {
  if (!isRecord(raw) || typeof raw.locationNo !== 'string' || typeof raw.label !== 'string') return null;
  return { locationNo: raw.locationNo, label: raw.label };
}

export const selectedLocationStore = createStore<SelectedLocation | null>(
  readStored(storageKeys.location, parse),
);

export function selectLocation(location: SelectedLocation | null): void {
  writeStored(storageKeys.location, location);
  selectedLocationStore.set(location);
}

// Logout and expiry clear the location (product §4).
onSessionEnd(() => selectLocation(null));
