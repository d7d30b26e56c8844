/** The fake Business Central's public face (docs/erp/business-central.md, "The fake"). */
export { BC_SCOPE } from './auth.ts';
export type { FakeControl, InvoiceInput, RecordedCall } from './control.ts';
export { RENTAL_GROUP, RENTAL_PUBLISHER, RENTAL_VERSION } from './entities-rental.ts';
export type { Fault, FaultKind, FaultSpec } from './faults.ts';
export { type FakeBc, type FakeBcOptions, startFakeBc } from './server.ts';
export type { Delivery, WebhookOptions } from './webhooks.ts';
