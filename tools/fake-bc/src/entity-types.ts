/**
 * How an entity set of the fake is described: its fields with their OData types, its key order, its parent (a
 * document's lines), what may be expanded, and whether the API may write it. The definitions themselves are in
 * entities-standard.ts (Business Central's API v2.0) and entities-rental.ts (the custom API pages of
 * docs/erp/business-central.md).
 */

export type FieldType = 'guid' | 'string' | 'int' | 'decimal' | 'boolean' | 'date' | 'datetime' | 'enum';

export interface FieldDef {
  type: FieldType;
  /** The enum's values (type 'enum'). */
  values?: readonly string[];
  /** Set by the server; a write naming it is refused. */
  readOnly?: boolean;
  /** Needed on create. */
  required?: boolean;
  /** A Code[n] / Text[n] field: a longer string is refused (400, BC's message). */
  maxLength?: number;
  /** Unique within the set (numbers, codes): looked up by references and kept in an index. */
  unique?: boolean;
  /** The value must be the `field` of a record of `set` (a number or code), else 400 Internal_RecordNotFound. */
  refers?: { set: string; field: string; label: string };
}

export type ApiRoute = 'standard' | 'rental';

export interface EntityDef {
  /** The entity set's name in the URL ('items'). */
  set: string;
  /** The entity type's name ('item'): Microsoft.NAV.{type} in messages and $metadata. */
  type: string;
  api: ApiRoute;
  fields: Record<string, FieldDef>;
  /** The default order (BC: the table's primary key), then id. */
  key: readonly string[];
  /** A line set: `field` holds the header's id; the header is reached as `{parentSet}({id})/{set}`. */
  parent?: { set: string; field: string };
  /** Navigations that $expand (and a path segment) may name: the child set and its field holding this id. */
  expand?: Record<string, { set: string; field: string }>;
  /** The API may create, change and delete (false: read-only, e.g. posted documents, stock). */
  writable: boolean;
  /** Values given to a new record's number field, e.g. { field: 'number', prefix: 'VO-', width: 6 }. */
  numberSeries?: { field: string; prefix: string; width: number };
  /** Fields a create sets when the caller leaves them out. */
  defaults?: Record<string, unknown>;
  /**
   * Fields filled from another record whenever `from` is set: `to` = the `take` field of the record of `set` whose
   * `by` field equals `from` (the item's id from its number, the customer's name, a work address's location number).
   */
  lookups?: { from: string; to: string; set: string; by: string; take: string }[];
  /** Refuses a create (prev undefined) or change by the API: the message of a 400, or null. */
  validate?: (next: Record<string, unknown>, prev: Record<string, unknown> | undefined) => string | null;
  /** Fills the computed fields of a record (amounts of a line) after a create or change. */
  derive?: (data: Record<string, unknown>) => void;
  /** Sends webhook notifications (BC: every page with a single-field key on a normal table). */
  webhooks: boolean;
  /** The set has a pdfDocument navigation (posted sales documents). */
  pdf?: string;
}

/** Field helpers: keep the definitions short. */
export const f = {
  id: (): FieldDef => ({ type: 'guid', readOnly: true }),
  guid: (extra: Partial<FieldDef> = {}): FieldDef => ({ type: 'guid', ...extra }),
  str: (extra: Partial<FieldDef> = {}): FieldDef => ({ type: 'string', ...extra }),
  int: (extra: Partial<FieldDef> = {}): FieldDef => ({ type: 'int', ...extra }),
  dec: (extra: Partial<FieldDef> = {}): FieldDef => ({ type: 'decimal', ...extra }),
  bool: (extra: Partial<FieldDef> = {}): FieldDef => ({ type: 'boolean', ...extra }),
  date: (extra: Partial<FieldDef> = {}): FieldDef => ({ type: 'date', ...extra }),
  time: (extra: Partial<FieldDef> = {}): FieldDef => ({ type: 'string', ...extra }),
  moment: (extra: Partial<FieldDef> = {}): FieldDef => ({ type: 'datetime', ...extra }),
  modified: (): FieldDef => ({ type: 'datetime', readOnly: true }),
  oneOf: (values: readonly string[], extra: Partial<FieldDef> = {}): FieldDef => ({
    type: 'enum',
    values,
    ...extra,
  }),
  ro: (type: FieldType): FieldDef => ({ type, readOnly: true }),
};

/** VAT of the demo company (the portal's invoices use 21 %). */
export const VAT_PERCENT = 21;

const round2 = (x: number) => Math.round(x * 100) / 100;

/** The amounts BC computes on a sales document line from quantity, unit price and discount. */
export function deriveLineAmounts(d: Record<string, unknown>): void {
  const quantity = Number(d.quantity ?? 0);
  const unitPrice = Number(d.unitPrice ?? 0);
  const discountPercent = Number(d.discountPercent ?? 0);
  const gross = round2(quantity * unitPrice);
  const net = round2(gross * (1 - discountPercent / 100));
  const tax = d.lineType === 'Comment' ? 0 : VAT_PERCENT;
  d.discountAmount = round2(gross - net);
  d.amountExcludingTax = net;
  d.taxPercent = tax;
  d.totalTaxAmount = round2((net * tax) / 100);
  d.amountIncludingTax = round2(net + (net * tax) / 100);
  d.invoiceDiscountAllocation = 0;
  d.netAmount = net;
  d.netTaxAmount = d.totalTaxAmount;
  d.netAmountIncludingTax = d.amountIncludingTax;
}
