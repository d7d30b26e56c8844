/*
 * The ERP port (decision 0027): everything the portal reads from or writes to an ERP, in the portal's own words.
 * Two adapters implement it: erp.none.ts (no ERP: the portal is the system of record) and business-central/ (BC API
 * v2.0 over OData v4, also pointed at tools/fake-bc). Nothing outside modules/erp talks to an ERP.
 */

import type { Locale } from '@mp/contract/i18n/locales';

/** A text in some of the portal's languages. */
export type LocaleTextMap = Partial<Record<Locale, string>>;

/**
 * What the portal reads from the ERP, each synced on its own with its own checkpoint, in this order (a later entity
 * names rows of an earlier one: an item its category, a translation its item, a location its customer).
 * `rentalItems` are the rental fields of the same items (a custom page over BC's Item, same systemId);
 * `deletions` are the ERP's deleted records of every entity (BC: the custom page deletedRecords).
 */
export const erpEntities = [
  'categories',
  'categoryTranslations',
  'items',
  'rentalItems',
  'itemTranslations',
  'technicalAttributes',
  'itemTechnicalData',
  'itemLinks',
  'itemImages',
  'depots',
  'customers',
  'projectLocations',
  'workAddresses',
  'plants',
  'stockOnSite',
  'inspections',
  'users',
  'salesInvoices',
  'salesCreditMemos',
  'deletions',
] as const;
export type ErpEntity = (typeof erpEntities)[number];

/** Where a sync of one entity stands: a run's next page, or the delta's high-water mark. */
export interface SyncCheckpoint {
  /** The ERP's link to the next page of a run in progress (resume from here); null: no run in progress. */
  nextLink: string | null;
  /**
   * The high-water mark (ISO, the ERP's lastModifiedDateTime): with nextLink null, the next delta asks what changed
   * after it; with a run in progress, the mark that run reaches when its last page is in (read from the ERP before
   * its first page, so nothing changed during the run is missed).
   */
  modifiedSince: string | null;
}

/** One page of an entity: records in the portal's words, and the checkpoint to store with them. */
export interface ErpPage<T = Record<string, unknown>> {
  records: T[];
  /** The checkpoint to store with this page, in the same transaction as its rows. */
  checkpoint: SyncCheckpoint;
  /** The records of the whole run as the ERP counts them ($count), when it says so (the progress of a long run). */
  total?: number | null;
}

/** The records of each entity as the portal takes them (`erpId`: the ERP's key of the record, BC's systemId). */
export interface ErpCategory {
  erpId: string;
  code: string;
  /** '' for a root. */
  parentCode: string;
  navisionFilter: string | null;
  sort: number;
}
export interface ErpCategoryTranslation {
  erpId: string;
  categoryCode: string;
  locale: Locale;
  name: string;
}
export interface ErpItem {
  erpId: string;
  itemNo: string;
  /** The description in the company's language (nl-NL), used until the ERP has a translation for it. */
  description: string;
  /** '' for none. */
  categoryCode: string;
  blocked: boolean;
}
export interface ErpRentalItem {
  erpId: string;
  itemNo: string;
  rentalType: 'Verhuur' | 'Verkoop' | 'Verkoop_Terugkoop';
  rentalUnit: string;
  dayPrice: string | null;
  weekPrice: string | null;
  salePrice: string | null;
  buyBackPrice: string | null;
  weight: string | null;
  numbered: boolean;
  inspectionIntervalMonths: number | null;
  searchable: boolean;
  visibleInCatalogue: boolean;
  sort: number;
}
export interface ErpItemTranslation {
  erpId: string;
  itemNo: string;
  locale: Locale;
  description: string;
  longDescription: string | null;
}
export interface ErpTechAttribute {
  erpId: string;
  code: string;
  kind: 'label' | 'text' | 'boolean' | 'number';
  unit: string | null;
  label: LocaleTextMap;
  filterable: boolean;
  sort: number;
}
export interface ErpItemTechData {
  erpId: string;
  itemNo: string;
  attributeCode: string;
  sort: number;
  booleanValue: boolean | null;
  numberValue: string | null;
  textValue: LocaleTextMap | null;
}
/** An item whose picture may have changed; the bytes come from `picture(erpId)`. */
export interface ErpItemImage {
  erpId: string;
  itemNo: string;
}
export interface ErpCustomer {
  erpId: string;
  customerNo: string;
  name: string;
  street: string | null;
  postcode: string | null;
  city: string | null;
  country: string;
  phone: string | null;
  email: string | null;
  vatNo: string | null;
  blocked: boolean;
}
export interface ErpProjectLocation {
  erpId: string;
  locationNo: string;
  customerNo: string;
  description: string;
  description2: string | null;
  projectNumber: string | null;
  blocked: boolean;
  street: string | null;
  postcode: string | null;
  city: string | null;
  country: string;
  startDate: string | null;
  endDate: string | null;
}
export interface ErpInspection {
  erpId: string;
  plantNo: string;
  inspectedOn: string;
  result: 'approved' | 'approved_with_remarks' | 'rejected';
  nextDueDate: string;
  inspector: string | null;
  remarks: string | null;
}
/** A depot (BC's standard `locations`): the portal keeps whether it is offered for orders and removals. */
export interface ErpDepot {
  erpId: string;
  depotNo: string;
  name: string;
  street: string | null;
  postcode: string | null;
  city: string | null;
  phone: string | null;
  email: string | null;
}
/** A work address (ship-to) of a project location. */
export interface ErpWorkAddress {
  erpId: string;
  locationNo: string;
  code: string;
  name: string;
  street: string;
  postcode: string | null;
  city: string;
  country: string;
  contactPerson: string | null;
  phone: string | null;
  isDefault: boolean;
}
/** An accessory delivered with an item, or an order tip shown with it. */
export interface ErpItemLink {
  erpId: string;
  itemNo: string;
  kind: 'accessory' | 'order_tip';
  linkedItemNo: string;
  amount: number;
  sort: number;
}
/** A numbered plant; where it stands: a project location, a depot, or neither ('' for none). */
export interface ErpPlant {
  erpId: string;
  plantNo: string;
  itemNo: string;
  serialNo: string | null;
  buildYear: number | null;
  status: 'in_service' | 'in_repair' | 'retired';
  external: boolean;
  locationNo: string;
  depotNo: string;
}
/** What stands on a project location now: a bulk quantity of an item, or one plant ('' for bulk). */
export interface ErpStockOnSite {
  erpId: string;
  locationNo: string;
  itemNo: string;
  plantNo: string;
  quantity: number;
  lastMovementDate: string | null;
}
/** A user of the portal as the ERP keeps it (BC: the custom page portalUsers with its locations; decision 0027). */
export interface ErpPortalUser {
  erpId: string;
  email: string;
  name: string;
  kind: 'internal' | 'external';
  /** '' for none (an internal user). */
  customerNo: string;
  /** Only for a user the sync makes: afterwards the language is the user's own choice. */
  language: Locale;
  phone: string | null;
  blocked: boolean;
  locations: Array<{ locationNo: string; role: 'user' | 'administration' }>;
}
/** A line of a posted sales invoice or credit memo. */
export interface ErpSalesLine {
  /** BC's sequence (10000, 20000, …): the order of the lines. */
  sequence: number;
  kind: 'rental' | 'sale' | 'cost' | 'credit';
  /** null: not an item line (costs, an account). */
  itemNo: string | null;
  description: string;
  periodFrom: string | null;
  periodTo: string | null;
  quantity: string;
  unitPrice: string;
  discountPercent: string;
  amount: string;
}
/** A posted sales invoice or credit memo with its lines (BC: salesInvoices, salesCreditMemos). */
export interface ErpSalesDocument {
  erpId: string;
  documentNo: string;
  customerNo: string;
  /** The project location's number; '' when the ERP names none. */
  locationNo: string;
  /** A credit memo's invoice ('' for none). */
  appliesToErpId: string;
  appliesToDocumentNo: string;
  documentDate: string;
  dueDate: string;
  status: 'open' | 'paid';
  currency: string;
  amountExclVat: string;
  vatAmount: string;
  amountInclVat: string;
  yourReference: string | null;
  lines: ErpSalesLine[];
}
/** A record the ERP deleted: which entity, and its key. */
export interface ErpDeletion {
  entity: ErpEntity;
  erpId: string;
}

/** The record type of each entity the sync reads (the others are not synced yet: see decision 0027). */
export interface ErpRecords {
  categories: ErpCategory;
  categoryTranslations: ErpCategoryTranslation;
  items: ErpItem;
  rentalItems: ErpRentalItem;
  itemTranslations: ErpItemTranslation;
  technicalAttributes: ErpTechAttribute;
  itemTechnicalData: ErpItemTechData;
  itemLinks: ErpItemLink;
  itemImages: ErpItemImage;
  depots: ErpDepot;
  customers: ErpCustomer;
  projectLocations: ErpProjectLocation;
  workAddresses: ErpWorkAddress;
  plants: ErpPlant;
  stockOnSite: ErpStockOnSite;
  inspections: ErpInspection;
  users: ErpPortalUser;
  salesInvoices: ErpSalesDocument;
  salesCreditMemos: ErpSalesDocument;
  deletions: ErpDeletion;
}
export type SyncedEntity = keyof ErpRecords;

/** A message of the outbox (portal → ERP): a request, location request, complaint or cancellation. */
export interface OutboxMessage {
  id: string;
  kind: 'request' | 'cancellation' | 'statusChange' | 'locationRequest' | 'complaint';
  /** The portal's number of the document (request number, complaint number): the ERP's external document number. */
  documentNo: string;
  payload: Record<string, unknown>;
  /** The ERP's id and ETag of the document when the message updates one already sent (a cancellation). */
  erpId: string | null;
  etag: string | null;
  /**
   * No try went before this one: nothing of it can be in the ERP yet, so a create need not look for the document
   * first (the ERP's 409 on its number still guards it). Leave out (false): look first.
   */
  firstTry?: boolean;
}

export type DeliveryResult =
  | { outcome: 'sent'; erpId: string; etag: string | null }
  /**
   * Worth trying again: a failure the ERP answered (counted: dead after 10), or — with an `ErpOutbox.wacht.*` code —
   * the ERP unavailable (not reached, 429/503, its API or credentials missing): not counted, the whole outbox waits,
   * `afterSeconds` as its Retry-After says.
   */
  | { outcome: 'retry'; afterSeconds: number | null; errorCode: string; errorParams?: Record<string, string> }
  /** The ERP refused the message for good (a 4xx it will always answer): dead-letter it. */
  | { outcome: 'refused'; errorCode: string; errorParams?: Record<string, string> };

/** "Test connection": what was tried and how far it got, as translation keys (never the secret). */
export interface ConnectionTest {
  ok: boolean;
  steps: Array<{
    step: 'configuration' | 'token' | 'company' | 'customApi';
    ok: boolean;
    code: string;
    params?: Record<string, string>;
  }>;
}

/** A webhook subscription at the ERP (BC: 3 days, renewed before it expires). */
export interface ErpSubscription {
  id: string;
  /** The target it watches (ErpWebhookTarget.key); null for a resource the portal does not subscribe to. */
  target: string | null;
  resource: string;
  notificationUrl: string;
  expiresAt: string;
  etag: string | null;
}

/** A collection of the ERP that notifies its changes, and the synced entities a change of it makes stale. */
export interface ErpWebhookTarget {
  /** The adapter's name of the collection (BC: `standard:items`, `rental:plants`). */
  key: string;
  entities: SyncedEntity[];
}

/** The reading side of an ERP (the sync, ERP → portal) and the connection test. */
export interface ErpConnector {
  readonly kind: 'none' | 'business-central';
  testConnection(signal?: AbortSignal): Promise<ConnectionTest>;
  /** The pages of an entity from a checkpoint (null: a full sync from the start), one at a time. */
  pages<E extends SyncedEntity>(
    entity: E,
    from: SyncCheckpoint | null,
    signal?: AbortSignal,
  ): AsyncIterable<ErpPage<ErpRecords[E]>>;
  /** Which of these plant numbers the ERP has (an inspection of a plant it does not have is left out). */
  plantsKnown(plantNos: readonly string[], signal?: AbortSignal): Promise<Set<string>>;
  /** An item's picture (SyncImages), or null when it has none. */
  picture(itemErpId: string, signal?: AbortSignal): Promise<{ bytes: Buffer; contentType: string } | null>;
  /** A document's bytes from the ERP (an invoice's PDF), read on demand. */
  document(
    entity: 'salesInvoices' | 'salesCreditMemos',
    erpId: string,
    signal?: AbortSignal,
  ): Promise<Buffer>;
}

/** The writing side (portal → ERP, the outbox of decision 0027): delivers one message, idempotently. */
export interface ErpDelivery {
  deliver(message: OutboxMessage, signal?: AbortSignal): Promise<DeliveryResult>;
}

/**
 * Webhook subscriptions (decision 0027): the targets worth watching, the subscriptions the ERP holds now, subscribe
 * (the ERP validates the notification URL first), renew (the same body again), end.
 */
export interface ErpSubscriptions {
  targets(): ErpWebhookTarget[];
  list(signal?: AbortSignal): Promise<ErpSubscription[]>;
  subscribe(
    target: string,
    notificationUrl: string,
    clientState: string,
    signal?: AbortSignal,
  ): Promise<ErpSubscription>;
  renew(
    subscription: ErpSubscription,
    notificationUrl: string,
    clientState: string,
    signal?: AbortSignal,
  ): Promise<ErpSubscription>;
  unsubscribe(subscription: ErpSubscription, signal?: AbortSignal): Promise<void>;
}
