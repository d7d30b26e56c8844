import { and, eq, inArray, sql } from 'drizzle-orm';
import { translationOverrides } from '../../db/schema/index.ts';
import type { Db } from '../../platform/db/database.ts';

export async function selectOverrides(db: Db, locale?: string) {
  const q = db
    .select({
      locale: translationOverrides.locale,
      key: translationOverrides.key,
      value: translationOverrides.value,
    })
    .from(translationOverrides);
  return locale ? q.where(eq(translationOverrides.locale, locale)) : q;
}

export async function saveOverrides(
  db: Db,
  locale: string,
  set: Record<string, string>,
  remove: string[],
  userId: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    if (remove.length) {
      await tx
        .delete(translationOverrides)
        .where(and(eq(translationOverrides.locale, locale), inArray(translationOverrides.key, remove)));
    }
    const rows = Object.entries(set).map(([key, value]) => ({ locale, key, value, updatedBy: userId }));
    if (rows.length) {
      await tx
        .insert(translationOverrides)
        .values(rows)
        .onConflictDoUpdate({
          target: [translationOverrides.locale, translationOverrides.key],
          set: { value: sql`excluded.value`, updatedBy: sql`excluded.updated_by`, updatedAt: sql`now()` },
        });
    }
  });
}
