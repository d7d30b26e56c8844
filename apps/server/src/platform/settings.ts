import type { SettingKey, settingsCatalogue } from '@mp/contract/settings';
import type { Db } from './db/database.ts';

/**
 * Every setting with its stored value or its default, typed after the settings catalogue. The settings
 * module (modules/settings) reads and caches them; platform code, which never imports a module, gets
 * them handed in: `Deps.loadSettings`, and `ctx.settings()` in a service context.
 */
export type SettingsMap = {
  [K in SettingKey]: (typeof settingsCatalogue)[K]['default'] extends boolean
    ? boolean
    : (typeof settingsCatalogue)[K]['default'] extends number
      ? number
      : (typeof settingsCatalogue)[K]['default'] extends readonly string[]
        ? string[]
        : string;
};

/** Reads the settings of one database (modules/settings `loadSettings`). */
export type LoadSettings = (db: Db) => Promise<SettingsMap>;
