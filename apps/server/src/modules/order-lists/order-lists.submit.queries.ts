import type { Locale } from '@mp/contract/i18n';
import { type LocationWithRoleJson, locationWithRoleJsonSql } from '../../platform/auth/access.ts';
import { runStatement, statement } from '../../platform/db/prepared.ts';
import { keyInsertSql } from '../../platform/http/idempotency.ts';
import { type ItemRow, itemRowsSql, type SetRow, setRowsSql } from '../catalogue/index.ts';
import type { LineRow, OrderListRow, Q } from './order-lists.queries.ts';

// The order submit's statements (docs/decisions/0011): who may submit the list, the list locked with its location,
// and its lines taken off it with their items and sets — each one statement. emptyOrderList empties a list for the
// bench's bare baseline (bench/lib/writes-bare.ts).

const listAccessStatement = statement(`
  select l.user_id as "userId", l.location_id as "locationId",
    ${locationWithRoleJsonSql('p.id = l.location_id', '$2::uuid')} as location
  from order_lists l where l.id = $1::uuid`);

/** The list's owner and location, and that location with the role of `userId` on it (one statement). */
export async function selectListAccess(
  db: Q,
  listId: string,
  userId: string,
): Promise<{ userId: string; locationId: string; location: LocationWithRoleJson | null } | null> {
  const [row] = await runStatement<{
    userId: string;
    locationId: string;
    location: LocationWithRoleJson | null;
  }>(db, listAccessStatement, [listId, userId]);
  return row ?? null;
}

const lockedListSql = (listParam: string, userParam: string) => `
  select l.id, l.user_id as "userId", l.location_id as "locationId", l.name, l.draft,
    l.draft_updated_at as "draftUpdatedAt", l.created_at as "createdAt", l.updated_at as "updatedAt",
    ${locationWithRoleJsonSql('p.id = l.location_id', userParam)} as location
  from order_lists l where l.id = ${listParam}`;

const lockForSubmitStatement = statement(`${lockedListSql('$1::uuid', '$2::uuid')} for update of l`);

export type LockedList = OrderListRow & { location: LocationWithRoleJson | null };

/** Locks the list row for a submit; with its location and the role of `userId` there. */
export async function lockListWithAccess(db: Q, listId: string, userId: string): Promise<LockedList | null> {
  const [row] = await runStatement<LockedList>(db, lockForSubmitStatement, [listId, userId]);
  return row ?? null;
}

// why: the lock waits for the key's insert (it reads its result): a second submit with the same key waits on the key
// as before and locks nothing, so two submits never hold the key and the list crosswise (no deadlock).
const keyAndLockStatement = statement(`
  with k as (${keyInsertSql}),
  l as (${lockedListSql('$5::uuid', '$1::uuid')} and exists (select 1 from k) for update of l)
  select exists (select 1 from k) as "keyNew", (select row_to_json(l) from l) as list`);

/**
 * The submit's first statement: the idempotency key inserted (`keyValues`, idempotency.ts's takeKey) and, when it
 * was new, the list row locked with its location and the role of the key's user there. `list` is null when the
 * key existed (a replay: nothing is locked) or there is no such list.
 */
export async function insertKeyAndLockList(
  db: Q,
  keyValues: readonly unknown[],
  listId: string,
): Promise<{ keyNew: boolean; list: LockedList | null }> {
  const [row] = await runStatement<{ keyNew: boolean; list: (LockedList & Record<string, unknown>) | null }>(
    db,
    keyAndLockStatement,
    [...keyValues, listId],
  );
  const l = row.list;
  if (!l) return { keyNew: row.keyNew, list: null };
  // row_to_json: the columns' aliases as written, timestamps as text
  const at = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string));
  return {
    keyNew: row.keyNew,
    list: {
      ...l,
      draftUpdatedAt: at(l.draftUpdatedAt),
      createdAt: at(l.createdAt) as Date,
      updatedAt: at(l.updatedAt) as Date,
    },
  };
}

const takeLinesStatement = statement(`
  with gone as (
    delete from order_list_lines where order_list_id = $1::uuid
    returning id, order_list_id as "orderListId", parent_line_id as "parentLineId", kind, item_id as "itemId",
      set_id as "setId", amount, comment, sort, created_at
  ), emptied as (
    update order_lists set draft = null, draft_updated_at = null, updated_at = $3::timestamptz where id = $1::uuid
  )
  select
    (select coalesce(json_agg(x order by x.sort, x.created_at, x.id), '[]') from gone x) as lines,
    (select coalesce(json_agg(x), '[]') from (${itemRowsSql(
      'i.id = any(array(select "itemId" from gone where "itemId" is not null))',
    )}) x) as items,
    (select coalesce(json_agg(x), '[]') from (${setRowsSql(
      's.id = any(array(select "setId" from gone where "setId" is not null))',
    )}) x) as sets`);

/**
 * Takes the lines off the list (locked by the caller) and empties its draft, answering the lines (selectLines order)
 * with their items and sets in the locale — one statement (docs/decisions/0011). A submit refused afterwards rolls
 * back, and the list is as it was.
 */
export async function takeLinesWithCatalogue(
  db: Q,
  listId: string,
  locale: Locale,
  now: Date,
): Promise<{ lines: LineRow[]; items: ItemRow[]; sets: SetRow[] }> {
  const [row] = await runStatement<{
    lines: Array<LineRow & { created_at?: string }>;
    items: ItemRow[];
    sets: SetRow[];
  }>(db, takeLinesStatement, [listId, locale, now]);
  return { lines: row.lines.map(({ created_at: _, ...l }) => l), items: row.items, sets: row.sets };
}

const emptyStatement = statement(`
  with gone as (delete from order_list_lines where order_list_id = $1::uuid)
  update order_lists set draft = null, draft_updated_at = null, updated_at = $2::timestamptz where id = $1::uuid`);

/** Every line and the draft go, and the list is marked as changed, in one statement. */
export async function emptyOrderList(db: Q, listId: string, now: Date): Promise<void> {
  await runStatement(db, emptyStatement, [listId, now]);
}
