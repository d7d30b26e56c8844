import { defaultLocale, isLocale, type Locale, translate } from '@mp/contract/i18n';
import type { MailMessage } from '../../platform/mail/mailer.ts';
import { escapeHtml, fillHeader, fillHtml, htmlToText } from '../../platform/mail/render.ts';

/** One line of the confirmation (set components carry their depth for indentation). */
export interface MailLine {
  depth: number;
  itemNo: string;
  description: string;
  amount: number;
  rentalType: 'Verhuur' | 'Verkoop' | 'Verkoop_Terugkoop' | null;
  dayPrice: string | null;
  weekPrice: string | null;
  salePrice: string | null;
  weight: string | null;
}

export interface ConfirmationInput {
  locale: string;
  to: string;
  showPrices: boolean;
  showWeights: boolean;
  /** OrderWizardEmailTemplate: the admin's own HTML body (used when there is no mail_templates row). */
  customBody: string;
  values: {
    requestNo: string;
    name: string;
    location: string;
    kind: string;
    date: string;
    returnDate: string;
    address: string;
    contact: string;
    phone: string;
    reference: string;
    comment: string;
    rush: boolean;
    portal: string;
    link: string;
    totalWeight: string | null;
  };
  lines: MailLine[];
  /** More facts of the request, shown above the lines (a transport's cargo and windows): label and value, translated. */
  extra?: Array<{ label: string; value: string }>;
}

// why: the lines table is HTML built here (every cell escaped); {{lines}} is filled with this marker
// first, so the template filler (which escapes every value) leaves it alone, and then swapped for the table.
const LINES_MARKER = 'MPLINESTABLEMARKER7F3A';

function t(locale: Locale, key: string): string {
  return escapeHtml(translate(locale, key));
}

// why: an Intl formatter costs more to make than to use; a submit formats every price of every line.
const moneyFormats = new Map<Locale, Intl.NumberFormat>();
const numberFormats = new Map<Locale, Intl.NumberFormat>();

function money(locale: Locale, value: string | null): string {
  if (value === null) return '';
  const n = Number(value);
  if (!Number.isFinite(n)) return value;
  let format = moneyFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' });
    moneyFormats.set(locale, format);
  }
  return format.format(n);
}

function number(locale: Locale, value: string | null): string {
  if (value === null) return '';
  const n = Number(value);
  if (!Number.isFinite(n)) return value;
  let format = numberFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { maximumFractionDigits: 3 });
    numberFormats.set(locale, format);
  }
  return format.format(n);
}

function priceText(locale: Locale, l: MailLine): string {
  if (l.rentalType === 'Verhuur') {
    const parts = [];
    if (l.dayPrice) parts.push(`${money(locale, l.dayPrice)} ${translate(locale, 'shared.per_dag')}`);
    if (l.weekPrice) parts.push(`${money(locale, l.weekPrice)} ${translate(locale, 'shared.per_week')}`);
    return parts.join(' / ');
  }
  return l.salePrice ? money(locale, l.salePrice) : '';
}

/** The lines as an HTML table; every value escaped. */
export function linesTable(
  locale: Locale,
  lines: MailLine[],
  opts: { showPrices: boolean; showWeights: boolean; totalWeight: string | null },
) {
  const th = (key: string, right = false) =>
    `<th style="text-align:${right ? 'right' : 'left'};padding:4px 8px;border-bottom:1px solid #ccc">${t(locale, key)}</th>`;
  const td = (text: string, right = false) =>
    `<td style="text-align:${right ? 'right' : 'left'};padding:4px 8px;border-bottom:1px solid #eee">${escapeHtml(text)}</td>`;
  const head = [
    th('shared.aantal', true),
    th('shared.nummer'),
    th('shared.omschrijving'),
    ...(opts.showWeights ? [th('shared.gewicht_per_stuk', true)] : []),
    ...(opts.showPrices ? [th('shared.prijs', true)] : []),
  ].join('');
  const rows = lines
    .map((l) => {
      const indent = l.depth > 0 ? `${'\u00a0\u00a0'.repeat(l.depth)}↳ ` : '';
      return `<tr>${[
        td(String(l.amount), true),
        td(l.itemNo),
        td(`${indent}${l.description}`),
        ...(opts.showWeights ? [td(l.weight ? `${number(locale, l.weight)} kg` : '', true)] : []),
        ...(opts.showPrices ? [td(priceText(locale, l), true)] : []),
      ].join('')}</tr>`;
    })
    .join('');
  const total =
    opts.showWeights && opts.totalWeight
      ? `<p>${t(locale, 'shared.totaal_gewicht')}: ${escapeHtml(number(locale, opts.totalWeight))} kg</p>`
      : '';
  return `<table style="border-collapse:collapse">${`<thead><tr>${head}</tr></thead>`}<tbody>${rows}</tbody></table>${total}`;
}

/** A request's extra facts as lines of label and value (escaped). */
function extraFacts(extra: ReadonlyArray<{ label: string; value: string }>): string {
  if (extra.length === 0) return '';
  const rows = extra.map((e) => `${escapeHtml(e.label)}: ${escapeHtml(e.value).replace(/\r?\n/g, '<br>')}`);
  return `<p>${rows.join('<br>')}</p>`;
}

/** The default body from the translation keys mail.OrderConfirmation.* (texts escaped, placeholders kept). */
function defaultBody(locale: Locale, rush: boolean, hasReference: boolean): string {
  const k = (key: string) => t(locale, `mail.OrderConfirmation.${key}`);
  return [
    `<p>${k('aanhef')}</p>`,
    `<p>${k('tekst')}</p>`,
    `<p>${k('soort')}<br>${k('datum')}<br>${k('adres')}<br>${k('contact')}${hasReference ? `<br>${k('referentie')}` : ''}</p>`,
    rush ? `<p><strong>${k('spoed')}</strong></p>` : '',
    `<h3>${k('regels')}</h3>`,
    '{{lines}}',
    '<p>{{comment}}</p>',
    `<p>${k('vervolg')}</p>`,
    `<p><a href="{{link}}">${k('actie')}</a></p>`,
    `<p>${t(locale, 'mail.afsluiting')}<br>${t(locale, 'mail.ondertekening')}</p>`,
    `<p style="color:#5c5f66;font-size:12px">${t(locale, 'mail.automatisch')}</p>`,
  ].join('\n');
}

/** A stored OrderConfirmation template of mail_templates (read with selectConfirmationContext). */
export interface StoredTemplate {
  locale: string;
  subject: string;
  html: string;
}

function storedTemplate(stored: readonly StoredTemplate[], locale: Locale): StoredTemplate | null {
  return stored.find((r) => r.locale === locale) ?? stored.find((r) => r.locale === defaultLocale) ?? null;
}

/**
 * The order confirmation: the admin's template (mail_templates 'OrderConfirmation' in the locale, then
 * nl-NL: `stored` holds those read for the submit), else the OrderWizardEmailTemplate setting, else the
 * translated default. Every placeholder value is HTML-escaped; CR/LF never reach the subject.
 */
export function renderOrderConfirmation(
  stored: readonly StoredTemplate[],
  input: ConfirmationInput,
): MailMessage {
  const locale: Locale = isLocale(input.locale) ? input.locale : defaultLocale;
  const v = input.values;
  const values: Record<string, string> = {
    requestNo: v.requestNo,
    name: v.name,
    location: v.location,
    kind: v.kind,
    date: v.date,
    returnDate: v.returnDate,
    address: v.address,
    contact: v.contact,
    phone: v.phone,
    reference: v.reference,
    comment: v.comment,
    portal: v.portal,
    link: v.link,
    rush: v.rush ? translate(locale, 'mail.OrderConfirmation.spoed') : '',
    lines: LINES_MARKER,
  };
  const template = storedTemplate(stored, locale);
  const body =
    template?.html ??
    (input.customBody.trim() ? input.customBody : defaultBody(locale, v.rush, !!v.reference));
  const subjectTemplate = template?.subject ?? translate(locale, 'mail.OrderConfirmation.onderwerp');
  // A request without lines (a transport) tells its facts instead of an empty table.
  const table =
    extraFacts(input.extra ?? []) +
    (input.lines.length === 0
      ? ''
      : linesTable(locale, input.lines, {
          showPrices: input.showPrices,
          showWeights: input.showWeights,
          totalWeight: v.totalWeight,
        }));
  // A template without {{lines}} still lists what was ordered: the table goes at the end.
  const filled = fillHtml(body, values);
  const html = filled.includes(LINES_MARKER)
    ? filled.replace(LINES_MARKER, table)
    : `${filled}\n<h3>${t(locale, 'mail.OrderConfirmation.regels')}</h3>\n${table}`;
  return {
    type: 'OrderConfirmation',
    locale,
    to: input.to,
    subject: fillHeader(subjectTemplate, { ...values, lines: '' }),
    html,
    text: htmlToText(html),
  };
}
