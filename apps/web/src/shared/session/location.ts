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

/**
 * Whether the server's default location (the only one, else the last chosen) may be taken now: once per sign-in on
 * this device, kept across reloads and tabs, so a choice cleared afterwards stays cleared until the next sign-in.
 */
export function takeLocationDefault(userId: string): boolean {
  const taken = readStored(storageKeys.locationDefault, (raw) => (typeof raw === 'string' ? raw : null));
  if (taken === userId) return false;
  writeStored(storageKeys.locationDefault, userId);
  return true;
}

// Logout and expiry clear the location (product §4), and the next sign-in takes the default again.
onSessionEnd(() => {
  selectLocation(null);
  writeStored(storageKeys.locationDefault, null);
});
