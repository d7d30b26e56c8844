import { bundles, defaultLocale, isLocale, type Locale, translate } from '@mp/contract/i18n';
import { type ComplaintStatus, complaintStatusKey, complaintTypeKey } from '@mp/contract/rules/complaints';
import type { Db } from '../../platform/db/database.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { escapeHtml, fillHeader, fillHtml, htmlToText } from '../../platform/mail/render.ts';
import type { SettingsMap } from '../../platform/settings.ts';
import type { ComplaintRow } from './complaints.queries.ts';
import { selectDepartmentPeople } from './complaints.queries.ts';

/*
 * The complaint mails (docs/decisions/0021): a new complaint and a user's reply to the equipment department, the
 * department's answer or status change to the user who submitted it. Each in the receiver's language, queued on the
 * transaction of the change (a rolled-back change mails nothing). The texts live in the bundle's KlachtMail.<Type>
 * (onderwerp = subject, then paragraphs, a paragraph only when each of its placeholders has a value, `actie` the
 * button to {{link}}), with the common closing lines of `mail`.
 */

export interface MailDeps {
  mailer: Mailer;
  publicUrl: string;
}

type MailType = 'Nieuw' | 'Reactie' | 'Antwoord';
const typeName: Record<MailType, string> = {
  Nieuw: 'ComplaintSubmitted',
  Reactie: 'ComplaintReply',
  Antwoord: 'ComplaintAnswered',
};

function texts(locale: Locale, type: MailType): Record<string, string> {
  const section = (l: Locale) =>
    (bundles[l].KlachtMail as Record<string, Record<string, string>> | undefined)?.[type];
  return section(locale) ?? section(defaultLocale) ?? {};
}

function common(locale: Locale, key: string): string {
  const get = (l: Locale) => (bundles[l].mail as Record<string, unknown> | undefined)?.[key];
  const v = get(locale) ?? get(defaultLocale);
  return typeof v === 'string' ? v : '';
}

const filled = (text: string, values: Record<string, string>) =>
  [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].every((m) => (values[m[1]] ?? '') !== '');

/** Subject, HTML and text of one complaint mail; every value escaped, a CR or LF never reaches the subject. */
export function composeComplaintMail(
  type: MailType,
  locale: Locale,
  values: Record<string, string>,
): { subject: string; html: string; text: string } {
  const t = texts(locale, type);
  const parts: string[] = [];
  for (const [key, text] of Object.entries(t)) {
    if (key === 'onderwerp' || key === 'actie' || !filled(text, values)) continue;
    // a message keeps its line breaks
    parts.push(`<p>${fillHtml(escapeHtml(text), values).replaceAll('\n', '<br>')}</p>`);
  }
  if (t.actie && values.link) {
    const href = escapeHtml(values.link);
    parts.push(
      `<p><a href="${href}" style="display:inline-block;padding:10px 18px;background:#1c5d99;color:#ffffff;` +
        `text-decoration:none;border-radius:4px">${escapeHtml(t.actie)}</a></p>`,
    );
    const fallback = common(locale, 'link_werkt_niet');
    if (fallback)
      parts.push(`<p style="font-size:12px;color:#555">${fillHtml(escapeHtml(fallback), values)}</p>`);
  }
  const closing = [common(locale, 'afsluiting'), common(locale, 'ondertekening')].filter(Boolean);
  if (closing.length)
    parts.push(`<p>${closing.map((c) => fillHtml(escapeHtml(c), values)).join('<br>')}</p>`);
  const html = parts.join('\n');
  return { subject: fillHeader(t.onderwerp ?? '', values), html, text: htmlToText(html) };
}

const localeOf = (language: string | null | undefined, s: SettingsMap): Locale =>
  isLocale(language) ? language : isLocale(s.DefaultLanguage) ? s.DefaultLanguage : defaultLocale;

function valuesOf(c: ComplaintRow, locale: Locale, s: SettingsMap, link: string, message: string) {
  return {
    complaintNo: c.complaintNo,
    subject: c.subject,
    type: translate(locale, complaintTypeKey(c.type)),
    status: translate(locale, complaintStatusKey[c.status]),
    location: `${c.locationNo} - ${c.locationDescription}`,
    customer: c.customerName ?? '',
    name: c.userName ?? c.userEmail ?? '',
    message,
    portal: String(s.CustomTitle ?? '').trim() || 'Materieelportaal',
    link,
  };
}

/**
 * To the department: a new complaint (Nieuw) or a user's reply (Reactie). Its people (internal users with the
 * `department` permission) in their languages, and OrderWizardDefaultReceiver (the department's shared address,
 * in the default language) when it is set and not one of them.
 */
export async function queueDepartmentMail(
  tx: Db,
  deps: MailDeps,
  s: SettingsMap,
  type: 'Nieuw' | 'Reactie',
  c: ComplaintRow,
  message: string,
): Promise<void> {
  const people = await selectDepartmentPeople(tx);
  const receivers = people.map((p) => ({ to: p.email, locale: localeOf(p.language, s) }));
  const shared = String(s.OrderWizardDefaultReceiver ?? '').trim();
  if (shared && !receivers.some((r) => r.to.toLowerCase() === shared.toLowerCase()))
    receivers.push({ to: shared, locale: localeOf(null, s) });
  const link = `${deps.publicUrl}/materieeldienst/klachten/${c.id}`;
  for (const r of receivers) {
    const mail = composeComplaintMail(type, r.locale, valuesOf(c, r.locale, s, link, message));
    await deps.mailer.queue({ type: typeName[type], locale: r.locale, to: r.to, ...mail }, tx);
  }
}

/** To the user who submitted the complaint: the department's answer and / or new status. */
export async function queueUserMail(
  tx: Db,
  deps: MailDeps,
  s: SettingsMap,
  c: ComplaintRow & { status: ComplaintStatus },
  message: string,
): Promise<void> {
  if (!c.userEmail) return;
  const locale = localeOf(c.userLanguage, s);
  const link = `${deps.publicUrl}/klacht-details/${c.id}`;
  const mail = composeComplaintMail('Antwoord', locale, valuesOf(c, locale, s, link, message));
  await deps.mailer.queue({ type: typeName.Antwoord, locale, to: c.userEmail, ...mail }, tx);
}
