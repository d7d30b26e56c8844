// The ERP's public face (issue #33, decision 0027): its routes and what other areas may ask of it — among them the
// outbox (portal → ERP): the step an area takes in its own transaction, a row's ERP status, the operators' routes
// and the worker main.ts starts.

export { erpEnabled } from './erp.connector.ts';
export { type ErpPdfReader, erpPdfReader } from './erp.documents.ts';
export { queueSync, startErpSync } from './erp.jobs.ts';
export { erpRoutes } from './erp.routes.ts';
export { erpUserSync, requireErpAccount } from './erp.sync.service.ts';
export { syncOrder } from './erp.sync.ts';
export { startErpWebhooks } from './erp.webhooks.jobs.ts';
export { erpDelivery, startErpOutbox } from './outbox.delivery.ts';
export type {
  CancellationPayload,
  ComplaintPayload,
  LocationRequestPayload,
  NewOutboxMessage,
  RequestPayload,
  StatusChangePayload,
} from './outbox.messages.ts';
export { erpOutboxRoutes } from './outbox.routes.ts';
export { enqueue, erpOutboxEnabled, erpStatusOf } from './outbox.ts';
