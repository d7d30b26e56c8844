/** Local storage (product §9): auth token, selected location, recently viewed, preferences, viewed service messages. */
export const storageKeys = {
  auth: 'mp.auth',
  location: 'mp.location',
  /** The user whose server-side default location was taken since this device's sign-in (issue #36). */
  locationDefault: 'mp.locationDefault',
  recentlyViewed: 'mp.recentlyViewed',
  preferences: 'mp.preferences',
  serviceMessages: 'mp.serviceMessages',
} as const;

export type StorageKey = (typeof storageKeys)[keyof typeof storageKeys];

export function readStored<T>(key: StorageKey, parse: (raw: unknown) => T | null): T | null {
  try {
    const raw = localStorage.getItem(key);
    return raw === null ? null : parse(JSON.parse(raw));
  } catch {
    return null;
  }
}

export function writeStored(key: StorageKey, value: unknown): void {
  try {
    if (value === null || value === undefined) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // storage full or blocked (private mode): the app keeps working with in-memory state
  }
}

export const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
