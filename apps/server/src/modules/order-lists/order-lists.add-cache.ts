import { type LocationWithRoleJson, locationWithRoleJsonSql } from '../../platform/auth/access.ts';
import { runStatement, statement } from '../../platform/db/prepared.ts';
import type { AddContext, LineRow, Q, WrittenLines } from './order-lists.queries.ts';

/**
 * Adding item lines in ONE statement when this process added to the list before (docs/decisions/0011,
 * "Update (issue #34)"): the add's context (the list, its lines, the location with the user's role) is kept
 * per process after each add, and the next add to the same list decides on it and writes in one statement
 * that writes only while everything the decision used is still so — the list row at the version kept (every
 * writer of lines changes it: 0011), as many lines as kept (a line that went with its item, by cascade,
 * does not touch the list row) and the location with the user's role exactly as kept (so the access
 * decision taken on the kept one is the one a fresh read would take). Otherwise nothing is written and
 * the caller reads everything again (the two-statement path). Lists with sets are not kept (their set rows
 * are catalogue data). Nothing here is shared between processes: another process's write changes the version.
 */

export interface KeptAddContext {
  location: LocationWithRoleJson;
  list: NonNullable<AddContext['list']>;
  lines: LineRow[];
}

/** Lines kept at most over all lists (the oldest list goes first): about 200 bytes each, ≤ 20 MB. */
const MAX_KEPT_LINES = 100_000;
const kept = new Map<string, KeptAddContext>();
let keptLines = 0;

const keyOf = (listId: string, locationNo: string, userId: string) => `${listId}|${locationNo}|${userId}`;

export function keptAddContext(listId: string, locationNo: string, userId: string): KeptAddContext | null {
  return kept.get(keyOf(listId, locationNo, userId)) ?? null;
}

export function keepAddContext(locationNo: string, userId: string, context: KeptAddContext): void {
  const key = keyOf(context.list.id, locationNo, userId);
  forget(key);
  if (context.lines.some((l) => l.kind !== 'item' || l.setId !== null)) return;
  while (kept.size > 0 && keptLines + context.lines.length > MAX_KEPT_LINES)
    forget(kept.keys().next().value as string);
  kept.set(key, context);
  keptLines += context.lines.length;
}

export function forgetAddContext(listId: string, locationNo: string, userId: string): void {
  forget(keyOf(listId, locationNo, userId));
}

function forget(key: string): void {
  const k = kept.get(key);
  if (!k) return;
  keptLines -= k.lines.length;
  kept.delete(key);
}

// why: the guards sit in the list row's update, which every other part waits for (exists touched).
const writeKeptStatement = statement(`
  with touched as (
    update order_lists l set updated_at = $2::timestamptz
    where l.id = $1::uuid and l.xmin = $3::xid
      and (select count(*) from order_list_lines x where x.order_list_id = $1::uuid) = $14::int
      and ${locationWithRoleJsonSql('p.location_no = $12::text', '$13::uuid')}::jsonb = $15::jsonb
    returning l.updated_at, l.xmin::text as version, l.user_id, l.location_id, l.created_at, l.id
  ), inserted as (
    insert into order_list_lines (id, order_list_id, parent_line_id, kind, item_id, set_id, amount, comment, sort)
    select n.id, $1::uuid, null, 'item', n.item_id, null, n.amount, n.comment, n.sort
    from unnest($4::uuid[], $5::uuid[], $6::int[], $7::text[], $8::int[]) as n(id, item_id, amount, comment, sort)
    where exists (select 1 from touched)
    returning id
  ), changed as (
    update order_list_lines l set amount = c.amount, comment = c.comment, updated_at = $2::timestamptz
    from unnest($9::uuid[], $10::int[], $11::text[]) as c(id, amount, comment)
    where l.id = c.id and l.order_list_id = $1::uuid and exists (select 1 from touched)
    returning l.id
  )
  select t.updated_at as "updatedAt", t.version,
    (select count(*) from inserted)::int as inserted, (select count(*) from changed)::int as changed,
    not exists (select 1 from order_lists o where o.user_id = t.user_id and o.location_id = t.location_id
      and (o.created_at, o.id) < (t.created_at, t.id)) as "isDefault",
    (select r.request_no from plant_requests r where r.order_list_id = t.id
      order by r.created_at desc limit 1) as "savedRequestNo"
  from (select 1) one left join touched t on true`);

/**
 * writeAddedLines on a kept context: written only while the list, its line count and the location with the
 * user's role are as kept. Also answers whether the list is the default one and its last request number.
 */
export async function writeAddedLinesOnKept(
  db: Q,
  k: KeptAddContext,
  userId: string,
  now: Date,
  inserts: Array<{ id: string; itemId: string; amount: number; comment: string | null; sort: number }>,
  changes: Array<{ id: string; amount: number; comment: string | null }>,
): Promise<WrittenLines & { isDefault: boolean; savedRequestNo: string | null }> {
  const [row] = await runStatement<WrittenLines & { isDefault: boolean; savedRequestNo: string | null }>(
    db,
    writeKeptStatement,
    [
      k.list.id,
      now,
      k.list.version,
      inserts.map((l) => l.id),
      inserts.map((l) => l.itemId),
      inserts.map((l) => l.amount),
      inserts.map((l) => l.comment),
      inserts.map((l) => l.sort),
      changes.map((c) => c.id),
      changes.map((c) => c.amount),
      changes.map((c) => c.comment),
      k.location.locationNo,
      userId,
      k.lines.length,
      JSON.stringify(k.location),
    ],
  );
  return row;
}
