import type {
  WebhookDeliveryView,
  WebhookEndpointCreate,
  WebhookEndpointUpdate,
  WebhookEndpointView,
} from '@mp/contract/api/webhooks';
import { webhookEndpointCreate, webhookEndpointUpdate } from '@mp/contract/api/webhooks';
import { translate } from '@mp/contract/i18n';
import { isAdmin, isKeyUser } from '@mp/contract/permissions';
import { AppError, errors, fieldErrors } from '../../platform/errors.ts';
import { type AuthUser, type Ctx, requireUser } from '../../platform/http/context.ts';
import { refusedUrl } from './webhooks.address.ts';
import {
  customerExists,
  type DeliveryRow,
  deleteEndpoint,
  deliveryExists,
  type EndpointRow,
  insertEndpoint,
  insertTestEvent,
  resendDelivery,
  rotateSecret,
  selectDeliveries,
  selectEndpoint,
  selectEndpoints,
  updateEndpoint,
} from './webhooks.admin.queries.ts';
import { notifyEndpointsChanged } from './webhooks.events.queries.ts';
import { forgetWebhookSubscriptions } from './webhooks.events.ts';
import { newSecret } from './webhooks.signature.ts';

/*
 * The endpoints' rules (decision 0032, "Who registers what"): an admin registers endpoints for any customer or for
 * all of them (customerId null); a key user (decision 0023) for its own customer only, and sees only those. Anyone
 * else is refused (403); another customer's endpoint is not found (404) for a key user. The secret is answered
 * once, on create and on rotation; after a rotation the previous secret signs alongside the new one for 24 h.
 */

/** How long the previous secret keeps signing after a rotation. */
export const ROTATION_OVERLAP_MS = 24 * 3600_000;

export interface WebhookSettings {
  /** WEBHOOKS_ALLOW_LOOPBACK: loopback addresses and http admitted (development and tests only). */
  allowLoopback: boolean;
}

/** Who manages endpoints: an admin (every customer) or a key user (its own customer). */
function manager(ctx: Ctx): { user: AuthUser; customerId: string | null; admin: boolean } {
  const user = requireUser(ctx);
  if (isAdmin({ user })) return { user, customerId: null, admin: true };
  if (isKeyUser({ user })) return { user, customerId: user.customerId, admin: false };
  throw errors.forbidden();
}

const notFound = () => errors.notFound('webhooks.onbekend');

/** The endpoint if the caller may manage it (404 otherwise: a key user never learns of another customer's). */
async function endpointOf(ctx: Ctx, id: string): Promise<EndpointRow> {
  const m = manager(ctx);
  const e = await selectEndpoint(ctx.db, id);
  if (!e || (!m.admin && e.customerId !== m.customerId)) throw notFound();
  return e;
}

function view(e: EndpointRow): WebhookEndpointView {
  return {
    id: e.id,
    customerId: e.customerId,
    customerName: e.customerName,
    url: e.url,
    description: e.description,
    eventTypes: e.eventTypes,
    enabled: e.enabled,
    disabledReason: e.disabledReason,
    previousSecretUntil: e.previousSecretUntil?.toISOString() ?? null,
    createdAt: e.createdAt.toISOString(),
    failed24h: e.failed24h,
    pending: e.pending,
  };
}

/** The subscribed event types changed: here at once, in the other processes on the NOTIFY. */
async function endpointsChanged(ctx: Ctx): Promise<void> {
  forgetWebhookSubscriptions();
  await notifyEndpointsChanged(ctx.db);
}

function checkUrl(url: string, s: WebhookSettings): void {
  const problem = refusedUrl(url, s.allowLoopback);
  if (problem) throw fieldErrors('invalid', 'error.ongeldige_invoer', { url: problem });
}

export async function listEndpoints(ctx: Ctx): Promise<{ items: WebhookEndpointView[] }> {
  const m = manager(ctx);
  const rows = await selectEndpoints(ctx.db, m.admin ? undefined : (m.customerId ?? undefined));
  return { items: rows.map(view) };
}

export async function getEndpoint(ctx: Ctx, id: string): Promise<WebhookEndpointView> {
  return view(await endpointOf(ctx, id));
}

export async function createEndpoint(
  ctx: Ctx,
  s: WebhookSettings,
  raw: WebhookEndpointCreate,
): Promise<{ endpoint: WebhookEndpointView; secret: string }> {
  const m = manager(ctx);
  const input = webhookEndpointCreate.parse(raw);
  let customerId: string | null;
  if (m.admin) {
    customerId = input.customerId ?? null;
    if (customerId !== null && !(await customerExists(ctx.db, customerId)))
      throw fieldErrors('invalid', 'error.ongeldige_invoer', { customerId: 'webhooks.fout.klant_onbekend' });
  } else {
    // a key user registers for its own customer; naming another (or all) is refused
    if (input.customerId !== undefined && input.customerId !== m.customerId) throw errors.forbidden();
    customerId = m.customerId;
  }
  checkUrl(input.url, s);
  const secret = newSecret();
  const id = await insertEndpoint(ctx.db, {
    customerId,
    url: input.url,
    description: input.description,
    eventTypes: [...new Set(input.eventTypes)],
    secret,
    createdBy: m.user.id,
  });
  await endpointsChanged(ctx);
  return { endpoint: view((await selectEndpoint(ctx.db, id))!), secret };
}

export async function changeEndpoint(
  ctx: Ctx,
  s: WebhookSettings,
  id: string,
  raw: WebhookEndpointUpdate,
): Promise<WebhookEndpointView> {
  await endpointOf(ctx, id);
  const input = webhookEndpointUpdate.parse(raw);
  if (input.url !== undefined) checkUrl(input.url, s);
  await updateEndpoint(ctx.db, id, {
    ...input,
    eventTypes: input.eventTypes ? [...new Set(input.eventTypes)] : undefined,
  });
  await endpointsChanged(ctx);
  return view((await selectEndpoint(ctx.db, id))!);
}

export async function rotateEndpointSecret(
  ctx: Ctx,
  id: string,
): Promise<{ endpoint: WebhookEndpointView; secret: string }> {
  await endpointOf(ctx, id);
  const secret = newSecret();
  await rotateSecret(ctx.db, id, secret, new Date(ctx.now.getTime() + ROTATION_OVERLAP_MS));
  return { endpoint: view((await selectEndpoint(ctx.db, id))!), secret };
}

export async function removeEndpoint(ctx: Ctx, id: string): Promise<null> {
  await endpointOf(ctx, id);
  await deleteEndpoint(ctx.db, id);
  await endpointsChanged(ctx);
  return null;
}

function deliveryView(ctx: Ctx, d: DeliveryRow): WebhookDeliveryView {
  return {
    id: d.id,
    eventId: d.eventId,
    eventType: d.eventType,
    status: d.status,
    attempts: d.attempts,
    nextAttemptAt: d.status === 'pending' ? d.nextAttemptAt.toISOString() : null,
    createdAt: d.createdAt.toISOString(),
    deliveredAt: d.deliveredAt?.toISOString() ?? null,
    log: d.log.map((a) => ({
      at: new Date(a.at).toISOString(),
      statusCode: a.statusCode,
      durationMs: a.durationMs,
      error: a.errorCode
        ? {
            code: a.errorCode,
            message: translate(ctx.locale, a.errorCode, { status: a.statusCode ?? '' }),
            detail: a.errorDetail,
          }
        : null,
    })),
  };
}

export async function listDeliveries(
  ctx: Ctx,
  id: string,
  query: { status?: DeliveryRow['status']; limit: number },
): Promise<{ items: WebhookDeliveryView[] }> {
  await endpointOf(ctx, id);
  const rows = await selectDeliveries(ctx.db, id, query);
  return { items: rows.map((d) => deliveryView(ctx, d)) };
}

/** "Send again": the same event (same webhook-id), due now. */
export async function resend(ctx: Ctx, id: string, deliveryId: string): Promise<null> {
  await endpointOf(ctx, id);
  if (!(await deliveryExists(ctx.db, id, deliveryId))) throw notFound();
  if (!(await resendDelivery(ctx.db, id, deliveryId, ctx.now)))
    throw new AppError('conflict', 'webhooks.wordt_verstuurd');
  return null;
}

/** "Send test event": a webhook.test event to this endpoint only (also when it is disabled it waits for it). */
export async function sendTestEvent(ctx: Ctx, id: string): Promise<{ deliveryId: string }> {
  const e = await endpointOf(ctx, id);
  const deliveryId = await insertTestEvent(ctx.db, id, e.customerId, {
    endpointId: id,
    message: 'Test event from Materieelportaal',
  });
  return { deliveryId };
}
