import { isLocale, type Locale } from '@mp/contract/i18n/locales';
import type { ErpSalesDocument, ErpSalesLine } from '../erp.port.ts';
import type { EntityDef } from './entity-def.ts';
import { date, type Raw, str, text } from './values.ts';

/*
 * The portal's users and the posted sales documents (issue #33 point 2, decision 0027): where each lives in Business
 * Central and how a record becomes the portal's (docs/erp/business-central.md §9 salesInvoices / salesCreditMemos,
 * §10 portalUsers). A document comes with its lines and a user with its locations ($expand): a line's change moves
 * its header's lastModifiedDateTime, so the delta reads the header again with all its lines. Registered in
 * entities.ts.
 */

const locales: Record<string, Locale> = { NLD: 'nl-NL', ENU: 'en-US', FRA: 'fr-FR', DEU: 'de-DE' };
const localeOf = (r: Raw): Locale => {
  const l = str(r.locale);
  return isLocale(l) ? l : (locales[str(r.languageCode).toUpperCase()] ?? 'nl-NL');
};

/** A decimal with its scale as the portal's numeric columns hold it ('0.00' for BC's unset 0). */
const decimal = (v: unknown, scale = 2): string =>
  (typeof v === 'number' && Number.isFinite(v) ? v : 0).toFixed(scale);
const emptyGuid = '00000000-0000-0000-0000-000000000000';
const guid = (v: unknown): string => (str(v) === emptyGuid ? '' : str(v));

/** Drafts and documents in review are not posted: the portal shows what the ERP posted. */
const posted = (status: unknown) => !['', ' ', 'Draft', 'In Review'].includes(str(status));

const lineSelect = [
  'sequence',
  'lineType',
  'lineObjectNumber',
  'description',
  'description2',
  'quantity',
  'unitPrice',
  'discountPercent',
  'amountExcludingTax',
].join(',');

/** A line's period as the portal writes it into description2 ('2026-10-01 - 2026-10-31'). */
const periodOf = (v: unknown): [string, string] | null => {
  const m = /^(\d{4}-\d{2}-\d{2}) - (\d{4}-\d{2}-\d{2})$/.exec(str(v).trim());
  return m ? [m[1], m[2]] : null;
};

function linesOf(rows: unknown, credit: boolean): ErpSalesLine[] {
  if (!Array.isArray(rows)) return [];
  return (rows as Raw[])
    .filter((l) => str(l.lineType) !== 'Comment' || str(l.description).trim() !== '')
    .map((l) => {
      const item = str(l.lineType) === 'Item' ? text(l.lineObjectNumber) : null;
      const period = periodOf(l.description2);
      return {
        sequence: typeof l.sequence === 'number' ? l.sequence : 0,
        kind: credit ? 'credit' : item ? (period ? 'rental' : 'sale') : 'cost',
        itemNo: item,
        description: str(l.description) || str(l.lineObjectNumber),
        periodFrom: period?.[0] ?? null,
        periodTo: period?.[1] ?? null,
        quantity: decimal(l.quantity, 3),
        unitPrice: decimal(l.unitPrice),
        discountPercent: decimal(l.discountPercent),
        amount: decimal(l.amountExcludingTax),
      };
    });
}

function documentOf(r: Raw, credit: boolean): ErpSalesDocument | null {
  const documentDate = date(credit ? r.creditMemoDate : r.invoiceDate) ?? date(r.postingDate);
  if (!posted(r.status) || !documentDate) return null;
  return {
    erpId: str(r.id),
    documentNo: str(r.number),
    customerNo: str(r.customerNumber),
    locationNo: str(r.shortcutDimension2Code).trim(),
    appliesToErpId: credit ? guid(r.invoiceId) : '',
    appliesToDocumentNo: credit ? str(r.invoiceNumber).trim() : '',
    documentDate,
    dueDate: date(r.dueDate) ?? documentDate,
    status: str(r.status) === 'Paid' ? 'paid' : 'open',
    currency: text(r.currencyCode) ?? 'EUR',
    amountExclVat: decimal(r.totalAmountExcludingTax),
    vatAmount: decimal(r.totalTaxAmount),
    amountInclVat: decimal(r.totalAmountIncludingTax),
    yourReference: credit ? null : text(r.customerPurchaseOrderReference),
    lines: linesOf(r[credit ? 'salesCreditMemoLines' : 'salesInvoiceLines'], credit),
  };
}

const header = [
  'id',
  'number',
  'customerNumber',
  'shortcutDimension2Code',
  'postingDate',
  'dueDate',
  'status',
  'currencyCode',
  'totalAmountExcludingTax',
  'totalTaxAmount',
  'totalAmountIncludingTax',
];

export const salesEntityDefs: {
  users: EntityDef<'users'>;
  salesInvoices: EntityDef<'salesInvoices'>;
  salesCreditMemos: EntityDef<'salesCreditMemos'>;
} = {
  users: {
    api: 'rental',
    set: 'portalUsers',
    select: [
      'id',
      'email',
      'name',
      'kind',
      'customerNumber',
      'languageCode',
      'locale',
      'phoneNumber',
      'blocked',
    ],
    expand: 'locations($select=projectLocationNumber,role)',
    map: (r) => {
      const email = str(r.email).trim();
      if (!email) return null;
      const locations = Array.isArray(r.locations) ? (r.locations as Raw[]) : [];
      return {
        erpId: str(r.id),
        email,
        name: str(r.name).trim() || email,
        kind: str(r.kind) === 'Internal' ? 'internal' : 'external',
        customerNo: str(r.customerNumber).trim(),
        language: localeOf(r),
        phone: text(r.phoneNumber),
        blocked: r.blocked === true,
        locations: locations
          .filter((l) => str(l.projectLocationNumber).trim())
          .map((l) => ({
            locationNo: str(l.projectLocationNumber).trim(),
            role: str(l.role) === 'Administration' ? 'administration' : 'user',
          })),
      };
    },
  },
  salesInvoices: {
    api: 'standard',
    set: 'salesInvoices',
    select: [...header, 'invoiceDate', 'customerPurchaseOrderReference'],
    expand: `salesInvoiceLines($select=${lineSelect})`,
    map: (r) => documentOf(r, false),
  },
  salesCreditMemos: {
    api: 'standard',
    set: 'salesCreditMemos',
    select: [...header, 'creditMemoDate', 'invoiceId', 'invoiceNumber'],
    expand: `salesCreditMemoLines($select=${lineSelect})`,
    map: (r) => documentOf(r, true),
  },
};
