/*
 * The ERP port (decision 0027): everything the portal reads from or writes to an ERP, in the portal's own words.
 * Two adapters implement it: erp.none.ts (no ERP: the portal is the system of record) and business-central/ (BC API
 * v2.0 over OData v4, also pointed at tools/fake-bc). Nothing outside modules/erp talks to an ERP.
 */

/** What the portal reads from the ERP, each synced on its own with its own checkpoint. */
export const erpEntities = [
  'categories',
  'items',
  'itemTranslations',
  'categoryTranslations',
  'itemTechnicalData',
  'itemImages',
  'customers',
  'projectLocations',
  'plants',
  'stockOnSite',
  'inspections',
  'users',
  'salesInvoices',
  'salesCreditMemos',
] as const;
export type ErpEntity = (typeof erpEntities)[number];

/** Where a sync of one entity stands: a full sync's next page, or the delta's high-water mark. */
export interface SyncCheckpoint {
  /** The ERP's link to the next page of a full sync in progress (resume from here). */
  nextLink: string | null;
  /** The greatest lastModifiedDateTime committed (ISO); the next delta asks for what changed after it. */
  modifiedSince: string | null;
}

/** One page of an entity: records as the ERP gives them (the sync maps them), and where the next page is. */
export interface ErpPage<T = Record<string, unknown>> {
  records: T[];
  /** The checkpoint to store with this page, in the same transaction as its rows. */
  checkpoint: SyncCheckpoint;
  /** Keys (systemIds) the ERP deleted since the checkpoint, when this page carries deletions. */
  deleted?: string[];
}

/** A message of the outbox (portal → ERP): a request, location request, complaint or cancellation. */
export interface OutboxMessage {
  id: string;
  kind: 'request' | 'cancellation' | 'locationRequest' | 'complaint';
  /** The portal's number of the document (request number, complaint number): the ERP's external document number. */
  documentNo: string;
  payload: Record<string, unknown>;
  /** The ERP's ETag of the document when the message updates one already sent. */
  etag: string | null;
}

export type DeliveryResult =
  | { outcome: 'sent'; erpId: string; etag: string | null }
  /** The ERP asks to wait (429/503 with Retry-After) or failed in a way worth retrying. */
  | { outcome: 'retry'; afterSeconds: number | null; errorCode: string; errorParams?: Record<string, string> }
  /** The ERP refused the message for good (a 4xx it will always answer): dead-letter it. */
  | { outcome: 'refused'; errorCode: string; errorParams?: Record<string, string> };

/** "Test connection": what was tried and how far it got, as translation keys (never the secret). */
export interface ConnectionTest {
  ok: boolean;
  steps: Array<{ step: 'configuration' | 'token' | 'company' | 'customApi'; ok: boolean; code: string }>;
}

/** A webhook subscription at the ERP (BC: 3 days, renewed before it expires). */
export interface ErpSubscription {
  id: string;
  resource: string;
  expiresAt: string;
  etag: string | null;
}

export interface ErpConnector {
  readonly kind: 'none' | 'business-central';
  testConnection(signal?: AbortSignal): Promise<ConnectionTest>;
  /** The pages of an entity from a checkpoint (null: a full sync from the start), one at a time. */
  pages(entity: ErpEntity, from: SyncCheckpoint | null, signal?: AbortSignal): AsyncIterable<ErpPage>;
  /** Delivers one outbox message, idempotently (a retry never makes a second document). */
  deliver(message: OutboxMessage, signal?: AbortSignal): Promise<DeliveryResult>;
  /** Subscribes to changes of an entity (a handshake with notificationUrl first); renews or ends one. */
  subscribe(entity: ErpEntity, notificationUrl: string, clientState: string): Promise<ErpSubscription>;
  renew(subscription: ErpSubscription): Promise<ErpSubscription>;
  unsubscribe(subscription: ErpSubscription): Promise<void>;
  /** A document's bytes from the ERP (an invoice's PDF), read on demand. */
  document(
    entity: 'salesInvoices' | 'salesCreditMemos',
    erpId: string,
    signal?: AbortSignal,
  ): Promise<Buffer>;
}
