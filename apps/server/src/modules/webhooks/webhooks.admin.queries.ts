import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';

/*
 * The SQL of the endpoints' screens (decision 0032): the endpoints a caller may see (all, or one customer's), their
 * writes, the delivery log, "send again" and the test event.
 */

type Q = Db | object;
const q = (db: Q) => db as Db;

export type EndpointRow = {
  id: string;
  customerId: string | null;
  customerName: string | null;
  url: string;
  description: string;
  eventTypes: string[];
  enabled: boolean;
  disabledReason: 'manual' | 'gone' | null;
  previousSecretUntil: Date | null;
  createdAt: Date;
  failed24h: number;
  pending: number;
};

const endpointColumns = sql`ep.id, ep.customer_id as "customerId", c.name as "customerName", ep.url, ep.description,
  ep.event_types as "eventTypes", ep.enabled, ep.disabled_reason as "disabledReason",
  ep.previous_secret_until as "previousSecretUntil", ep.created_at as "createdAt",
  (select count(*)::int from webhook_deliveries d where d.endpoint_id = ep.id and d.status = 'failed'
    and d.last_attempt_at > now() - interval '24 hours') as "failed24h",
  (select count(*)::int from webhook_deliveries d where d.endpoint_id = ep.id
    and d.status in ('pending', 'sending')) as pending`;

const asEndpoint = (r: EndpointRow): EndpointRow => ({
  ...r,
  previousSecretUntil: r.previousSecretUntil ? new Date(r.previousSecretUntil) : null,
  createdAt: new Date(r.createdAt),
});

/** The endpoints of `customerId` (undefined: every endpoint), newest first. */
export async function selectEndpoints(db: Q, customerId?: string): Promise<EndpointRow[]> {
  const r = await q(db).execute<EndpointRow>(sql`
    select ${endpointColumns} from webhook_endpoints ep left join customers c on c.id = ep.customer_id
    ${customerId === undefined ? sql`` : sql`where ep.customer_id = ${customerId}`}
    order by ep.created_at desc, ep.id`);
  return r.rows.map(asEndpoint);
}

export async function selectEndpoint(db: Q, id: string): Promise<EndpointRow | null> {
  const r = await q(db).execute<EndpointRow>(sql`
    select ${endpointColumns} from webhook_endpoints ep left join customers c on c.id = ep.customer_id
    where ep.id = ${id}`);
  return r.rows[0] ? asEndpoint(r.rows[0]) : null;
}

export async function customerExists(db: Q, id: string): Promise<boolean> {
  const r = await q(db).execute(sql`select 1 from customers where id = ${id}`);
  return r.rows.length > 0;
}

export async function insertEndpoint(
  db: Q,
  e: {
    customerId: string | null;
    url: string;
    description: string;
    eventTypes: string[];
    secret: string;
    createdBy: string;
  },
): Promise<string> {
  const r = await q(db).execute<{ id: string }>(sql`
    insert into webhook_endpoints (customer_id, url, description, event_types, secret, created_by)
    values (${e.customerId}, ${e.url}, ${e.description}, ${`{${e.eventTypes.join(',')}}`}::text[],
      ${e.secret}, ${e.createdBy})
    returning id`);
  return r.rows[0]!.id;
}

export async function updateEndpoint(
  db: Q,
  id: string,
  u: { url?: string; description?: string; eventTypes?: string[]; enabled?: boolean },
): Promise<void> {
  const sets = [sql`updated_at = now()`];
  if (u.url !== undefined) sets.push(sql`url = ${u.url}`);
  if (u.description !== undefined) sets.push(sql`description = ${u.description}`);
  if (u.eventTypes !== undefined) sets.push(sql`event_types = ${`{${u.eventTypes.join(',')}}`}::text[]`);
  if (u.enabled !== undefined)
    sets.push(sql`enabled = ${u.enabled}, disabled_reason = ${u.enabled ? null : 'manual'}`);
  await q(db).execute(sql`update webhook_endpoints set ${sql.join(sets, sql`, `)} where id = ${id}`);
}

/** A new secret; the current one keeps signing alongside it until `overlapUntil`. */
export async function rotateSecret(db: Q, id: string, secret: string, overlapUntil: Date): Promise<void> {
  await q(db).execute(sql`
    update webhook_endpoints set previous_secret = secret, previous_secret_until = ${overlapUntil},
      secret = ${secret}, updated_at = now()
    where id = ${id}`);
}

export async function deleteEndpoint(db: Q, id: string): Promise<void> {
  await q(db).execute(sql`delete from webhook_endpoints where id = ${id}`);
}

export type DeliveryRow = {
  id: string;
  eventId: string;
  eventType: string;
  status: 'pending' | 'sending' | 'delivered' | 'failed';
  attempts: number;
  nextAttemptAt: Date;
  createdAt: Date;
  deliveredAt: Date | null;
  log: Array<{
    at: string;
    statusCode: number | null;
    durationMs: number;
    errorCode: string | null;
    errorDetail: string | null;
  }>;
};

/** An endpoint's deliveries, newest first, each with its last 20 tries. */
export async function selectDeliveries(
  db: Q,
  endpointId: string,
  o: { status?: DeliveryRow['status']; limit: number },
): Promise<DeliveryRow[]> {
  const r = await q(db).execute<DeliveryRow>(sql`
    select d.id, d.event_id as "eventId", e.type as "eventType", d.status, d.attempts,
      d.next_attempt_at as "nextAttemptAt", d.created_at as "createdAt", d.delivered_at as "deliveredAt",
      coalesce((select jsonb_agg(jsonb_build_object('at', a.at, 'statusCode', a.status_code,
          'durationMs', a.duration_ms, 'errorCode', a.error_code, 'errorDetail', a.error_detail) order by a.id desc)
        from (select * from webhook_attempts a where a.delivery_id = d.id order by a.id desc limit 20) a),
        '[]'::jsonb) as log
    from webhook_deliveries d join webhook_events e on e.id = d.event_id
    where d.endpoint_id = ${endpointId} ${o.status ? sql`and d.status = ${o.status}` : sql``}
    order by d.created_at desc, d.id desc limit ${o.limit}`);
  return r.rows.map((row) => ({
    ...row,
    nextAttemptAt: new Date(row.nextAttemptAt),
    createdAt: new Date(row.createdAt),
    deliveredAt: row.deliveredAt ? new Date(row.deliveredAt) : null,
  }));
}

/**
 * "Send again": the delivery due now, its tries counted afresh and another 24 h to go (the same event id). A
 * delivery being sent right now is left to its worker: false.
 */
export async function resendDelivery(db: Q, endpointId: string, id: string, now: Date): Promise<boolean> {
  const r = await q(db).execute(sql`
    update webhook_deliveries set status = 'pending', attempts = 0, next_attempt_at = ${now},
      give_up_at = ${new Date(now.getTime() + 86_400_000)}, delivered_at = null
    where id = ${id} and endpoint_id = ${endpointId} and status <> 'sending'`);
  return (r.rowCount ?? 0) > 0;
}

export async function deliveryExists(db: Q, endpointId: string, id: string): Promise<boolean> {
  const r = await q(db).execute(
    sql`select 1 from webhook_deliveries where id = ${id} and endpoint_id = ${endpointId}`,
  );
  return r.rows.length > 0;
}

/** The test event: an event of type webhook.test for this one endpoint, due now. */
export async function insertTestEvent(
  db: Q,
  endpointId: string,
  customerId: string | null,
  data: Record<string, unknown>,
): Promise<string> {
  const r = await q(db).execute<{ id: string }>(sql`
    with e as (
      insert into webhook_events (type, customer_id, data)
      values ('webhook.test', ${customerId}, ${JSON.stringify(data)}::jsonb) returning id)
    insert into webhook_deliveries (event_id, endpoint_id) select e.id, ${endpointId} from e
    returning id`);
  return r.rows[0]!.id;
}
