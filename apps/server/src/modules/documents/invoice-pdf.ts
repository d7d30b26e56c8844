import { type Locale, translate } from '@mp/contract/i18n';
import { type Cell, type Column, type PdfBrand, PdfWriter } from '../../platform/pdf/pdf.ts';

/*
 * The invoice or credit memo as a PDF (issue #13): title and number, the facts (dates, period, customer, location,
 * reference, the invoice a credit memo corrects), the lines with plant, period, duration (4 weeks, 3 days), quantity,
 * price (per week, per day or per piece), discount and amount, the VAT totals and the payment terms. Pure like order-note.ts: the invoicing run hands in the data
 * and stores the bytes as a document (category `invoiceCategory`).
 */

export type InvoiceLineKind = 'rental' | 'sale' | 'cost' | 'credit';

export interface InvoicePdfLine {
  lineNo: number;
  kind: InvoiceLineKind;
  itemNo: string | null;
  description: string;
  plantNo: string | null;
  periodFrom: string | null;
  periodTo: string | null;
  days: number | null;
  /** Decimal strings ('1', '2.5', '12.50', '10'). */
  quantity: string;
  /** Rent: what the price is for and how many (amount = quantity × unitCount × unitPrice, less the discount). */
  priceUnit: 'day' | 'week' | null;
  unitCount: number | null;
  unitPrice: string;
  discountPercent: string;
  amount: string;
}

export interface InvoicePdf {
  kind: 'invoice' | 'credit_memo';
  /** 'F-2026-000123' / 'C-2026-000124'. */
  documentNo: string;
  /** YYYY-MM-DD. */
  documentDate: string;
  dueDate: string;
  periodFrom: string | null;
  periodTo: string | null;
  /** A credit memo's invoice. */
  appliesToDocumentNo: string | null;
  yourReference: string | null;
  /** ISO 4217, 'EUR'. */
  currency: string;
  customer: {
    no: string;
    name: string;
    street?: string | null;
    postcode?: string | null;
    city?: string | null;
  };
  location: { no: string; description: string };
  lines: InvoicePdfLine[];
  amountExclVat: string;
  vatPercent: string;
  vatAmount: string;
  amountInclVat: string;
}

/** The stored document's category per kind (the Dutch names the document lists show, like 'Pakbon'). */
export const invoiceCategory: Record<'invoice' | 'credit_memo', string> = {
  invoice: 'Factuur',
  credit_memo: 'Creditnota',
};

export const invoiceTitle = (locale: Locale, kind: 'invoice' | 'credit_memo'): string =>
  translate(locale, `Factuur.titel.${kind}`);

const dateFormats = new Map<Locale, Intl.DateTimeFormat>();
function day(locale: Locale, value: string | null | undefined): string | null {
  if (!value) return null;
  let f = dateFormats.get(locale);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      timeZone: 'UTC',
    });
    dateFormats.set(locale, f);
  }
  const d = new Date(`${value.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(d.getTime()) ? value : f.format(d);
}

const number = (value: string | number) => (typeof value === 'number' ? value : Number(value));

function currencyFormat(locale: Locale, currency: string, max = 2): Intl.NumberFormat {
  try {
    return new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: 2,
      maximumFractionDigits: max,
    });
  } catch {
    // why: an unknown currency code must not cost the customer their invoice; euros are what the ERP books.
    return new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR', maximumFractionDigits: max });
  }
}

/** Amounts on the invoice: two decimals (`€ 1.234,56` in nl, `€1,234.56` in en). */
function money(locale: Locale, currency: string, value: string | number): string {
  const n = number(value);
  return Number.isFinite(n) ? currencyFormat(locale, currency).format(n) : String(value);
}

/** A unit price may have more decimals (a day rate of € 0,125): up to four, at least two. */
function price(locale: Locale, currency: string, value: string): string {
  const n = number(value);
  return Number.isFinite(n) ? currencyFormat(locale, currency, 4).format(n) : value;
}

function quantity(locale: Locale, value: string | number): string {
  const n = number(value);
  return Number.isFinite(n)
    ? new Intl.NumberFormat(locale, { maximumFractionDigits: 3 }).format(n)
    : String(value);
}

function percent(locale: Locale, value: string): string {
  const n = number(value);
  return Number.isFinite(n)
    ? new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(n / 100)
    : `${value}%`;
}

const joined = (...parts: Array<string | null | undefined>) => parts.filter((p) => p?.trim()).join(' ');

// why: in cents, so the sums the PDF checks are exact (architecture §5: money is never a float that is summed).
const cents = (value: string | null) => Math.round(Number(value ?? 0) * 100);

/** The invoice or credit memo as a PDF in `locale`, with the corporate identity's logo and colours. */
export function renderInvoicePdf(
  doc: InvoicePdf,
  locale: Locale,
  brand: PdfBrand,
  options: { created?: Date } = {},
): Promise<Buffer> {
  const t = (key: string, params?: Record<string, string | number>) =>
    translate(locale, `Factuur.${key}`, params);
  const cur = doc.currency || 'EUR';
  const title = invoiceTitle(locale, doc.kind);
  const period = (from: string | null, to: string | null) =>
    from && to
      ? t('periode_van_tot', { from: day(locale, from) ?? '', to: day(locale, to) ?? '' })
      : (day(locale, from ?? to) ?? null);

  const plural = new Intl.PluralRules(locale);
  const units = (unit: 'day' | 'week', count: number) =>
    t(`eenheid.${unit}_${plural.select(count) === 'one' ? 'one' : 'other'}`, {
      count: quantity(locale, count),
    });

  const pdf = new PdfWriter(brand, {
    title: `${title} ${doc.documentNo}`,
    subject: joined(doc.customer.name, '·', doc.location.no, doc.location.description),
    language: locale,
    created: options.created,
  });
  pdf.header({
    title,
    number: doc.documentNo,
    lines: [day(locale, doc.documentDate) ?? '', joined(doc.location.no, '·', doc.location.description)],
  });

  // ── facts: the document, the customer, the location ───────────────────────────────────────────────
  const address = [doc.customer.street, joined(doc.customer.postcode, doc.customer.city)]
    .filter((p) => p?.trim())
    .join('\n');
  pdf.facts([
    {
      heading: t(`blok_document.${doc.kind}`),
      facts: [
        { label: t(`nummer.${doc.kind}`), value: doc.documentNo },
        { label: t(`datum.${doc.kind}`), value: day(locale, doc.documentDate) },
        { label: t('vervaldatum'), value: doc.kind === 'invoice' ? day(locale, doc.dueDate) : null },
        { label: t('periode'), value: period(doc.periodFrom, doc.periodTo) },
        { label: t('correctie_van'), value: doc.appliesToDocumentNo },
        { label: t('uw_referentie'), value: doc.yourReference },
      ],
    },
    {
      heading: t('blok_klant'),
      facts: [
        { label: t('klantnummer'), value: doc.customer.no },
        { label: t('naam'), value: doc.customer.name },
        { label: t('adres'), value: address || null },
      ],
    },
    {
      heading: t('blok_locatie'),
      facts: [{ label: t('locatie'), value: joined(doc.location.no, '–', doc.location.description) }],
    },
  ]);
  if (doc.kind === 'credit_memo' && doc.appliesToDocumentNo)
    pdf.paragraph(t('correctie_tekst', { invoice: doc.appliesToDocumentNo }), { bold: true });

  // ── the lines ─────────────────────────────────────────────────────────────────────────────────────
  pdf.heading(t('regels'));
  const columns: Column[] = [
    { header: t('kolom_omschrijving'), width: 25 },
    { header: t('kolom_materieelnummer'), width: 11 },
    { header: t('kolom_periode'), width: 13, nowrap: true },
    { header: t('kolom_duur'), width: 8, align: 'right' },
    { header: t('kolom_aantal'), width: 8, align: 'right' },
    { header: t('kolom_prijs'), width: 11, align: 'right' },
    { header: t('kolom_korting'), width: 8, align: 'right' },
    { header: t('kolom_bedrag'), width: 12, align: 'right' },
  ];
  const rows: Cell[][] = doc.lines.map((l) => {
    const discount = number(l.discountPercent);
    const credit = l.kind === 'credit' || number(l.amount) < 0;
    return [
      // why: the item number helps the customer match a line to their stock; kinds other than rental are named.
      joined(
        l.description,
        l.itemNo ? `(${l.itemNo})` : null,
        l.kind === 'rental' ? null : `· ${t(`soort.${l.kind}`)}`,
      ),
      l.plantNo ?? '',
      // the first and the last day on lines of their own: a date never breaks ('t/m' did: '01-11-2026 t/', 'm …')
      [...new Set([l.periodFrom, l.periodTo].map((d) => day(locale, d)).filter(Boolean))].join('\n'),
      // issue #31 item 16: the price and unit the amount was computed with (4 weeks × € 72,15, not € 14,00 × 31 days)
      l.priceUnit && l.unitCount !== null
        ? units(l.priceUnit, l.unitCount)
        : l.kind === 'rental' && l.days !== null
          ? units('day', l.days)
          : '',
      quantity(locale, l.quantity),
      l.priceUnit
        ? `${price(locale, cur, l.unitPrice)}\n${t(`per.${l.priceUnit}`)}`
        : price(locale, cur, l.unitPrice),
      Number.isFinite(discount) && discount !== 0 ? percent(locale, l.discountPercent) : '',
      credit ? { text: money(locale, cur, l.amount), colour: '#C92A2A' } : money(locale, cur, l.amount),
    ];
  });
  const totalRow = (label: string, value: string): Cell[] => [label, '', '', '', '', '', '', value];
  pdf.table(columns, rows, {
    empty: t('geen_regels'),
    totals: [
      totalRow(t('totaal_excl'), money(locale, cur, doc.amountExclVat)),
      totalRow(t('btw', { percent: percent(locale, doc.vatPercent) }), money(locale, cur, doc.vatAmount)),
      totalRow(t('totaal_incl'), money(locale, cur, doc.amountInclVat)),
    ],
  });

  // ── payment terms ─────────────────────────────────────────────────────────────────────────────────
  const total = money(locale, cur, Math.abs(cents(doc.amountInclVat)) / 100);
  pdf.paragraph(
    doc.kind === 'invoice'
      ? t('betaling', {
          amount: total,
          date: day(locale, doc.dueDate) ?? doc.dueDate,
          number: doc.documentNo,
        })
      : doc.appliesToDocumentNo
        ? t('betaling_credit', { amount: total, invoice: doc.appliesToDocumentNo })
        : t('betaling_credit_los', { amount: total }),
    { gap: 2 },
  );
  pdf.paragraph(t('bedragen_in', { currency: cur }), { size: 8, colour: '#5C5F66', gap: 2 });

  return pdf.finish({
    text: joined(
      brand.name,
      '·',
      title,
      doc.documentNo,
      '·',
      t('gemaakt', { date: day(locale, (options.created ?? new Date()).toISOString()) ?? '' }),
    ),
    pageLabel: (page, pages) => t('pagina', { page, pages }),
  });
}
