import { isLocale, type Locale } from '@mp/contract/i18n/locales';
import { isRecord, readStored, storageKeys, writeStored } from '../lib/storage';
import { createStore } from '../lib/store';

export interface Preferences {
  locale?: Locale;
}

function parse(raw: unknown): Preferences | null {
  if (!isRecord(raw)) return null;
  return { locale: isLocale(raw.locale) ? raw.locale : undefined };
}

export const preferencesStore = createStore<Preferences>(readStored(storageKeys.preferences, parse) ?? {});

export function setPreference<K extends keyof Preferences>(key: K, value: Preferences[K]): void {
  const next = { ...preferencesStore.get(), [key]: value };
  writeStored(storageKeys.preferences, next);
  preferencesStore.set(next);
}
