import { bundles, type Locale, locales, type TranslationBundle, translate } from '@mp/contract/i18n';
import { type Cell, type Column, type PdfBrand, PdfWriter } from '../../platform/pdf/pdf.ts';

/*
 * The delivery / removal note of one plant order (issue #12 part 6, decision 0019): what was delivered, picked up
 * or moved, where and when, with the lines' plants, a removal's return condition, the costs and boxes to sign.
 * Pure: the data comes in (order-notes.queries.ts reads it), the PDF goes out.
 */

export type OrderKind = 'delivery' | 'removal' | 'move_from' | 'move_to' | 'transport';
export type ReturnCondition = 'good' | 'dirty' | 'damaged' | 'missing';

export interface NoteAddress {
  name?: string | null;
  street: string | null;
  postcode: string | null;
  city: string | null;
  contact?: string | null;
  phone?: string | null;
}

export interface NotePlace extends NoteAddress {
  no: string;
  /** The location's project name, or the depot's name. */
  description: string;
  description2?: string | null;
}

export interface OrderNote {
  orderNo: string;
  kind: OrderKind;
  orderDate: string;
  plannedDate: string | null;
  executedDate: string | null;
  requestNo: string | null;
  reference: string | null;
  transportMeans: string | null;
  comment: string | null;
  customer: { no: string; name: string } | null;
  location: NotePlace;
  /** The order's own address (work address or the address the request gave), when it has one. */
  address: NoteAddress | null;
  depot: NotePlace | null;
  /** A move's other location, a transport's destination location. */
  counterpart: NotePlace | null;
  lines: Array<{
    lineNo: number;
    itemNo: string;
    description: string;
    plantNo: string | null;
    quantity: number;
    unit: string | null;
    comment: string | null;
  }>;
  /** A removal's exit order: each line's condition and damage. */
  returns: {
    exitOrderNo: string;
    lines: Array<{
      lineNo: number;
      itemNo: string;
      plantNo: string | null;
      quantity: number;
      condition: ReturnCondition;
      remarks: string | null;
      damageAmount: string | null;
    }>;
  } | null;
  costs: Array<{ description: string; quantity: string; unitPrice: string; amount: string }>;
}

/** The stored document's category per order kind (the Dutch names the document lists show, like 'Pakbon'). */
export const noteCategory: Record<OrderKind, string> = {
  delivery: 'Pakbon',
  removal: 'Afvoerbon',
  move_from: 'Verplaatsingsbon',
  move_to: 'Verplaatsingsbon',
  transport: 'Transportbon',
};

export const noteTitle = (locale: Locale, kind: OrderKind): string =>
  translate(locale, `Orderbon.titel.${kind}`);

const dateFormats = new Map<Locale, Intl.DateTimeFormat>();
function day(locale: Locale, value: string | null): string | null {
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

const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: Locale, currency: boolean): Intl.NumberFormat {
  const key = `${locale}:${currency}`;
  let f = numberFormats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(
      locale,
      currency ? { style: 'currency', currency: 'EUR' } : { maximumFractionDigits: 3 },
    );
    numberFormats.set(key, f);
  }
  return f;
}

function money(locale: Locale, value: string | number): string {
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? numberFormat(locale, true).format(n) : String(value);
}

function amount(locale: Locale, value: string | number): string {
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? numberFormat(locale, false).format(n) : String(value);
}

const joined = (...parts: Array<string | null | undefined>) => parts.filter((p) => p?.trim()).join(' ');

function addressLines(a: NoteAddress | null): string | null {
  if (!a) return null;
  const text = [a.street, joined(a.postcode, a.city)].filter((p) => p?.trim()).join('\n');
  return text || null;
}

/** The transport means the portal stores as codes ('leveren', 'ophalen', 'afhalen', 'brengen'), with their labels. */
const transportOptions = (locale: Locale) =>
  (bundles[locale].wizard as TranslationBundle).transportmiddel_opties as Record<string, string>;

/**
 * The transport means as the note's reader reads it (issue #31 item 16: "Transportmiddel leveren"): a stored code,
 * or one of its labels in any language (older data, the demo's 'Zelf ophalen'), in `locale`; a text the department
 * typed itself as written.
 */
export function transportMeansLabel(locale: Locale, value: string | null): string | null {
  const given = value?.trim().toLowerCase();
  if (!given) return null;
  for (const code of Object.keys(transportOptions(locale))) {
    if (code === given || locales.some((l) => transportOptions(l)[code]?.toLowerCase() === given))
      return transportOptions(locale)[code];
  }
  return value;
}

// why: in cents, so a total of many lines is exact (architecture §5: money is never a float that is summed).
const cents = (value: string | null) => Math.round(Number(value ?? 0) * 100);

/** The note as a PDF in `locale`, with the corporate identity's logo and colours. */
export function renderOrderNote(
  note: OrderNote,
  locale: Locale,
  brand: PdfBrand,
  options: { created?: Date } = {},
): Promise<Buffer> {
  const t = (key: string, params?: Record<string, string | number>) =>
    translate(locale, `Orderbon.${key}`, params);
  const title = noteTitle(locale, note.kind);
  const pdf = new PdfWriter(brand, {
    title: `${title} ${note.orderNo}`,
    subject: [note.location.no, note.location.description].join(' '),
    language: locale,
    created: options.created,
  });
  const doneOn = note.executedDate ?? note.plannedDate ?? note.orderDate;
  pdf.header({
    title,
    number: note.orderNo,
    lines: [day(locale, doneOn) ?? '', joined(note.location.no, '·', note.location.description)],
  });

  // ── facts: the order, the location (and its address), where it came from or went to ──────────────
  const place = (p: NotePlace, withName = true) => [
    { label: t('locatie'), value: withName ? joined(p.no, '–', p.description) : p.no },
    { label: '', value: p.description2 ?? null },
    { label: t('adres'), value: addressLines(p) },
    { label: t('telefoon'), value: p.phone ?? null },
  ];
  const depotFacts = (p: NotePlace) => [
    { label: t('naam'), value: joined(p.no, '–', p.description) },
    { label: t('adres'), value: addressLines(p) },
    { label: t('telefoon'), value: p.phone ?? null },
  ];
  const orderBlock = {
    heading: t('blok_order'),
    facts: [
      { label: t('ordernummer'), value: note.orderNo },
      { label: t('aanvraag'), value: note.requestNo },
      { label: t('referentie'), value: note.reference },
      { label: t('orderdatum'), value: day(locale, note.orderDate) },
      { label: t('gepland'), value: day(locale, note.plannedDate) },
      { label: t('uitgevoerd'), value: day(locale, note.executedDate) },
      { label: t('transportmiddel'), value: transportMeansLabel(locale, note.transportMeans) },
      { label: t('exitorder'), value: note.returns?.exitOrderNo ?? null },
    ],
  };
  const locationBlock = {
    heading: t('blok_locatie'),
    facts: [{ label: t('klant'), value: note.customer?.name ?? null }, ...place(note.location)],
  };
  const blocks = [orderBlock, locationBlock];
  const address = note.address && addressLines(note.address);
  if (address || note.address?.contact) {
    blocks.push({
      heading:
        note.kind === 'removal' || note.kind === 'move_from' ? t('blok_ophaaladres') : t('blok_afleveradres'),
      facts: [
        { label: t('naam'), value: note.address?.name ?? null },
        { label: t('adres'), value: address },
        { label: t('contactpersoon'), value: note.address?.contact ?? null },
        { label: t('telefoon'), value: note.address?.phone ?? null },
      ],
    });
  }
  pdf.facts(blocks);
  const other: Array<{ heading: string; facts: Array<{ label: string; value: string | null }> }> = [];
  if (note.depot)
    other.push({
      heading: note.kind === 'removal' ? t('blok_naar_depot') : t('blok_van_depot'),
      facts: depotFacts(note.depot),
    });
  if (note.counterpart)
    other.push({
      heading: note.kind === 'move_to' ? t('blok_van_locatie') : t('blok_naar_locatie'),
      facts: place(note.counterpart),
    });
  if (other.length) pdf.facts(other);

  // ── the lines ────────────────────────────────────────────────────────────────────────────────────
  if (note.kind !== 'transport' || note.lines.length) {
    pdf.heading(t('regels'));
    const columns: Column[] = [
      { header: t('kolom_nr'), width: 7, align: 'right' },
      { header: t('kolom_artikel'), width: 14 },
      { header: t('kolom_omschrijving'), width: 34 },
      { header: t('kolom_materieelnummer'), width: 14 },
      { header: t('kolom_aantal'), width: 9, align: 'right' },
      { header: t('kolom_opmerking'), width: 22 },
    ];
    const rows: Cell[][] = note.lines.map((l) => [
      String(l.lineNo),
      l.itemNo,
      l.description,
      l.plantNo ?? '',
      joined(amount(locale, l.quantity), l.unit && l.unit !== 'stuk' ? l.unit : null),
      l.comment ?? '',
    ]);
    const count = note.lines.reduce((s, l) => s + l.quantity, 0);
    pdf.table(columns, rows, {
      empty: t('geen_regels'),
      totals: note.lines.length > 1 ? [['', '', t('totaal_aantal'), '', amount(locale, count), '']] : [],
    });
  }

  // ── a removal's return condition ──────────────────────────────────────────────────────────────────
  if (note.returns?.lines.length) {
    pdf.heading(t('retour'));
    const damage = note.returns.lines.reduce((s, l) => s + cents(l.damageAmount), 0);
    pdf.table(
      [
        { header: t('kolom_nr'), width: 7, align: 'right' },
        { header: t('kolom_artikel'), width: 14 },
        { header: t('kolom_materieelnummer'), width: 14 },
        { header: t('kolom_aantal'), width: 9, align: 'right' },
        { header: t('kolom_conditie'), width: 13 },
        { header: t('kolom_opmerking'), width: 28 },
        { header: t('kolom_schade'), width: 15, align: 'right' },
      ],
      note.returns.lines.map((l) => [
        String(l.lineNo),
        l.itemNo,
        l.plantNo ?? '',
        amount(locale, l.quantity),
        {
          text: t(`conditie.${l.condition}`),
          bold: l.condition !== 'good',
          colour: l.condition === 'good' ? undefined : '#C92A2A',
        },
        l.remarks ?? '',
        l.damageAmount ? money(locale, l.damageAmount) : '',
      ]),
      { totals: damage > 0 ? [['', '', '', '', '', t('totaal_schade'), money(locale, damage / 100)]] : [] },
    );
  }

  // ── costs ─────────────────────────────────────────────────────────────────────────────────────────
  if (note.costs.length) {
    pdf.heading(t('kosten'));
    const total = note.costs.reduce((s, c) => s + cents(c.amount), 0);
    pdf.table(
      [
        { header: t('kolom_omschrijving'), width: 52 },
        { header: t('kolom_aantal'), width: 12, align: 'right' },
        { header: t('kolom_prijs'), width: 18, align: 'right' },
        { header: t('kolom_bedrag'), width: 18, align: 'right' },
      ],
      note.costs.map((c) => [
        c.description,
        amount(locale, c.quantity),
        money(locale, c.unitPrice),
        money(locale, c.amount),
      ]),
      { totals: [[t('totaal'), '', '', money(locale, total / 100)]] },
    );
    pdf.paragraph(t('excl_btw'), { size: 8, colour: '#5C5F66', gap: -6 });
  }

  if (note.comment?.trim()) {
    pdf.heading(t('opmerking'), 20);
    pdf.paragraph(note.comment.trim());
  }

  // ── boxes to sign: whoever hands the equipment over, whoever takes it ───────────────────────────────
  const outgoing = note.kind === 'removal' || note.kind === 'move_from';
  pdf.space(8);
  pdf.signatures(
    outgoing ? [t('meegegeven_door'), t('opgehaald_door')] : [t('ontvangen_door'), t('afgeleverd_door')],
    {
      name: t('handtekening_naam'),
      date: t('handtekening_datum'),
      signature: t('handtekening'),
    },
  );

  return pdf.finish({
    text: joined(
      brand.name,
      '·',
      title,
      note.orderNo,
      '·',
      t('gemaakt', { date: day(locale, (options.created ?? new Date()).toISOString()) ?? '' }),
    ),
    pageLabel: (page, pages) => t('pagina', { page, pages }),
  });
}
