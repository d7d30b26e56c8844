import type { RequestKind, RequestStatus } from '@mp/contract/rules/request-status';
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import {
  depots,
  locationMemberships,
  plantLocations,
  plantRequests,
  plants,
  requestLines,
  requestStatusHistory,
  users,
  workAddresses,
} from '../../db/schema/index.ts';
import type { Db } from '../../platform/db/database.ts';
import type { Tx } from '../../platform/http/idempotency.ts';

type Q = Db | Tx;

export type NewRequest = typeof plantRequests.$inferInsert;
export type NewRequestLine = typeof requestLines.$inferInsert;

export async function insertRequest(db: Q, values: NewRequest) {
  const [row] = await db.insert(plantRequests).values(values).returning({
    id: plantRequests.id,
    requestNo: plantRequests.requestNo,
    createdAt: plantRequests.createdAt,
  });
  return row;
}

export async function insertRequestLines(db: Q, rows: NewRequestLine[]): Promise<void> {
  if (rows.length) await db.insert(requestLines).values(rows);
}

export async function insertHistory(
  db: Q,
  row: {
    requestId: string;
    fromStatus: RequestStatus | null;
    toStatus: RequestStatus;
    changedBy: string | null;
    note?: string | null;
  },
): Promise<void> {
  await db.insert(requestStatusHistory).values(row);
}

const summaryColumns = {
  id: plantRequests.id,
  requestNo: plantRequests.requestNo,
  kind: plantRequests.kind,
  status: plantRequests.status,
  locationId: plantRequests.locationId,
  locationNo: plantLocations.locationNo,
  locationDescription: plantLocations.description,
  userId: plantRequests.userId,
  requestedBy: users.name,
  requestedDate: plantRequests.requestedDate,
  expectedReturnDate: plantRequests.expectedReturnDate,
  plannedDate: plantRequests.plannedDate,
  rush: plantRequests.rush,
  collect: plantRequests.collect,
  reference: plantRequests.reference,
  createdAt: plantRequests.createdAt,
  updatedAt: plantRequests.updatedAt,
  lineCount:
    sql<number>`(select count(*) from ${requestLines} rl where rl.request_id = ${plantRequests.id} and rl.parent_line_id is null)`.mapWith(
      Number,
    ),
  totalAmount:
    sql<number>`(select coalesce(sum(rl.amount), 0) from ${requestLines} rl where rl.request_id = ${plantRequests.id} and rl.parent_line_id is null)`.mapWith(
      Number,
    ),
};

export type RequestSummaryRow = Awaited<ReturnType<typeof selectRequestPage>>['rows'][number];

export interface RequestFilter {
  /** The user whose memberships limit the locations; null = every location (admins). */
  memberUserId: string | null;
  locationId?: string;
  statuses?: RequestStatus[];
  kind?: RequestKind;
  page: number;
  pageSize: number;
}

/** One page of requests, newest first, limited to the locations the user belongs to. */
export async function selectRequestPage(db: Q, f: RequestFilter) {
  const where: SQL[] = [];
  if (f.locationId) where.push(eq(plantRequests.locationId, f.locationId));
  if (f.memberUserId) {
    where.push(
      inArray(
        plantRequests.locationId,
        db
          .select({ id: locationMemberships.locationId })
          .from(locationMemberships)
          .where(eq(locationMemberships.userId, f.memberUserId)),
      ),
    );
  }
  if (f.statuses?.length) where.push(inArray(plantRequests.status, f.statuses));
  if (f.kind) where.push(eq(plantRequests.kind, f.kind));
  const condition = where.length ? and(...where) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(summaryColumns)
      .from(plantRequests)
      .innerJoin(plantLocations, eq(plantLocations.id, plantRequests.locationId))
      .leftJoin(users, eq(users.id, plantRequests.userId))
      .where(condition)
      .orderBy(desc(plantRequests.createdAt), desc(plantRequests.id))
      .limit(f.pageSize)
      .offset((f.page - 1) * f.pageSize),
    db.select({ total: count() }).from(plantRequests).where(condition),
  ]);
  return { rows, total };
}

export async function selectRequest(db: Q, id: string, opts: { forUpdate?: boolean } = {}) {
  const q = db
    .select({
      ...summaryColumns,
      transportMeans: plantRequests.transportMeans,
      destinationKind: plantRequests.destinationKind,
      depotNo: depots.depotNo,
      depotName: depots.name,
      addressCode: plantRequests.addressCode,
      street: plantRequests.street,
      postcode: plantRequests.postcode,
      city: plantRequests.city,
      contactPerson: plantRequests.contactPerson,
      phone: plantRequests.phone,
      comment: plantRequests.comment,
      rejectionReason: plantRequests.rejectionReason,
      termsAccepted: plantRequests.termsAccepted,
      workAddressCode: workAddresses.code,
    })
    .from(plantRequests)
    .innerJoin(plantLocations, eq(plantLocations.id, plantRequests.locationId))
    .leftJoin(users, eq(users.id, plantRequests.userId))
    .leftJoin(depots, eq(depots.id, plantRequests.depotId))
    .leftJoin(workAddresses, eq(workAddresses.id, plantRequests.workAddressId))
    .where(eq(plantRequests.id, id))
    .limit(1);
  const [row] = opts.forUpdate ? await q.for('update', { of: plantRequests }) : await q;
  return row ?? null;
}

/** A request id by its number (legacy calls name requests by aanvraagNummer). */
export async function selectRequestIdByNo(db: Q, requestNo: string): Promise<string | null> {
  const [row] = await db
    .select({ id: plantRequests.id })
    .from(plantRequests)
    .where(eq(plantRequests.requestNo, requestNo))
    .limit(1);
  return row?.id ?? null;
}

export async function selectRequestLines(db: Q, requestId: string) {
  return db
    .select({
      id: requestLines.id,
      parentLineId: requestLines.parentLineId,
      lineNo: requestLines.lineNo,
      itemId: requestLines.itemId,
      setId: requestLines.setId,
      plantNo: plants.plantNo,
      amount: requestLines.amount,
      comment: requestLines.comment,
    })
    .from(requestLines)
    .leftJoin(plants, eq(plants.id, requestLines.plantId))
    .where(eq(requestLines.requestId, requestId))
    .orderBy(asc(requestLines.lineNo));
}

export async function selectHistory(db: Q, requestId: string) {
  return db
    .select({
      fromStatus: requestStatusHistory.fromStatus,
      toStatus: requestStatusHistory.toStatus,
      changedAt: requestStatusHistory.changedAt,
      changedBy: users.name,
      note: requestStatusHistory.note,
    })
    .from(requestStatusHistory)
    .leftJoin(users, eq(users.id, requestStatusHistory.changedBy))
    .where(eq(requestStatusHistory.requestId, requestId))
    .orderBy(asc(requestStatusHistory.changedAt), asc(requestStatusHistory.id));
}

export async function updateRequestStatus(
  db: Q,
  id: string,
  set: { status: RequestStatus; plannedDate?: string; rejectionReason?: string | null },
): Promise<void> {
  await db.update(plantRequests).set(set).where(eq(plantRequests.id, id));
}

/** The e-mail address of a user (the requester of a confirmation). */
export async function selectUserContact(db: Q, userId: string) {
  const [row] = await db
    .select({ email: users.email, name: users.name, language: users.language })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}
