import { type Locale, locales, translate } from '@mp/contract/i18n';
import {
  type MailTemplateType,
  mailTemplatePlaceholders,
  mailTemplateTypes,
  unknownMailPlaceholders,
} from '@mp/contract/rules/mail-templates';
import { requireAccess } from '../../platform/auth/access.ts';
import { type FieldProblems, fieldErrors, ruleOn } from '../../platform/errors.ts';
import type { Ctx } from '../../platform/http/context.ts';
import { defaultMailTemplate } from '../../platform/mail/defaults.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { fillHeader, fillHtml, htmlToText } from '../../platform/mail/render.ts';
import { sanitizeMailHtml } from '../../platform/sanitize.ts';
import { deleteMailTemplate, selectMailTemplates, upsertMailTemplate } from './mail-templates.queries.ts';

/*
 * Mail templates (/settings/mail-templates, issue #15 part 4, decision 0024): an administrator words each admin-editable
 * mail per language. A template may use only the placeholders its sender fills in (an unknown one is refused, field
 * by field); the HTML is cleaned by the mail allow-list before it is stored. No stored text = the product's default
 * (the bundle's `mail.<Type>` texts), which is also what "reset" goes back to.
 */

export interface MailTemplateView {
  type: MailTemplateType;
  locale: Locale;
  subject: string;
  html: string;
  isDefault: boolean;
  updatedAt: string | null;
}

export async function listMailTemplates(ctx: Ctx) {
  await requireAccess(ctx, { permission: 'admin' });
  const rows = await selectMailTemplates(ctx.db);
  return {
    types: mailTemplateTypes.map((type) => ({
      type,
      placeholders: [...mailTemplatePlaceholders[type]],
      templates: locales.map((locale): MailTemplateView => {
        const row = rows.find((r) => r.type === type && r.locale === locale);
        const standard = defaultMailTemplate(type, locale);
        if (!row) return { type, locale, ...standard, isDefault: true, updatedAt: null };
        const html = sanitizeMailHtml(row.html);
        // the seed stores the default text: that row is still "the default" until someone changes it
        const isDefault = row.subject === standard.subject && html === sanitizeMailHtml(standard.html);
        return {
          type,
          locale,
          subject: row.subject,
          html,
          isDefault,
          updatedAt: isDefault ? null : row.updatedAt.toISOString(),
        };
      }),
    })),
  };
}

/** The cleaned text, or a 400 naming per field the placeholders this type does not fill in. */
function checked(type: MailTemplateType, input: { subject: string; html: string }) {
  const fields: FieldProblems = {};
  for (const field of ['subject', 'html'] as const) {
    const unknown = unknownMailPlaceholders(type, input[field]);
    if (unknown.length)
      fields[field] = { code: 'MailTemplates.onbekende_placeholder', params: { names: unknown.join(', ') } };
  }
  if (Object.keys(fields).length)
    throw fieldErrors('invalid', 'error.ongeldige_invoer', fields, { details: { in: 'body' } });
  const html = sanitizeMailHtml(input.html);
  // why: blank, or nothing left once cleaned (only a script, say): a mail without a word is refused by meaning
  if (!htmlToText(html).trim() && !/<img\b/i.test(html)) throw ruleOn('html', 'MailTemplates.tekst_leeg');
  return { subject: input.subject.trim(), html };
}

export async function saveMailTemplate(
  ctx: Ctx,
  type: MailTemplateType,
  locale: Locale,
  input: { subject: string; html: string },
): Promise<MailTemplateView> {
  const admin = await requireAccess(ctx, { permission: 'admin' });
  const clean = checked(type, input);
  const saved = await upsertMailTemplate(ctx.db, { type, locale, ...clean, updatedBy: admin.id });
  return { type, locale, ...clean, isDefault: false, updatedAt: saved.updatedAt.toISOString() };
}

export async function resetMailTemplate(ctx: Ctx, type: MailTemplateType, locale: Locale) {
  await requireAccess(ctx, { permission: 'admin' });
  await deleteMailTemplate(ctx.db, type, locale);
  return { type, locale, ...defaultMailTemplate(type, locale), isDefault: true, updatedAt: null };
}

// why: the order table is HTML the sender builds; filled as a value it would be escaped, so it goes in after
const LINES_MARKER = 'MPSAMPLELINESMARKER91C2';

/** What the preview and the test mail fill in: a plausible value for every placeholder, in the reader's language. */
async function sampleValues(ctx: Ctx, locale: Locale, publicUrl: string): Promise<Record<string, string>> {
  const s = await ctx.settings();
  const portal = String(s.CustomTitle ?? '').trim() || 'Materieelportaal';
  const x = (key: string) => translate(locale, `MailTemplates.voorbeeld.${key}`);
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'long' });
  const day = (offset: number) => date.format(new Date(ctx.now.getTime() + offset * 86_400_000));
  const link = `${publicUrl}/voorbeeld`;
  return {
    name: 'Jan de Vries',
    email: 'jan.devries@example.com',
    link,
    url: link,
    hours: '72',
    minutes: '60',
    portal,
    portalUrl: publicUrl,
    phone: '+31 6 12345678',
    company: 'Bouwbedrijf Voorbeeld B.V.',
    comment: x('opmerking'),
    language: locale,
    location: 'P-24001 Stationsplein Utrecht',
    address: 'Stationsplein 1, 3511 ED Utrecht',
    date: day(7),
    returnDate: day(35),
    count: '12',
    requestNo: 'A-100234',
    kind: x('soort'),
    contact: 'Piet Jansen',
    reference: 'PO-4711',
    rush: translate(locale, 'mail.OrderConfirmation.spoed'),
    lines: LINES_MARKER,
  };
}

function sampleLines(locale: Locale): string {
  const x = (key: string) => translate(locale, `MailTemplates.voorbeeld.${key}`);
  return (
    '<table style="border-collapse:collapse" cellpadding="4"><tbody>' +
    `<tr><td>2</td><td>${x('regel1')}</td></tr><tr><td>1</td><td>${x('regel2')}</td></tr>` +
    '</tbody></table>'
  );
}

/** The mail as a reader would get it, with sample values (the admin's unsaved text). */
export async function previewMailTemplate(
  ctx: Ctx,
  publicUrl: string,
  type: MailTemplateType,
  locale: Locale,
  input: { subject: string; html: string },
) {
  await requireAccess(ctx, { permission: 'admin' });
  const clean = checked(type, input);
  const values = await sampleValues(ctx, locale, publicUrl);
  const html = fillHtml(clean.html, values).replace(LINES_MARKER, sampleLines(locale));
  return {
    subject: fillHeader(clean.subject, { ...values, lines: '' }),
    html,
    text: htmlToText(html),
  };
}

/** Sends the preview to the administrator's own address. */
export async function sendTestMail(
  ctx: Ctx,
  deps: { mailer: Mailer; publicUrl: string },
  type: MailTemplateType,
  locale: Locale,
  input: { subject: string; html: string },
) {
  const admin = await requireAccess(ctx, { permission: 'admin' });
  const mail = await previewMailTemplate(ctx, deps.publicUrl, type, locale, input);
  await deps.mailer.queue({ type, locale, to: admin.email, ...mail, subject: `[Test] ${mail.subject}` });
  return { to: admin.email };
}
