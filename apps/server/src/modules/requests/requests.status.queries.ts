import type { RequestKind, RequestStatus } from '@mp/contract/rules/request-status';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import type { Tx } from '../../platform/http/idempotency.ts';

/*
 * The SQL of a request's status (requests.status.ts decides): the row locked for a change, the one statement pair
 * that writes a change with its history row, the plants picked for a request, and what the status mail names.
 */

type Q = Db | Tx;

/**
 * The version a client sends back: the request's last change in microseconds since 1970, exactly as PostgreSQL
 * keeps it (a JavaScript Date would round it to the millisecond).
 */
export const versionOf = (alias?: 'r') =>
  sql.raw(`(extract(epoch from ${alias ? `${alias}.` : ''}updated_at) * 1000000)::bigint::text`);

export type LockedRequestRow = {
  id: string;
  kind: RequestKind;
  status: RequestStatus;
  locationId: string;
  targetLocationId: string | null;
  userId: string | null;
  depotId: string | null;
  requestedDate: string;
  plannedDate: string | null;
  rush: boolean;
  version: string;
};

/** The request row, locked (`for update`) for the rest of the caller's transaction; null when there is none. */
export async function selectRequestForUpdate(tx: Tx, id: string): Promise<LockedRequestRow | null> {
  const r = await tx.execute<LockedRequestRow>(sql`
    select id, kind, status, location_id as "locationId", target_location_id as "targetLocationId",
      user_id as "userId", depot_id as "depotId", requested_date::text as "requestedDate",
      planned_date::text as "plannedDate", rush, ${versionOf()} as version
    from plant_requests where id = ${id} for update`);
  return r.rows[0] ?? null;
}

export interface StatusWrite {
  from: RequestStatus;
  to: RequestStatus;
  by: string;
  note: string | null;
  /** The plan's fields; null or absent keeps what the request has. */
  plannedDate?: string | null;
  depotId?: string | null;
  transportMeans?: string | null;
  /** A rejection's reason (null keeps the column). */
  rejectionReason?: string | null;
}

/**
 * Writes a change of the request: its status (and plan, and a rejection's reason) and its history row. Both are
 * stamped at the moment they are written (`clock_timestamp()`, not the transaction's start), so two changes in one
 * transaction keep their order.
 */
export async function writeStatus(tx: Tx, id: string, w: StatusWrite): Promise<void> {
  await tx.execute(sql`
    update plant_requests set status = ${w.to}::request_status, updated_at = clock_timestamp(),
      planned_date = coalesce(${w.plannedDate ?? null}::date, planned_date),
      depot_id = coalesce(${w.depotId ?? null}::uuid, depot_id),
      transport_means = coalesce(${w.transportMeans ?? null}, transport_means),
      rejection_reason = coalesce(${w.rejectionReason ?? null}, rejection_reason)
    where id = ${id}`);
  await tx.execute(sql`
    insert into request_status_history (request_id, from_status, to_status, changed_by, note, changed_at)
    values (${id}, ${w.from}::request_status, ${w.to}::request_status, ${w.by}, ${w.note}, clock_timestamp())`);
}

/** Frees the plants picked for a request. */
export async function deletePicks(db: Q, requestId: string): Promise<void> {
  await db.execute(sql`delete from request_line_plants where request_id = ${requestId}`);
}

/** Replaces a request's picks (one row per plant; a plant picked for another request breaks the unique index). */
export async function replacePicks(
  tx: Tx,
  requestId: string,
  picks: ReadonlyArray<{ lineId: string; plantId: string }>,
): Promise<void> {
  await deletePicks(tx, requestId);
  if (picks.length === 0) return;
  await tx.execute(sql`
    insert into request_line_plants (request_id, request_line_id, plant_id)
    select ${requestId}::uuid, p.line_id, p.plant_id
    from unnest(${sql.param(picks.map((p) => p.lineId))}::uuid[], ${sql.param(picks.map((p) => p.plantId))}::uuid[])
      as p(line_id, plant_id)`);
}

export type StatusMailRow = {
  requestNo: string;
  kind: RequestKind;
  plannedDate: string | null;
  email: string | null;
  name: string | null;
  language: string | null;
  locationNo: string;
  locationDescription: string | null;
};

/** What the status mail names: the request, its requester and its location. */
export async function selectStatusMailRow(tx: Tx, id: string): Promise<StatusMailRow | null> {
  const r = await tx.execute<StatusMailRow>(sql`
    select r.request_no as "requestNo", r.kind, r.planned_date::text as "plannedDate", u.email, u.name,
      u.language, l.location_no as "locationNo", l.description as "locationDescription"
    from plant_requests r join plant_locations l on l.id = r.location_id left join users u on u.id = r.user_id
    where r.id = ${id}`);
  return r.rows[0] ?? null;
}
