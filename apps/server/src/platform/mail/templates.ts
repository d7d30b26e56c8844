import {
  bundles,
  defaultLocale,
  isLocale,
  type Locale,
  placeholders,
  type TranslationBundle,
} from '@mp/contract/i18n';
import { and, eq } from 'drizzle-orm';
import { mailTemplates, mailType } from '../../db/schema/index.ts';
import type { Db } from '../db/database.ts';
import type { Mailer } from './mailer.ts';
import { escapeHtml, fillHeader, fillHtml, htmlToText } from './render.ts';

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

export type MailValues = Record<string, string | number>;

/**
 * Mails without keys in the translation bundle yet (not one of the admin-editable types). Same shape as the
 * bundle's `mail.<Type>`: onderwerp (subject), then paragraphs, `actie` the button to {{link}}.
 */
const builtIn: Record<string, Partial<Record<Locale, Record<string, string>>>> = {
  UserAlreadyRegistered: {
    'nl-NL': {
      onderwerp: 'Je hebt al een account bij {{portal}}',
      aanhef: 'Beste {{name}},',
      tekst: 'Er is een account aangevraagd met dit e-mailadres, maar je hebt al een account bij {{portal}}.',
      vergeten: 'Weet je je wachtwoord niet meer? Via de knop hieronder stel je een nieuw wachtwoord in.',
      actie: 'Wachtwoord vergeten',
      negeren: 'Heb je dit niet zelf gedaan? Dan kun je deze e-mail negeren.',
    },
    'en-US': {
      onderwerp: 'You already have a {{portal}} account',
      aanhef: 'Dear {{name}},',
      tekst:
        'Someone asked for an account with this e-mail address, but you already have a {{portal}} account.',
      vergeten: 'Forgot your password? Use the button below to set a new one.',
      actie: 'Forgot password',
      negeren: 'If this was not you, you can ignore this e-mail.',
    },
  },
};

function section(locale: Locale, type: string): Record<string, string> | null {
  const mail = bundles[locale].mail as TranslationBundle | undefined;
  const own = mail?.[type];
  if (own && typeof own === 'object') {
    return Object.fromEntries(
      Object.entries(own).filter((e): e is [string, string] => typeof e[1] === 'string'),
    );
  }
  const fallback = builtIn[type];
  return fallback?.[locale] ?? fallback?.['en-US'] ?? null;
}

function common(locale: Locale, key: string): string {
  const mail = bundles[locale].mail as TranslationBundle | undefined;
  const value = mail?.[key] ?? (bundles[defaultLocale].mail as TranslationBundle | undefined)?.[key];
  return typeof value === 'string' ? value : '';
}

/** A paragraph only when every placeholder in it has a value (an empty comment leaves its line out). */
function complete(text: string, values: MailValues): boolean {
  return placeholders(text).every((p) => values[p] !== undefined && String(values[p]) !== '');
}

/** Text from the bundle (not HTML) with escaped values: escape the text, then fill. */
const para = (text: string, values: MailValues) => fillHtml(escapeHtml(text), values);

function fromBundle(
  type: string,
  locale: Locale,
  values: MailValues,
): { subject: string; html: string } | null {
  const texts = section(locale, type) ?? (locale === defaultLocale ? null : section(defaultLocale, type));
  if (!texts?.onderwerp) return null;
  const parts: string[] = [];
  for (const [key, text] of Object.entries(texts)) {
    if (key === 'onderwerp' || key === 'actie' || !complete(text, values)) continue;
    parts.push(`<p>${para(text, values)}</p>`);
  }
  if (texts.actie && values.link) {
    const href = escapeHtml(String(values.link));
    parts.push(
      `<p><a href="${href}" style="display:inline-block;padding:10px 18px;background:#1c5d99;color:#ffffff;` +
        `text-decoration:none;border-radius:4px">${escapeHtml(texts.actie)}</a></p>`,
    );
    const fallback = common(locale, 'link_werkt_niet');
    if (fallback) parts.push(`<p style="font-size:12px;color:#555">${para(fallback, values)}</p>`);
  }
  const closing = [common(locale, 'afsluiting'), common(locale, 'ondertekening')].filter(Boolean);
  if (closing.length) parts.push(`<p>${closing.map((t) => para(t, values)).join('<br>')}</p>`);
  const auto = common(locale, 'automatisch');
  if (auto) parts.push(`<p style="font-size:12px;color:#5c5f66">${para(auto, values)}</p>`);
  return { subject: texts.onderwerp, html: parts.join('\n') };
}

function isStoredType(type: string): type is (typeof mailType.enumValues)[number] {
  return (mailType.enumValues as readonly string[]).includes(type);
}

/**
 * The mail of one type in one language: the admin's row in mail_templates when there is one (its HTML
 * with {{placeholders}}), else composed from the translation bundle's `mail.<Type>.*` texts. Values are
 * HTML-escaped; a CR or LF that would reach the subject is refused.
 */
export async function renderMail(
  db: Db,
  type: string,
  locale: string,
  values: MailValues,
): Promise<RenderedMail> {
  const loc: Locale = isLocale(locale) ? locale : defaultLocale;
  if (isStoredType(type)) {
    for (const l of loc === defaultLocale ? [loc] : [loc, defaultLocale]) {
      const [row] = await db
        .select({ subject: mailTemplates.subject, html: mailTemplates.html })
        .from(mailTemplates)
        .where(and(eq(mailTemplates.type, type), eq(mailTemplates.locale, l)))
        .limit(1);
      if (row) {
        const html = fillHtml(row.html, values);
        return { subject: fillHeader(row.subject, values), html, text: htmlToText(html) };
      }
    }
  }
  const composed = fromBundle(type, loc, values);
  if (!composed) throw new Error(`no mail template for ${type}`);
  return {
    subject: fillHeader(composed.subject, values),
    html: composed.html,
    text: htmlToText(composed.html),
  };
}

/** Renders and queues one mail (delivered by the job runner, or inline without one). */
export async function sendTemplatedMail(
  deps: { db: Db; mailer: Mailer },
  mail: { type: string; locale: string; to: string; values: MailValues },
): Promise<string> {
  const rendered = await renderMail(deps.db, mail.type, mail.locale, mail.values);
  return deps.mailer.queue({ type: mail.type, locale: mail.locale, to: mail.to, ...rendered });
}
