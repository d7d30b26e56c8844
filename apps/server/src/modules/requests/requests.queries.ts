import type { RequestKind, RequestStatus } from '@mp/contract/rules/request-status';
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import {
  depots,
  plantLocations,
  plantRequests,
  plants,
  requestLines,
  requestStatusHistory,
  users,
  workAddresses,
} from '../../db/schema/index.ts';
import { type LocationIds, locationFilter } from '../../platform/auth/access.ts';
import type { Db } from '../../platform/db/database.ts';
import { runStatement, statement } from '../../platform/db/prepared.ts';
import type { Tx } from '../../platform/http/idempotency.ts';

type Q = Db | Tx;

export type NewRequest = typeof plantRequests.$inferInsert;
export type NewRequestLine = typeof requestLines.$inferInsert;

async function insertHistory(
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
  /** The caller's locations (requireAccess `locations.read`), or the one asked for. */
  locationIds: LocationIds;
  statuses?: RequestStatus[];
  kind?: RequestKind;
  page: number;
  pageSize: number;
}

/** One page of requests, newest first, of the locations the caller may read. */
export async function selectRequestPage(db: Q, f: RequestFilter) {
  const where: SQL[] = [locationFilter(f.locationIds, plantRequests.locationId)];
  if (f.statuses?.length) where.push(inArray(plantRequests.status, f.statuses));
  if (f.kind) where.push(eq(plantRequests.kind, f.kind));
  const condition = and(...where);
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

export async function selectRequest(db: Q, id: string) {
  const [row] = await db
    .select({
      ...summaryColumns,
      transportMeans: plantRequests.transportMeans,
      destinationKind: plantRequests.destinationKind,
      depotNo: depots.depotNo,
      depotName: depots.name,
      addressCode: plantRequests.addressCode,
      addressName: plantRequests.addressName,
      street: plantRequests.street,
      postcode: plantRequests.postcode,
      city: plantRequests.city,
      contactPerson: plantRequests.contactPerson,
      phone: plantRequests.phone,
      comment: plantRequests.comment,
      rejectionReason: plantRequests.rejectionReason,
      termsAccepted: plantRequests.termsAccepted,
      workAddressCode: workAddresses.code,
      originStreet: plantRequests.originStreet,
      originPostcode: plantRequests.originPostcode,
      originCity: plantRequests.originCity,
      originContactPerson: plantRequests.originContactPerson,
      originPhone: plantRequests.originPhone,
      targetLocationNo: sql<
        string | null
      >`(select tl.location_no from ${plantLocations} tl where tl.id = ${plantRequests.targetLocationId})`,
      targetLocationDescription: sql<
        string | null
      >`(select tl.description from ${plantLocations} tl where tl.id = ${plantRequests.targetLocationId})`,
      loadingFrom: plantRequests.loadingFrom,
      loadingUntil: plantRequests.loadingUntil,
      unloadingDate: plantRequests.unloadingDate,
      unloadingFrom: plantRequests.unloadingFrom,
      unloadingUntil: plantRequests.unloadingUntil,
      cargo: plantRequests.cargo,
      transportItemNo: plantRequests.transportItemNo,
      appointmentCode: plantRequests.appointmentCode,
      rushItemNo: plantRequests.rushItemNo,
      commentCode: plantRequests.commentCode,
      originAddressName: sql<
        string | null
      >`(select wa.name from ${workAddresses} wa where wa.id = ${plantRequests.originWorkAddressId})`,
    })
    .from(plantRequests)
    .innerJoin(plantLocations, eq(plantLocations.id, plantRequests.locationId))
    .leftJoin(users, eq(users.id, plantRequests.userId))
    .leftJoin(depots, eq(depots.id, plantRequests.depotId))
    .leftJoin(workAddresses, eq(workAddresses.id, plantRequests.workAddressId))
    .where(eq(plantRequests.id, id))
    .limit(1);
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

/** What a request's confirmation mail reads: the requester's contact and the stored OrderConfirmation templates. */
export interface ConfirmationContext {
  contact: { email: string; name: string; language: string } | null;
  templates: Array<{ locale: string; subject: string; html: string }>;
}

const contactSql = (userParam: string) => `(select json_build_object('email', u.email, 'name', u.name,
    'language', u.language) from users u where u.id = ${userParam})`;
const templatesSql = (
  localesParam: string,
) => `(select coalesce(json_agg(json_build_object('locale', t.locale,
    'subject', t.subject, 'html', t.html)), '[]') from mail_templates t where t.type = 'OrderConfirmation'
    and t.locale = any(array(select unnest(${localesParam}))))`;

// ── the order submit in few statements (docs/decisions/0011) ────────────────────────────────────

const insertOrderRequestStatement = statement(`
  with r as (
    insert into plant_requests (kind, status, location_id, user_id, order_list_id, idempotency_key, requested_date,
      expected_return_date, transport_means, collect, rush, terms_accepted, destination_kind, depot_id,
      work_address_id, address_code, street, postcode, city, contact_person, phone, reference, comment,
      address_name, rush_item_no, comment_code)
    values ($1::request_kind, $2::request_status, $3::uuid, $4::uuid, $5::uuid, $6::text, $7::date, $8::date,
      $9::text, $10::boolean, $11::boolean, $12::boolean, $13::destination_kind, $14::uuid, $15::uuid, $16::text,
      $17::text, $18::text, $19::text, $20::text, $21::text, $22::text, $23::text, $32::text, $33::text, $34::text)
    returning id, request_no, created_at
  ), lines as (
    insert into request_lines (id, request_id, parent_line_id, line_no, item_id, set_id, amount, comment)
    select l.id, r.id, l.parent_line_id, l.line_no, l.item_id, l.set_id, l.amount, l.comment
    from r, unnest($24::uuid[], $25::uuid[], $26::int[], $27::uuid[], $28::uuid[], $29::int[], $30::text[])
      as l(id, parent_line_id, line_no, item_id, set_id, amount, comment)
  ), history as (
    insert into request_status_history (request_id, from_status, to_status, changed_by)
    select r.id, null, $2::request_status, $31::uuid from r
  )
  select id, request_no as "requestNo", created_at as "createdAt",
    ${contactSql('$31::uuid')} as contact, ${templatesSql('$35::locale[]')} as templates
  from r`);

/**
 * A new request with its lines and its first history row (status `values.status`, by `changedBy`) in
 * one statement; answers its id, number and creation time, and what its confirmation mail needs: the contact of
 * `changedBy` (the requester) and the stored OrderConfirmation templates of `mailLocales` (selectConfirmationContext).
 */
export async function insertRequestWithLines(
  db: Q,
  values: NewRequest,
  lines: NewRequestLine[],
  changedBy: string | null,
  mailLocales: readonly string[],
): Promise<{ id: string; requestNo: string; createdAt: Date; confirmation: ConfirmationContext }> {
  const v = values;
  const [row] = await runStatement<{
    id: string;
    requestNo: string;
    createdAt: Date;
    contact: ConfirmationContext['contact'];
    templates: ConfirmationContext['templates'];
  }>(db, insertOrderRequestStatement, [
    v.kind,
    v.status ?? 'submitted',
    v.locationId,
    v.userId ?? null,
    v.orderListId ?? null,
    v.idempotencyKey ?? null,
    v.requestedDate,
    v.expectedReturnDate ?? null,
    v.transportMeans ?? null,
    v.collect ?? false,
    v.rush ?? false,
    v.termsAccepted ?? false,
    v.destinationKind ?? null,
    v.depotId ?? null,
    v.workAddressId ?? null,
    v.addressCode ?? null,
    v.street ?? null,
    v.postcode ?? null,
    v.city ?? null,
    v.contactPerson ?? null,
    v.phone ?? null,
    v.reference ?? null,
    v.comment ?? null,
    lines.map((l) => l.id),
    lines.map((l) => l.parentLineId ?? null),
    lines.map((l) => l.lineNo),
    lines.map((l) => l.itemId ?? null),
    lines.map((l) => l.setId ?? null),
    lines.map((l) => l.amount),
    lines.map((l) => l.comment ?? null),
    changedBy,
    v.addressName ?? null,
    v.rushItemNo ?? null,
    v.commentCode ?? null,
    [...new Set(mailLocales)],
  ]);
  const { contact, templates, ...request } = row;
  return { ...request, confirmation: { contact, templates } };
}

const confirmationContextStatement = statement(`
  select ${contactSql('$1::uuid')} as contact, ${templatesSql('$2::locale[]')} as templates`);

/** The requester's contact (e-mail, name, language) and the stored OrderConfirmation templates of `locales`. */
export async function selectConfirmationContext(
  db: Q,
  userId: string,
  locales: readonly string[],
): Promise<ConfirmationContext> {
  const [row] = await runStatement<ConfirmationContext>(db, confirmationContextStatement, [
    userId,
    [...new Set(locales)],
  ]);
  return row;
}

/**
 * A new request of any kind with its lines (items, optionally one plant) and its first history row, in the
 * caller's transaction. The order submit has its own one-statement insert (insertRequestWithLines, decision 0011).
 */
export async function insertRequest(
  tx: Tx,
  values: NewRequest,
  lines: ReadonlyArray<Omit<NewRequestLine, 'requestId'>>,
  changedBy: string | null,
): Promise<{ id: string; requestNo: string; createdAt: Date }> {
  const [row] = await tx.insert(plantRequests).values(values).returning({
    id: plantRequests.id,
    requestNo: plantRequests.requestNo,
    createdAt: plantRequests.createdAt,
  });
  if (!row) throw new Error('insert plant_requests returned nothing');
  if (lines.length) await tx.insert(requestLines).values(lines.map((l) => ({ ...l, requestId: row.id })));
  await insertHistory(tx, {
    requestId: row.id,
    fromStatus: null,
    toStatus: values.status ?? 'submitted',
    changedBy,
  });
  return row;
}
