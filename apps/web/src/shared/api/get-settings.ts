import type { SettingsPayload } from '@mp/contract/api/settings';
import type { SettingsCatalogue } from '@mp/contract/settings';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useStore } from '../lib/store';
import { sessionStore } from '../session/session';
import { api } from './client';

export type { SettingsPayload };

type KeysOfType<T extends string> = {
  [K in keyof SettingsCatalogue]: SettingsCatalogue[K]['type'] extends T ? K : never;
}[keyof SettingsCatalogue];
export type BoolSettingKey = KeysOfType<'bool'>;
export type IntSettingKey = KeysOfType<'int'>;
export type StringSettingKey = KeysOfType<'string'>;

export const settingsKeys = {
  all: ['settings'] as const,
  group: (group: string, viewer: string) => [...settingsKeys.all, group, viewer] as const,
};

/** Whose settings: the answer differs between anonymous visitors, users and admins. */
export function settingsViewer(): string {
  return sessionStore.get()?.user.id ?? 'anonymous';
}

/** GET /api/v2.0/Settings/all: the public subset when anonymous, everything for admins. */
export const getSettings = (signal?: AbortSignal) =>
  api.get('/Settings/all', { signal, answer: (c) => c.settings.settingsPayload });

export const settingsQueryOptions = (viewer: string) =>
  queryOptions({
    queryKey: settingsKeys.group('all', viewer),
    queryFn: ({ signal }) => getSettings(signal),
    staleTime: 5 * 60_000,
  });

export function useSettingsQuery() {
  const viewer = useStore(sessionStore, (s) => s?.user.id ?? 'anonymous');
  // after signing in or out the previous viewer's settings stay until the new ones are there (no theme flash)
  return useQuery({ ...settingsQueryOptions(viewer), placeholderData: keepPreviousData });
}

/** Typed reads. A key the payload lacks is reported (never silently undefined) and reads as off / 0 / ''. */
export interface SettingsReader {
  loaded: boolean;
  bool(key: BoolSettingKey): boolean;
  int(key: IntSettingKey): number;
  str(key: StringSettingKey): string;
  raw: SettingsPayload | undefined;
}

const reported = new Set<string>();
function missing(key: string): void {
  if (reported.has(key)) return;
  reported.add(key);
  console.error(`Setting ${key} is missing from the settings answer.`);
}

export function readerOf(payload: SettingsPayload | undefined): SettingsReader {
  return {
    loaded: payload !== undefined,
    raw: payload,
    bool(key) {
      const v = payload?.boolValues[key];
      if (payload && v === undefined) missing(key);
      return v ?? false;
    },
    int(key) {
      const v = payload?.intValues[key];
      if (payload && v === undefined) missing(key);
      return v ?? 0;
    },
    str(key) {
      const v = payload?.stringValues[key];
      if (payload && v === undefined) missing(key);
      return v ?? '';
    },
  };
}

export function useSettings(): SettingsReader {
  const { data } = useSettingsQuery();
  return readerOf(data);
}
