import { rgbTripletOf, sameRgbTriplet } from '@mp/contract/rules/contrast';
import {
  defaultSettings,
  isSettingKey,
  publicSettingKeys,
  type SettingKey,
  type SettingsGroup,
  settingsCatalogue,
  settingsGroups,
  settingValueSchema,
} from '@mp/contract/settings';
import { hasAccess, requireAccess } from '../../platform/auth/access.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError, fieldErrors, ruleOn } from '../../platform/errors.ts';
import type { Ctx } from '../../platform/http/context.ts';
import type { SettingsMap } from '../../platform/settings.ts';
import { deleteStoredSettings, selectStoredSettings, upsertSettings } from './settings.queries.ts';

export type { SettingsMap };

/** The settings payload grouped by value type, as the spec's Settings entity names them. */
export interface SettingsPayload {
  groupingType: string;
  boolValues: Record<string, boolean>;
  intValues: Record<string, number>;
  stringValues: Record<string, string>;
  multiStrings: Record<string, string[]>;
}

/**
 * Per process and database, dropped at once by a write here and, in the other server processes, by the
 * NOTIFY of migration 0030 (forgetSettings, wired in main.ts; docs/decisions/0029). The few seconds are the safety
 * net for a process whose listener is away (and for processes without one: tests, command-line tools).
 */
const CACHE_MS = 5000;
const cache = new WeakMap<Db, { at: number; values: SettingsMap }>();
/** Bumped by each forget: a read that began before it must not put its (older) values in the cache. */
const forgets = new WeakMap<Db, number>();

/** The channel migration 0030's trigger NOTIFYs when setting_values change. */
export const SETTINGS_CHANNEL = 'mp_settings';

/** Drops the cached settings of this database (another process changed them). */
export function forgetSettings(db: Db): void {
  cache.delete(db);
  forgets.set(db, (forgets.get(db) ?? 0) + 1);
}

/**
 * A read under way per database: calls meanwhile share it instead of each sending the statement (requests arriving
 * together when the cache has just expired; several reads at once in one transaction, which has one connection).
 */
const reading = new WeakMap<Db, { generation: number; values: Promise<SettingsMap> }>();

/** Every setting with its stored value or default. Cached per database until a change (see CACHE_MS). */
export async function loadSettings(db: Db, now = Date.now()): Promise<SettingsMap> {
  const hit = cache.get(db);
  if (hit && now - hit.at < CACHE_MS) return hit.values;
  const generation = forgets.get(db) ?? 0;
  const under = reading.get(db);
  if (under && under.generation === generation) return under.values;
  const values = settingsFromDatabase(db, now, generation);
  reading.set(db, { generation, values });
  const done = () => {
    if (reading.get(db)?.values === values) reading.delete(db);
  };
  values.then(done, done);
  return values;
}

async function settingsFromDatabase(db: Db, now: number, generation: number): Promise<SettingsMap> {
  const stored = await selectStoredSettings(db);
  const values = { ...defaultSettings() } as Record<string, unknown>;
  for (const [key, value] of Object.entries(stored)) {
    if (isSettingKey(key) && settingValueSchema(key).safeParse(value).success) values[key] = value;
  }
  // PrimaryColorRgb is PrimaryColor as 'R, G, B' (decision 0026): derived here, so no write, reset or older stored
  // value can put the two out of step
  values.PrimaryColorRgb = rgbTripletOf(String(values.PrimaryColor)) ?? values.PrimaryColorRgb;
  if ((forgets.get(db) ?? 0) === generation) cache.set(db, { at: now, values: values as SettingsMap });
  return values as SettingsMap;
}

export async function getSetting<K extends SettingKey>(
  ctx: Pick<Ctx, 'db'>,
  key: K,
): Promise<SettingsMap[K]> {
  return (await loadSettings(ctx.db))[key];
}

async function visibleKeys(ctx: Ctx): Promise<SettingKey[]> {
  if (await hasAccess(ctx, { permission: 'admin' })) return Object.keys(settingsCatalogue) as SettingKey[];
  return [...publicSettingKeys];
}

function toPayload(groupingType: string, keys: SettingKey[], values: SettingsMap): SettingsPayload {
  const out: SettingsPayload = {
    groupingType,
    boolValues: {},
    intValues: {},
    stringValues: {},
    multiStrings: {},
  };
  for (const key of keys) {
    const def = settingsCatalogue[key];
    const secret = 'secret' in def && def.secret === true;
    const value = values[key];
    if (def.type === 'bool') out.boolValues[key] = value as boolean;
    else if (def.type === 'int') out.intValues[key] = value as number;
    else if (def.type === 'multiString') out.multiStrings[key] = value as string[];
    else out.stringValues[key] = secret ? (value ? '********' : '') : (value as string);
  }
  return out;
}

function groupOf(groupingType: string): SettingsGroup | 'all' {
  if (groupingType === 'all') return 'all';
  const group = settingsGroups.find((g) => g.toLowerCase() === groupingType.toLowerCase());
  if (!group)
    throw new AppError('not_found', 'error.instelling_onbekend', {
      params: { key: groupingType },
      details: { groupingType },
    });
  return group;
}

/** Settings of one group (or 'all'): the public subset for everyone, everything (secrets masked) for admins. */
export async function readSettings(ctx: Ctx, groupingType: string): Promise<SettingsPayload> {
  const group = groupOf(groupingType);
  const keys = (await visibleKeys(ctx)).filter(
    (k) => group === 'all' || settingsCatalogue[k].group === group,
  );
  return toPayload(group, keys, await loadSettings(ctx.db));
}

export async function readFlatSettings(ctx: Ctx): Promise<Record<string, unknown>> {
  const values = await loadSettings(ctx.db);
  const payload = toPayload('all', await visibleKeys(ctx), values);
  return { ...payload.boolValues, ...payload.intValues, ...payload.stringValues, ...payload.multiStrings };
}

/** Validates every key and value first; writes all or nothing. Admin only. */
export async function writeSettings(
  ctx: Ctx,
  values: Record<string, unknown>,
  group?: string,
): Promise<void> {
  await writeSettingsBy(ctx, await requireAccess(ctx, { permission: 'admin' }), values, group);
}

/**
 * The same write for a caller whose right the calling service checked itself (e.g. AppCorporateIdentity holders
 * saving the colours, decision 0026): every value validated, all or nothing, the cache dropped.
 */
export async function writeSettingsBy(
  ctx: Ctx,
  by: { id: string },
  values: Record<string, unknown>,
  group?: string,
): Promise<void> {
  const admin = by;
  const groupFilter = group ? groupOf(group) : 'all';
  const fields: Record<string, string> = {};
  const clean: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    if (!isSettingKey(key)) {
      throw new AppError('not_found', 'error.instelling_onbekend', { params: { key }, details: { key } });
    }
    const def = settingsCatalogue[key];
    if (groupFilter !== 'all' && def.group !== groupFilter) {
      throw fieldErrors('invalid', 'error.ongeldige_invoer', { [key]: 'validation.onbekende_waarde' });
    }
    // A masked secret sent back unchanged keeps the stored value.
    if ('secret' in def && def.secret === true && value === '********') continue;
    const parsed = settingValueSchema(key).safeParse(value);
    if (!parsed.success) fields[key] = 'validation.ongeldig_formaat';
    else clean[key] = parsed.data;
  }
  if (Object.keys(fields).length) throw fieldErrors('invalid', 'error.ongeldige_invoer', fields);
  await followPrimaryColour(ctx, clean);
  await upsertSettings(ctx.db, clean, admin.id);
  forgetSettings(ctx.db);
}

/**
 * One rule for every call that writes colours (settings editor, corporate-identity page, legacy SaveCustomColors):
 * PrimaryColorRgb follows PrimaryColor. It is stored with every change of PrimaryColor; a value sent for it that is
 * not the (new or stored) primary colour's own is refused with 422, nothing written.
 */
async function followPrimaryColour(ctx: Ctx, clean: Record<string, unknown>): Promise<void> {
  if (!('PrimaryColor' in clean) && !('PrimaryColorRgb' in clean)) return;
  const primary = (clean.PrimaryColor as string | undefined) ?? (await loadSettings(ctx.db)).PrimaryColor;
  const rgb = rgbTripletOf(primary);
  if (!rgb) return;
  const sent = clean.PrimaryColorRgb;
  if (typeof sent === 'string' && !sameRgbTriplet(sent, rgb)) {
    throw ruleOn('PrimaryColorRgb', 'validation.rgb_volgt_primaire_kleur', { rgb });
  }
  clean.PrimaryColorRgb = rgb;
}

/**
 * Admin: puts settings back to their catalogue default (the stored values are removed, so a later change of the
 * default applies too). An unknown key answers 404 error.instelling_onbekend and nothing is reset.
 */
export async function resetSettings(ctx: Ctx, keys: readonly string[]): Promise<void> {
  await requireAccess(ctx, { permission: 'admin' });
  const unknown = keys.find((k) => !isSettingKey(k));
  if (unknown !== undefined) {
    throw new AppError('not_found', 'error.instelling_onbekend', {
      params: { key: unknown },
      details: { key: unknown },
    });
  }
  // the derived colour goes back with its primary colour (followPrimaryColour)
  await deleteStoredSettings(ctx.db, keys.includes('PrimaryColor') ? [...keys, 'PrimaryColorRgb'] : keys);
  forgetSettings(ctx.db);
}
