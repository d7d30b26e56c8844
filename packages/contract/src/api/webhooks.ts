import { z } from 'zod';

/*
 * Signed webhooks (issue #37 point 4, decision 0032): endpoints that admins (for one customer or all) and key users
 * (for their own customer) register, the events they receive, and each endpoint's delivery log. Routes under
 * /api/v2.0/Webhooks.
 */

/** The events an endpoint can subscribe to. */
export const webhookEventTypes = [
  'request.submitted',
  'request.planned',
  'request.executed',
  'request.cancelled',
  'request.rejected',
  'order.delivered',
  'order.collected',
  'invoice.posted',
  'complaint.status_changed',
  'location.registered',
  'location.deregistered',
] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];
/** Sent by "send test event" only, to that one endpoint. */
export const webhookTestEvent = 'webhook.test';

export const webhookDeliveryStatuses = ['pending', 'sending', 'delivered', 'failed'] as const;

const description = z.string().trim().max(200);

/** POST /Webhooks/endpoints: customerId null (admins only) receives every customer's events. */
export const webhookEndpointCreate = z
  .object({
    url: z.string().trim().min(1).max(2000).meta({ format: 'uri' }),
    description: description.default(''),
    eventTypes: z.array(z.enum(webhookEventTypes)).min(1).max(webhookEventTypes.length),
    /** A key user's own customer is taken when left out. */
    customerId: z.string().uuid().nullable().optional(),
  })
  .strict();
export type WebhookEndpointCreate = z.input<typeof webhookEndpointCreate>;

/** PATCH /Webhooks/endpoints/{id}. */
export const webhookEndpointUpdate = z
  .object({
    url: z.string().trim().min(1).max(2000).meta({ format: 'uri' }).optional(),
    description: description.optional(),
    eventTypes: z.array(z.enum(webhookEventTypes)).min(1).max(webhookEventTypes.length).optional(),
    enabled: z.boolean().optional(),
  })
  .strict();
export type WebhookEndpointUpdate = z.input<typeof webhookEndpointUpdate>;

export const webhookEndpoint = z.object({
  id: z.string(),
  customerId: z.string().nullable(),
  /** The customer's name; null for "all customers". */
  customerName: z.string().nullable(),
  url: z.string().meta({ format: 'uri' }),
  description: z.string(),
  eventTypes: z.array(z.string()),
  enabled: z.boolean(),
  /** manual: disabled by a person; gone: the endpoint answered 410 Gone. */
  disabledReason: z.enum(['manual', 'gone']).nullable(),
  /** Until when the previous secret still signs alongside the current one (after a rotation). */
  previousSecretUntil: z.string().nullable(),
  createdAt: z.string(),
  /** Deliveries of the last 24 h that failed for good, and those still on their way. */
  failed24h: z.number().int(),
  pending: z.number().int(),
});
export type WebhookEndpointView = z.infer<typeof webhookEndpoint>;

export const webhookEndpointList = z.object({ items: z.array(webhookEndpoint) });

/** The answer of a create or a rotation: the secret, shown this once. */
export const webhookEndpointWithSecret = z.object({ endpoint: webhookEndpoint, secret: z.string() });

/** The answer of "send test event" (202): the delivery it made. */
export const webhookTestSent = z.object({ deliveryId: z.string() });

export const webhookAttempt = z.object({
  at: z.string(),
  statusCode: z.number().int().nullable(),
  durationMs: z.number().int(),
  /** The failure as a translation key, its text in the reader's language, and a short detail. */
  error: z.object({ code: z.string(), message: z.string(), detail: z.string().nullable() }).nullable(),
});

export const webhookDelivery = z.object({
  id: z.string(),
  /** The event id: the `webhook-id` header, the same on every try. */
  eventId: z.string(),
  eventType: z.string(),
  status: z.enum(webhookDeliveryStatuses),
  attempts: z.number().int(),
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
  /** The tries, newest first (at most 20). */
  log: z.array(webhookAttempt),
});
export type WebhookDeliveryView = z.infer<typeof webhookDelivery>;

export const webhookDeliveryListQuery = z
  .object({
    status: z.enum(webhookDeliveryStatuses).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(50),
  })
  .strict();
export const webhookDeliveryList = z.object({ items: z.array(webhookDelivery) });

/** The body every endpoint receives (Standard Webhooks): what happened, when, and its data. */
export const webhookPayload = z.object({
  type: z.string(),
  timestamp: z.string(),
  data: z.record(z.string(), z.unknown()),
});
