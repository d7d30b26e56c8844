import { inArray, sql } from 'drizzle-orm';
import { settingValues } from '../../db/schema/index.ts';
import type { Db } from '../../platform/db/database.ts';

export async function selectStoredSettings(db: Db): Promise<Record<string, unknown>> {
  // why: read as PostgreSQL gives it (node-postgres parses jsonb once). Drizzle's jsonb column parses a string
  // value again, so a text setting that reads like JSON ('75.00', '123', 'true') came back as a number or boolean,
  // failed its schema and fell back to the default (Spoed_Prijs never booked a rush surcharge).
  const rows = await db
    .select({ key: settingValues.key, value: sql<unknown>`${settingValues.value}` })
    .from(settingValues);
  return Object.fromEntries(rows.map((r) => [r.key, r.value]));
}

export async function upsertSettings(
  db: Db,
  values: Record<string, unknown>,
  userId: string | null,
): Promise<void> {
  const rows = Object.entries(values).map(([key, value]) => ({ key, value, updatedBy: userId }));
  if (rows.length === 0) return;
  await db
    .insert(settingValues)
    .values(rows)
    .onConflictDoUpdate({
      target: settingValues.key,
      set: { value: sql`excluded.value`, updatedBy: sql`excluded.updated_by`, updatedAt: sql`now()` },
    });
}

/** Removes stored values: those settings fall back to their catalogue default. */
export async function deleteStoredSettings(db: Db, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  await db.delete(settingValues).where(inArray(settingValues.key, [...keys]));
}
