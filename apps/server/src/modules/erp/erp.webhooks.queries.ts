import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';

/*
 * The portal's webhook subscriptions at the ERP, erp_subscriptions (decision 0027): one row per target the
 * `erp.webhooks` job keeps subscribed, with the clientState the ERP sends back and when the last notification came.
 */

export type SubscriptionRow = {
  target: string;
  entities: string[];
  subscriptionId: string | null;
  resource: string | null;
  notificationUrl: string | null;
  expiresAt: Date | null;
  etag: string | null;
  clientState: string;
  renewedAt: Date | null;
  createdAt: Date;
  lastNotificationAt: Date | null;
  notificationCount: number;
  lastErrorCode: string | null;
  lastErrorParams: Record<string, string> | null;
  lastErrorAt: Date | null;
};

const columns = sql`target, entities, subscription_id as "subscriptionId", resource,
  notification_url as "notificationUrl", expires_at as "expiresAt", etag, client_state as "clientState",
  renewed_at as "renewedAt", created_at as "createdAt", last_notification_at as "lastNotificationAt",
  notification_count as "notificationCount", last_error_code as "lastErrorCode",
  last_error_params as "lastErrorParams", last_error_at as "lastErrorAt"`;

/** A raw statement's moments come as text: as Dates, like the rest of the portal's rows. */
function toRow(r: SubscriptionRow): SubscriptionRow {
  const at = (v: Date | string | null) => (v === null ? null : new Date(v));
  return {
    ...r,
    expiresAt: at(r.expiresAt),
    renewedAt: at(r.renewedAt),
    createdAt: new Date(r.createdAt),
    lastNotificationAt: at(r.lastNotificationAt),
    lastErrorAt: at(r.lastErrorAt),
  };
}

export async function selectSubscriptions(db: Db): Promise<SubscriptionRow[]> {
  const r = await db.execute<SubscriptionRow>(sql`select ${columns} from erp_subscriptions order by target`);
  return r.rows.map(toRow);
}

/** The rows of the subscriptions a notification names (with their clientState, to compare). */
export async function selectSubscriptionsByIds(db: Db, ids: readonly string[]): Promise<SubscriptionRow[]> {
  if (!ids.length) return [];
  const r = await db.execute<SubscriptionRow>(
    sql`select ${columns} from erp_subscriptions where subscription_id = any(${sql.param(ids)}::text[])`,
  );
  return r.rows.map(toRow);
}

/**
 * A subscribe or renewal is about to ask the ERP: its row (made with a new clientState when there is none, or the
 * given one) waits for the validation request for `seconds`.
 */
export async function beginHandshake(
  db: Db,
  target: string,
  entities: readonly string[],
  clientState: string,
  seconds: number,
): Promise<void> {
  await db.execute(sql`
    insert into erp_subscriptions (target, entities, client_state, handshake_until)
    values (${target}, ${sql.param([...entities])}::text[], ${clientState}, now() + make_interval(secs => ${seconds}))
    on conflict (target) do update set entities = excluded.entities, client_state = excluded.client_state,
      handshake_until = excluded.handshake_until, updated_at = now()`);
}

/** Whether any subscribe or renewal waits for the ERP's validation request now (in any process). */
export async function handshakeWaiting(db: Db): Promise<boolean> {
  const r = await db.execute<{ waiting: boolean }>(
    sql`select exists (select 1 from erp_subscriptions where handshake_until > now()) as waiting`,
  );
  return r.rows[0]?.waiting ?? false;
}

/** What the ERP answered to a subscribe or renewal: the row holds it, the handshake is over. */
export async function saveSubscription(
  db: Db,
  target: string,
  s: { id: string; resource: string; expiresAt: string; etag: string | null; notificationUrl: string },
  renewed: boolean,
): Promise<void> {
  await db.execute(sql`
    update erp_subscriptions set subscription_id = ${s.id}, resource = ${s.resource},
      notification_url = ${s.notificationUrl}, expires_at = ${s.expiresAt}::timestamptz, etag = ${s.etag},
      handshake_until = null, renewed_at = case when ${renewed} then now() else renewed_at end,
      created_at = case when ${renewed} then created_at else now() end,
      last_error_code = null, last_error_params = null, last_error_at = null, updated_at = now()
    where target = ${target}`);
}

/** The ERP's latest ETag and expiry of a live subscription (read from its list), and the target's entities now. */
export async function refreshSubscription(
  db: Db,
  target: string,
  entities: readonly string[],
  s: { expiresAt: string; etag: string | null },
): Promise<void> {
  const list = sql`${sql.param([...entities])}::text[]`;
  await db.execute(sql`
    update erp_subscriptions set expires_at = ${s.expiresAt}::timestamptz, etag = coalesce(${s.etag}, etag),
      entities = ${list}, updated_at = now()
    where target = ${target} and (expires_at is distinct from ${s.expiresAt}::timestamptz
      or etag is distinct from coalesce(${s.etag}, etag) or entities is distinct from ${list})`);
}

/** A subscribe or renewal failed: why, and the ERP holds no subscription of it any more (a renewal's stays). */
export async function recordSubscriptionError(
  db: Db,
  target: string,
  code: string,
  params: Record<string, string>,
): Promise<void> {
  await db.execute(sql`
    update erp_subscriptions set handshake_until = null, last_error_code = ${code},
      last_error_params = ${JSON.stringify(params)}::jsonb, last_error_at = now(), updated_at = now()
    where target = ${target}`);
}

/** The ERP no longer holds the subscription (expired, ended): the row keeps only its target until it is made again. */
export async function forgetSubscription(db: Db, target: string): Promise<void> {
  await db.execute(sql`
    update erp_subscriptions set subscription_id = null, resource = null, expires_at = null, etag = null,
      updated_at = now()
    where target = ${target}`);
}

export async function deleteSubscriptionRow(db: Db, target: string): Promise<void> {
  await db.execute(sql`delete from erp_subscriptions where target = ${target}`);
}

/** Notifications of these subscriptions arrived now. */
export async function recordNotifications(db: Db, counts: ReadonlyMap<string, number>): Promise<void> {
  if (!counts.size) return;
  const ids = [...counts.keys()];
  const ns = ids.map((id) => counts.get(id)!);
  await db.execute(sql`
    update erp_subscriptions s set last_notification_at = now(), notification_count = notification_count + v.n
    from unnest(${sql.param(ids)}::text[], ${sql.param(ns)}::int[]) as v(id, n)
    where s.subscription_id = v.id`);
}
