import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { orderListLines, orderLists, plantRequests } from '../../db/schema/index.ts';
import type { Db } from '../../platform/db/database.ts';
import type { Tx } from '../../platform/http/idempotency.ts';

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

/** The user's lists on a location, oldest first (the first is the default), with their top-level counts. */
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
        sql<number>`coalesce(sum(${orderListLines.amount}) filter (where ${orderListLines.parentLineId} is null), 0)`.mapWith(
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

export async function selectOrderList(
  db: Q,
  id: string,
  opts: { forUpdate?: boolean } = {},
): Promise<OrderListRow | null> {
  const q = db.select(listColumns).from(orderLists).where(eq(orderLists.id, id)).limit(1);
  const [row] = opts.forUpdate ? await q.for('update') : await q;
  return (row as OrderListRow | undefined) ?? null;
}

/** The first list of the user on the location (the default), creating it once (serialized per user+location). */
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
    if (!existing) await tx.insert(orderLists).values({ userId, locationId, name });
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

export async function selectLines(db: Q, orderListId: string): Promise<LineRow[]> {
  return db
    .select(lineColumns)
    .from(orderListLines)
    .where(eq(orderListLines.orderListId, orderListId))
    .orderBy(asc(orderListLines.sort), asc(orderListLines.createdAt), asc(orderListLines.id));
}

export async function selectLine(db: Q, orderListId: string, lineId: string): Promise<LineRow | null> {
  const [row] = await db
    .select(lineColumns)
    .from(orderListLines)
    .where(and(eq(orderListLines.orderListId, orderListId), eq(orderListLines.id, lineId)))
    .limit(1);
  return row ?? null;
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
