import { type LocationWithRoleJson, locationWithRoleJsonSql } from '../../platform/auth/access.ts';
import { runStatement, statement } from '../../platform/db/prepared.ts';
import type { Q } from './order-lists.queries.ts';

// The add's write (docs/decisions/0011): new item lines and changed amounts/comments of existing ones, written only
// while the list row is at the version the add decided on (every writer of lines changes it). One text for both
// forms: after a fresh read (order-lists.add-items.ts), and on a context this process kept (order-lists.add-cache.ts),
// whose guards also hold the line count and the location with the user's role as kept, and which answers what the
// fresh read would have (whether the list is the default one, its last request number).

function writeAddSql(kept: boolean): string {
  // why: the guards sit in the list row's update, which every other part waits for (exists touched).
  const guards = kept
    ? `
      and (select count(*) from order_list_lines x where x.order_list_id = $1::uuid) = $14::int
      and ${locationWithRoleJsonSql('p.location_no = $12::text', '$13::uuid')}::jsonb = $15::jsonb`
    : '';
  const answers = kept
    ? `,
    not exists (select 1 from order_lists o where o.user_id = t.user_id and o.location_id = t.location_id
      and (o.created_at, o.id) < (t.created_at, t.id)) as "isDefault",
    (select r.request_no from plant_requests r where r.order_list_id = t.id
      order by r.created_at desc limit 1) as "savedRequestNo"`
    : '';
  return `
  with touched as (
    update order_lists l set updated_at = $2::timestamptz
    where l.id = $1::uuid and l.xmin = $3::xid${guards}
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
    (select count(*) from inserted)::int as inserted, (select count(*) from changed)::int as changed${answers}
  from (select 1) one left join touched t on true`;
}

// why: one statement, so no transaction and no lock: it only writes while the list row still has the
// version read before (xmin); a concurrent change makes it write nothing, and the caller takes the locked
// path. Every writer of lines changes the list row in the same transaction (changeList, the submit's take).
const writeAddStatement = statement(writeAddSql(false));
const writeKeptStatement = statement(writeAddSql(true));

/** What writeAddedLines answers: the list's new updatedAt and version, null when nothing was written. */
export interface WrittenLines {
  updatedAt: Date | null;
  version: string | null;
  inserted: number;
  changed: number;
}

/** What the add decided on when it kept the list's context: written only while these are still so. */
export interface KeptGuards {
  lineCount: number;
  locationNo: string;
  userId: string;
  /** The location with the user's role as kept (locationWithRoleJsonSql). */
  location: LocationWithRoleJson;
}

type Inserts = Array<{ id: string; itemId: string; amount: number; comment: string | null; sort: number }>;
type Changes = Array<{ id: string; amount: number; comment: string | null }>;

/**
 * Writes the lines while the list is at `version`; answers its new updatedAt and version (null: it changed
 * meanwhile, nothing was written). With `kept`, also only while those guards hold, and answers isDefault and
 * savedRequestNo as well.
 */
export async function writeAddedLines(
  db: Q,
  listId: string,
  version: string,
  now: Date,
  inserts: Inserts,
  changes: Changes,
): Promise<WrittenLines>;
export async function writeAddedLines(
  db: Q,
  listId: string,
  version: string,
  now: Date,
  inserts: Inserts,
  changes: Changes,
  kept: KeptGuards,
): Promise<WrittenLines & { isDefault: boolean; savedRequestNo: string | null }>;
export async function writeAddedLines(
  db: Q,
  listId: string,
  version: string,
  now: Date,
  inserts: Inserts,
  changes: Changes,
  kept?: KeptGuards,
): Promise<WrittenLines & { isDefault?: boolean; savedRequestNo?: string | null }> {
  const values: unknown[] = [
    listId,
    now,
    version,
    inserts.map((l) => l.id),
    inserts.map((l) => l.itemId),
    inserts.map((l) => l.amount),
    inserts.map((l) => l.comment),
    inserts.map((l) => l.sort),
    changes.map((c) => c.id),
    changes.map((c) => c.amount),
    changes.map((c) => c.comment),
  ];
  if (kept) values.push(kept.locationNo, kept.userId, kept.lineCount, JSON.stringify(kept.location));
  const [row] = await runStatement<WrittenLines>(db, kept ? writeKeptStatement : writeAddStatement, values);
  return row;
}
