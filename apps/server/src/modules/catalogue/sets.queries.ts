import type { Locale } from '@mp/contract/i18n';
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { files, setLines, sets, setTranslations } from '../../db/schema/index.ts';
import type { Db } from '../../platform/db/database.ts';
import type { Tx } from '../../platform/http/idempotency.ts';

type Q = Db | Tx;

export interface SetRow {
  id: string;
  setNo: string;
  description: string;
  longDescription: string | null;
  imageSha: string | null;
  lineCount: number;
}

export interface SetLineRow {
  id: string;
  setId: string;
  parentLineId: string | null;
  lineNo: number;
  itemId: string | null;
  childSetId: string | null;
  amount: number;
}

const sLoc = alias(setTranslations, 's_loc');
const sNl = alias(setTranslations, 's_nl');

/** Active sets (optionally only these ids), with their description in the locale and their line count. */
export async function selectActiveSets(db: Q, locale: Locale, ids?: string[]): Promise<SetRow[]> {
  if (ids && ids.length === 0) return [];
  const lineCount = db
    .select({ setId: setLines.setId, n: sql<number>`count(*)`.as('n') })
    .from(setLines)
    .where(sql`${setLines.parentLineId} is null`)
    .groupBy(setLines.setId)
    .as('line_count');
  const rows = await db
    .select({
      id: sets.id,
      setNo: sets.setNo,
      description: sql<string>`coalesce(${sLoc.description}, ${sNl.description}, ${sets.setNo})`,
      longDescription: sql<string | null>`coalesce(${sLoc.longDescription}, ${sNl.longDescription})`,
      imageSha: files.sha256,
      lineCount: sql<number>`coalesce(${lineCount.n}, 0)`.mapWith(Number),
    })
    .from(sets)
    .leftJoin(sLoc, and(eq(sLoc.setId, sets.id), eq(sLoc.locale, locale)))
    .leftJoin(sNl, and(eq(sNl.setId, sets.id), eq(sNl.locale, 'nl-NL')))
    .leftJoin(files, eq(files.id, sets.imageFileId))
    .leftJoin(lineCount, eq(lineCount.setId, sets.id))
    .where(ids ? and(eq(sets.active, true), inArray(sets.id, ids)) : eq(sets.active, true))
    .orderBy(asc(sets.sort), asc(sets.setNo));
  return rows;
}

/** An active set by number (or by id when the key is a guid). */
export async function selectSetId(db: Q, key: string): Promise<string | null> {
  const isGuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(key);
  const [row] = await db
    .select({ id: sets.id })
    .from(sets)
    .where(
      and(
        eq(sets.active, true),
        isGuid ? sql`(${sets.id} = ${key} or ${sets.setNo} = ${key})` : eq(sets.setNo, key),
      ),
    )
    .limit(1);
  return row?.id ?? null;
}

export async function selectSetLines(db: Q, setIds: string[]): Promise<SetLineRow[]> {
  if (setIds.length === 0) return [];
  return db
    .select({
      id: setLines.id,
      setId: setLines.setId,
      parentLineId: setLines.parentLineId,
      lineNo: setLines.lineNo,
      itemId: setLines.itemId,
      childSetId: setLines.childSetId,
      amount: setLines.amount,
    })
    .from(setLines)
    .where(inArray(setLines.setId, setIds))
    .orderBy(asc(setLines.setId), asc(setLines.lineNo), asc(setLines.id));
}

/** Ids of the sets with a line of this item, and of the sets that hold those sets as a child set. */
export async function selectSetIdsWithItem(db: Q, itemId: string): Promise<string[]> {
  const rows = await db.execute<{ set_id: string }>(sql`
    with recursive holders(set_id, depth) as (
      select ${setLines.setId}, 1 from ${setLines} where ${setLines.itemId} = ${itemId}
      union
      select sl.set_id, h.depth + 1 from ${setLines} sl join holders h on sl.child_set_id = h.set_id where h.depth < 5
    )
    select distinct set_id from holders`);
  return rows.rows.map((r) => r.set_id);
}

export async function anyActiveSet(db: Q): Promise<boolean> {
  const [row] = await db
    .select({ id: sets.id })
    .from(sets)
    .where(and(eq(sets.active, true), isNotNull(sets.id)))
    .limit(1);
  return !!row;
}
