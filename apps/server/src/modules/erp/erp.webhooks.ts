import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../config.ts';
import type { JobQueue } from '../../platform/jobs/jobs.ts';
import { BusinessCentralConnector } from './business-central/adapter.ts';
import { ErpError } from './business-central/errors.ts';
import { BcSubscriptions } from './business-central/subscriptions.ts';
import { erpConnector, erpEnabled } from './erp.connector.ts';
import { queueSync } from './erp.jobs.ts';
import type { ErpSubscription, ErpSubscriptions, SyncedEntity } from './erp.port.ts';
import { type SyncDeps, syncEntities, syncOrder } from './erp.sync.ts';
import {
  beginHandshake,
  deleteSubscriptionRow,
  forgetSubscription,
  handshakeWaiting,
  recordNotifications,
  recordSubscriptionError,
  refreshSubscription,
  type SubscriptionRow,
  saveSubscription,
  selectSubscriptions,
  selectSubscriptionsByIds,
} from './erp.webhooks.queries.ts';

/*
 * Webhooks from the ERP (issue #33 point 2, decision 0027): the portal keeps a subscription per target of the ERP
 * (a collection the sync reads that notifies its changes) and a notification queues the delta of the target's
 * entities at once — the schedule (ERP_POLL_SECONDS) stays as the safety net. `ensureSubscriptions` (the
 * `erp.webhooks` job) makes each missing subscription, renews one a day before it expires, makes again one the ERP
 * lost (expired, ended after a refused notification), and ends those no target wants. `receiveNotifications` is the
 * endpoint's work: each entry's clientState is compared with its subscription's; an entry that does not match is
 * ignored and counted, never refused (a 4xx ends the subscription at BC).
 */

/** A subscription is renewed when it expires within this (BC: after 3 days). */
export const RENEW_BEFORE_MS = 86_400_000;
/** How long a subscribe or renewal waits for the ERP's validation request (BC asks within seconds). */
const HANDSHAKE_SECONDS = 60;

export interface WebhookDeps extends SyncDeps {
  config: SyncDeps['config'] & Pick<Config, 'ERP_WEBHOOKS' | 'publicUrl'>;
  jobs?: JobQueue | null;
}

/** ERP_WEBHOOKS: on, off, or auto — on when the portal is public https (BC online calls nothing else) or with the fake. */
export function webhooksEnabled(config: Pick<Config, 'ERP' | 'ERP_WEBHOOKS' | 'publicUrl'>): boolean {
  if (config.ERP === 'none' || config.ERP_WEBHOOKS === 'off') return false;
  if (config.ERP_WEBHOOKS === 'on') return true;
  return config.ERP === 'fake-bc' || config.publicUrl.startsWith('https:');
}

export function notificationUrlOf(config: Pick<Config, 'publicUrl'>): string {
  return `${config.publicUrl.replace(/\/+$/, '')}/api/v2.0/Erp/notifications`;
}

/** The subscriptions side of the configured ERP; null without one (or with its settings incomplete). */
export async function erpSubscriptions(deps: SyncDeps): Promise<ErpSubscriptions | null> {
  if (!erpEnabled(deps)) return null;
  const connector = await erpConnector(deps);
  return connector instanceof BusinessCentralConnector ? new BcSubscriptions(connector.client) : null;
}

export interface EnsureResult {
  made: string[];
  renewed: string[];
  ended: string[];
  failed: string[];
}

const errorOf = (e: unknown): { code: string; params: Record<string, string> } =>
  e instanceof ErpError
    ? { code: e.code, params: e.params }
    : { code: 'erp.fout.portaal', params: { what: 'webhooks' } };

/**
 * Makes every target of the ERP subscribed (see above); with webhooks off, ends what the portal holds. `now` is
 * when it runs (a test moves it to a renewal's day). A failure of one target is kept on its row for the admin and
 * does not stop the others.
 */
export async function ensureSubscriptions(
  deps: WebhookDeps,
  options: { now?: Date; signal?: AbortSignal } = {},
): Promise<EnsureResult> {
  const result: EnsureResult = { made: [], renewed: [], ended: [], failed: [] };
  const subs = await erpSubscriptions(deps);
  if (!subs) return result;
  const now = (options.now ?? new Date()).getTime();
  const signal = options.signal;
  const url = notificationUrlOf(deps.config);
  const enabled = webhooksEnabled(deps.config);
  const targets = enabled ? subs.targets() : [];
  const rows = await selectSubscriptions(deps.db);
  const live = new Map((await subs.list(signal)).map((s) => [s.id, s]));
  const held = new Set(rows.map((r) => r.subscriptionId));

  // what no target wants any more, and subscriptions to this portal that no row knows (a crash between the ERP's
  // answer and its row): ended
  for (const row of rows)
    if (!targets.some((t) => t.key === row.target)) {
      const sub = row.subscriptionId ? live.get(row.subscriptionId) : undefined;
      if (sub) await subs.unsubscribe(sub, signal);
      await deleteSubscriptionRow(deps.db, row.target);
      result.ended.push(row.target);
    }
  for (const sub of live.values())
    if (sub.notificationUrl === url && !held.has(sub.id)) await subs.unsubscribe(sub, signal);

  for (const target of targets) {
    const row = rows.find((r) => r.target === target.key);
    const current = row?.subscriptionId ? live.get(row.subscriptionId) : undefined;
    try {
      if (row && current && current.target === target.key && row.notificationUrl === url) {
        if (Date.parse(current.expiresAt) - now > RENEW_BEFORE_MS) {
          await refreshSubscription(deps.db, target.key, target.entities, current);
          continue;
        }
        const renewed = await renew(deps, subs, row, current, url, signal);
        if (renewed) {
          result.renewed.push(target.key);
          continue;
        }
      } else if (current) await subs.unsubscribe(current, signal);
      if (row?.subscriptionId) await forgetSubscription(deps.db, target.key);
      const clientState = randomBytes(32).toString('base64url');
      await beginHandshake(deps.db, target.key, target.entities, clientState, HANDSHAKE_SECONDS);
      const made = await subs.subscribe(target.key, url, clientState, signal);
      await saveSubscription(deps.db, target.key, { ...made, notificationUrl: url }, false);
      result.made.push(target.key);
    } catch (e) {
      if (signal?.aborted) throw e;
      const { code, params } = errorOf(e);
      await recordSubscriptionError(deps.db, target.key, code, params);
      result.failed.push(target.key);
    }
  }
  return result;
}

/** Renews a live subscription with its own clientState; false when the ERP no longer has it (make it again). */
async function renew(
  deps: WebhookDeps,
  subs: ErpSubscriptions,
  row: SubscriptionRow,
  current: ErpSubscription,
  url: string,
  signal?: AbortSignal,
): Promise<boolean> {
  await beginHandshake(deps.db, row.target, row.entities, row.clientState, HANDSHAKE_SECONDS);
  try {
    const renewed = await subs.renew(current, url, row.clientState, signal);
    await saveSubscription(deps.db, row.target, { ...renewed, notificationUrl: url }, true);
    return true;
  } catch (e) {
    if (e instanceof ErpError && e.kind === 'not_found') return false;
    throw e;
  }
}

/** A validation token is echoed as it came only when it is plain printable text (no spaces, no markup). */
const echoable = /^[\x21-\x3b\x3d\x3f-\x7e]+$/;

/**
 * BC's validation request: its token is echoed only while a subscribe or renewal of the portal waits for one (in any
 * process), else anyone could subscribe the portal's URL at a BC of theirs and have it reflect their text.
 */
export async function validationEcho(deps: Pick<WebhookDeps, 'db'>, token: string): Promise<boolean> {
  return echoable.test(token) && (await handshakeWaiting(deps.db));
}

/** One entry of a notification (BC's shape, docs/erp/business-central.md §8), as far as the portal reads it. */
export interface NotificationEntry {
  subscriptionId: string;
  clientState?: string | null;
  resource?: string;
  changeType?: string;
}

/** Whether two secrets are equal, in a time that does not depend on where they differ. */
function sameSecret(given: string, expected: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(given), digest(expected)) && expected.length > 0;
}

export type NotificationLog = (fields: { accepted: number; ignored: number; queued: string[] }) => void;

/**
 * A POST of notifications: the entries whose clientState matches their subscription's queue the delta of that
 * target's entities (a `deleted` one also the deletions); the others are ignored and only counted. A duplicate
 * notification queues nothing new: the sync's queue keeps one waiting job per entity.
 */
export async function receiveNotifications(
  deps: WebhookDeps,
  entries: readonly NotificationEntry[],
  log?: NotificationLog,
): Promise<void> {
  if (entries.length === 0) return;
  const rows = new Map(
    (await selectSubscriptionsByIds(deps.db, [...new Set(entries.map((e) => e.subscriptionId))])).map((r) => [
      r.subscriptionId,
      r,
    ]),
  );
  const stale = new Set<string>();
  const counts = new Map<string, number>();
  let ignored = 0;
  for (const entry of entries) {
    const row = rows.get(entry.subscriptionId);
    if (!row || !sameSecret(entry.clientState ?? '', row.clientState)) {
      ignored++;
      continue;
    }
    counts.set(entry.subscriptionId, (counts.get(entry.subscriptionId) ?? 0) + 1);
    for (const entity of row.entities) stale.add(entity);
    if (entry.changeType === 'deleted') stale.add('deletions');
  }
  await recordNotifications(deps.db, counts);
  const entities = syncOrder.filter((e) => stale.has(e));
  if (entities.length) await queueDeltas(deps, entities);
  log?.({ accepted: entries.length - ignored, ignored, queued: entities });
}

/** Runs of a process without the job runner: one per entity at a time, and one more when asked meanwhile. */
const inline = new Map<SyncedEntity, { again: boolean }>();

/** The deltas of these entities: queued as jobs, or (without the job runner) run here after the answer. */
async function queueDeltas(deps: WebhookDeps, entities: SyncedEntity[]): Promise<void> {
  if (deps.jobs) {
    await queueSync(deps.jobs, entities);
    return;
  }
  for (const entity of entities) {
    const running = inline.get(entity);
    if (running) {
      running.again = true;
      continue;
    }
    const state = { again: false };
    inline.set(entity, state);
    void (async () => {
      try {
        do {
          state.again = false;
          await syncEntities(deps, [entity]);
        } while (state.again);
      } catch {
        // why: the state row keeps the error for the admin; the schedule runs it again
      } finally {
        inline.delete(entity);
      }
    })();
  }
}
