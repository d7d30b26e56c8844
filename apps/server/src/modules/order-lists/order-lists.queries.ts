import { createHash } from 'node:crypto';
import type { Locale } from '@mp/contract/i18n';
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { orderListLines, orderLists, plantLocations, plantRequests } from '../../db/schema/index.ts';
import { type LocationWithRoleJson, locationWithRoleJsonSql } from '../../platform/auth/access.ts';
import type { Db } from '../../platform/db/database.ts';
import { runStatement, statement } from '../../platform/db/prepared.ts';
import type { Tx } from '../../platform/http/idempotency.ts';
import { type SetRow, setRowsSql } from '../catalogue/index.ts';

export type Q = Db | Tx;

export interface OrderListRow {
  id: string;
  userId: string;
  locationId: string;
  name: string;
  draft: Record<string, unknown> | null;
  draftUpdatedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface OrderListSummaryRow extends OrderListRow {
  lineCount: number;
  totalAmount: number;
}

export interface LineRow {
  id: string;
  orderListId: string;
  parentLineId: string | null;
  kind: 'item' | 'set';
  itemId: string | null;
  setId: string | null;
  amount: number;
  comment: string | null;
  sort: number;
}

const listColumns = {
  id: orderLists.id,
  userId: orderLists.userId,
  locationId: orderLists.locationId,
  name: orderLists.name,
  draft: orderLists.draft,
  draftUpdatedAt: orderLists.draftUpdatedAt,
  createdAt: orderLists.createdAt,
  updatedAt: orderLists.updatedAt,
};

/**
 * The user's lists on a location, oldest first (the first is the default), with the count of top-level lines and
 * the pieces (item lines at every depth: a set counts as its parts; rules/order-list.ts piecesOf).
 */
export async function selectOrderLists(
  db: Q,
  userId: string,
  locationId: string,
): Promise<OrderListSummaryRow[]> {
  const rows = await db
    .select({
      ...listColumns,
      lineCount:
        sql<number>`count(${orderListLines.id}) filter (where ${orderListLines.parentLineId} is null)`.mapWith(
          Number,
        ),
      totalAmount:
        sql<number>`coalesce(sum(${orderListLines.amount}) filter (where ${orderListLines.kind} = 'item'), 0)`.mapWith(
          Number,
        ),
    })
    .from(orderLists)
    .leftJoin(orderListLines, eq(orderListLines.orderListId, orderLists.id))
    .where(and(eq(orderLists.userId, userId), eq(orderLists.locationId, locationId)))
    .groupBy(orderLists.id)
    .orderBy(asc(orderLists.createdAt), asc(orderLists.id));
  return rows as OrderListSummaryRow[];
}

const listSql = `select id, user_id as "userId", location_id as "locationId", name, draft,
  draft_updated_at as "draftUpdatedAt", created_at as "createdAt", updated_at as "updatedAt"
  from order_lists where id = $1::uuid`;
// why: read on every call about a list, so prepared (docs/decisions/0011)
const listStatement = statement(listSql);
const listForUpdateStatement = statement(`${listSql} for update`);

export async function selectOrderList(
  db: Q,
  id: string,
  opts: { forUpdate?: boolean } = {},
): Promise<OrderListRow | null> {
  const [row] = await runStatement<OrderListRow>(
    db,
    opts.forUpdate ? listForUpdateStatement : listStatement,
    [id],
  );
  return row ?? null;
}

/**
 * The id the user's default list on a location has before it is stored: derived from the two ids, so every
 * read answers the same unsaved, empty list and the first write stores it under that id (reads never write).
 */
export function defaultListIdFor(userId: string, locationId: string): string {
  const h = createHash('sha256').update(`order-list-default:${userId}:${locationId}`).digest();
  h[6] = (h[6] & 0x0f) | 0x80; // RFC 9562 version 8 (custom)
  h[8] = (h[8] & 0x3f) | 0x80; // RFC 9562 variant
  const x = h.subarray(0, 16).toString('hex');
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20)}`;
}

/** Every location's id (for an admin's unsaved default list: which location its id belongs to). */
export async function selectAllLocationIds(db: Q): Promise<string[]> {
  return (await db.select({ id: plantLocations.id }).from(plantLocations)).map((r) => r.id);
}

/**
 * Stores the default list (id defaultListIdFor) when the user has no list on the location yet; serialized per
 * user+location, so two first writes at once make one list.
 */
export async function ensureDefaultOrderList(
  db: Db,
  userId: string,
  locationId: string,
  name: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`order-list:${userId}:${locationId}`}))`);
    const [existing] = await tx
      .select({ id: orderLists.id })
      .from(orderLists)
      .where(and(eq(orderLists.userId, userId), eq(orderLists.locationId, locationId)))
      .limit(1);
    if (!existing)
      await tx
        .insert(orderLists)
        .values({ id: defaultListIdFor(userId, locationId), userId, locationId, name })
        .onConflictDoNothing();
  });
}

export async function insertOrderList(
  db: Q,
  values: { userId: string; locationId: string; name: string },
): Promise<string> {
  const [row] = await db.insert(orderLists).values(values).returning({ id: orderLists.id });
  return row.id;
}

export async function updateOrderListName(db: Q, id: string, name: string): Promise<void> {
  await db.update(orderLists).set({ name }).where(eq(orderLists.id, id));
}

/** Marks the list as changed (updatedAt), e.g. after its lines changed. */
export async function touchOrderList(db: Q, id: string): Promise<void> {
  await db.update(orderLists).set({ updatedAt: new Date() }).where(eq(orderLists.id, id));
}

export async function deleteOrderList(db: Q, id: string): Promise<void> {
  await db.delete(orderLists).where(eq(orderLists.id, id));
}

export async function updateDraft(db: Q, id: string, draft: Record<string, unknown> | null): Promise<void> {
  await db
    .update(orderLists)
    .set({ draft, draftUpdatedAt: draft ? new Date() : null })
    .where(eq(orderLists.id, id));
}

const lineColumns = {
  id: orderListLines.id,
  orderListId: orderListLines.orderListId,
  parentLineId: orderListLines.parentLineId,
  kind: orderListLines.kind,
  itemId: orderListLines.itemId,
  setId: orderListLines.setId,
  amount: orderListLines.amount,
  comment: orderListLines.comment,
  sort: orderListLines.sort,
};

const linesStatement = statement(`select id, order_list_id as "orderListId", parent_line_id as "parentLineId",
  kind, item_id as "itemId", set_id as "setId", amount, comment, sort
  from order_list_lines where order_list_id = $1::uuid order by sort, created_at, id`);

export async function selectLines(db: Q, orderListId: string): Promise<LineRow[]> {
  return runStatement<LineRow>(db, linesStatement, [orderListId]);
}

export async function selectLine(db: Q, orderListId: string, lineId: string): Promise<LineRow | null> {
  const [row] = await db
    .select(lineColumns)
    .from(orderListLines)
    .where(and(eq(orderListLines.orderListId, orderListId), eq(orderListLines.id, lineId)))
    .limit(1);
  return row ?? null;
}

/** A line with what its rules need: the kind of the line it hangs under (null at the top) and whether lines hang under it. */
export async function selectLineInTree(
  db: Q,
  orderListId: string,
  lineId: string,
): Promise<(LineRow & { parentKind: 'item' | 'set' | null; hasChildren: boolean }) | null> {
  type Row = LineRow & { parentKind: 'item' | 'set' | null; hasChildren: boolean };
  const r = await db.execute<Row & Record<string, unknown>>(sql`
    select l.id, l.order_list_id as "orderListId", l.parent_line_id as "parentLineId", l.kind, l.item_id as "itemId",
      l.set_id as "setId", l.amount, l.comment, l.sort, p.kind as "parentKind",
      exists (select 1 from order_list_lines c where c.parent_line_id = l.id) as "hasChildren"
    from order_list_lines l left join order_list_lines p on p.id = l.parent_line_id
    where l.order_list_id = ${orderListId} and l.id = ${lineId}`);
  return r.rows[0] ?? null;
}

/** The lines directly below a line (an item's delivered-with items). */
export async function selectChildLines(db: Q, orderListId: string, parentLineId: string): Promise<LineRow[]> {
  return db
    .select(lineColumns)
    .from(orderListLines)
    .where(and(eq(orderListLines.orderListId, orderListId), eq(orderListLines.parentLineId, parentLineId)))
    .orderBy(asc(orderListLines.sort));
}

export async function nextSort(db: Q, orderListId: string): Promise<number> {
  const [row] = await db
    .select({ max: sql<number>`coalesce(max(${orderListLines.sort}), 0)`.mapWith(Number) })
    .from(orderListLines)
    .where(eq(orderListLines.orderListId, orderListId));
  return (row?.max ?? 0) + 1;
}

export interface NewLine {
  id?: string;
  orderListId: string;
  parentLineId: string | null;
  kind: 'item' | 'set';
  itemId: string | null;
  setId: string | null;
  amount: number;
  comment: string | null;
  sort: number;
}

export async function insertLines(db: Q, lines: NewLine[]): Promise<void> {
  if (lines.length) await db.insert(orderListLines).values(lines);
}

export async function updateLine(
  db: Q,
  lineId: string,
  set: { amount?: number; comment?: string | null },
): Promise<void> {
  await db.update(orderListLines).set(set).where(eq(orderListLines.id, lineId));
}

/** Deletes lines (their child lines go with them: parent_line_id cascades). */
export async function deleteLines(db: Q, orderListId: string, lineIds?: string[]): Promise<number> {
  const where = lineIds
    ? and(eq(orderListLines.orderListId, orderListId), inArray(orderListLines.id, lineIds))
    : eq(orderListLines.orderListId, orderListId);
  const rows = await db.delete(orderListLines).where(where).returning({ id: orderListLines.id });
  return rows.length;
}

/** A top-level item line of that item (where another add of the same item goes). */
export async function selectTopLevelItemLine(
  db: Q,
  orderListId: string,
  itemId: string,
): Promise<LineRow | null> {
  const [row] = await db
    .select(lineColumns)
    .from(orderListLines)
    .where(
      and(
        eq(orderListLines.orderListId, orderListId),
        eq(orderListLines.itemId, itemId),
        eq(orderListLines.kind, 'item'),
        isNull(orderListLines.parentLineId),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function countLines(db: Q, orderListId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(orderListLines)
    .where(eq(orderListLines.orderListId, orderListId));
  return row?.n ?? 0;
}

/** savedAanvraagNummer: the number of the last request submitted from this list. */
export async function selectLastRequestNo(db: Q, orderListId: string): Promise<string | null> {
  const [row] = await db
    .select({ requestNo: plantRequests.requestNo })
    .from(plantRequests)
    .where(eq(plantRequests.orderListId, orderListId))
    .orderBy(desc(plantRequests.createdAt))
    .limit(1);
  return row?.requestNo ?? null;
}

// ── adding item lines in two statements (docs/decisions/0011) ───────────────────────────────────

/** What adding item lines needs to know, read in one statement. */
export interface AddContext {
  /** The location by number with the user's role (locationWithRoleFromJson), null when there is none. */
  location: LocationWithRoleJson | null;
  list: {
    id: string;
    userId: string;
    locationId: string;
    name: string;
    hasDraft: boolean;
    createdAt: Date;
    updatedAt: Date;
    /** The row version (xmin): every change of the list or its lines changes it (touchOrderList). */
    version: string;
  } | null;
  /** The user's first list on the location (the default). */
  isDefault: boolean;
  /** Every line, in the order selectLines gives. */
  lines: LineRow[];
  /** The sets on the list. */
  sets: SetRow[];
  savedRequestNo: string | null;
}

const addContextStatement = statement(`
  select ${locationWithRoleJsonSql('p.location_no = $3::text', '$4::uuid')} as location,
    l.id, l.user_id as "userId", l.location_id as "locationId", l.name, l.draft is not null as "hasDraft",
    l.created_at as "createdAt", l.updated_at as "updatedAt", l.xmin::text as version,
    not exists (select 1 from order_lists o where o.user_id = l.user_id and o.location_id = l.location_id
      and (o.created_at, o.id) < (l.created_at, l.id)) as "isDefault",
    (select coalesce(json_agg(x order by x.sort, x.created_at, x.id), '[]') from (
      select id, order_list_id as "orderListId", parent_line_id as "parentLineId", kind, item_id as "itemId",
        set_id as "setId", amount, comment, sort, created_at
      from order_list_lines where order_list_id = l.id) x) as lines,
    (select coalesce(json_agg(x), '[]') from (${setRowsSql(
      's.id = any(array(select set_id from order_list_lines where order_list_id = l.id and set_id is not null))',
    )}) x) as sets,
    (select r.request_no from plant_requests r where r.order_list_id = l.id
      order by r.created_at desc limit 1) as "savedRequestNo"
  from (select 1) one left join order_lists l on l.id = $1::uuid`);

/**
 * The location `locationNo` with the user's role, and the list `listId` (null when there is none) with its
 * lines and their sets in the locale. Their items come from the catalogue's item cache (cachedItemRows).
 */
export async function selectAddContext(
  db: Q,
  args: { listId: string; locale: Locale; locationNo: string; userId: string },
): Promise<AddContext> {
  const [row] = await runStatement<
    Omit<AddContext, 'list'> & {
      [K in keyof NonNullable<AddContext['list']>]: NonNullable<AddContext['list']>[K] | null;
    }
  >(db, addContextStatement, [args.listId, args.locale, args.locationNo, args.userId]);
  const { location, isDefault, lines, sets, savedRequestNo, ...list } = row;
  return {
    location,
    list: list.id === null ? null : (list as NonNullable<AddContext['list']>),
    isDefault,
    lines: lines.map(({ created_at: _, ...l }: LineRow & { created_at?: string }) => l),
    sets,
    savedRequestNo,
  };
}
