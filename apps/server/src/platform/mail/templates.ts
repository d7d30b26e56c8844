import { bundles, defaultLocale, flatten, isLocale, type Locale, locales } from '@mp/contract/i18n';
import { and, eq } from 'drizzle-orm';
import { mailTemplates, mailType } from '../../db/schema/index.ts';
import type { Db } from '../db/database.ts';
import type { Mailer } from './mailer.ts';
import { fillHeader, fillHtml, htmlToText } from './render.ts';

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

type Values = Record<string, string | number>;

/** Mails the portal sends that have no admin-editable row (not in the mail_type enum). */
const builtIn: Record<string, Partial<Record<Locale, { subject: string; body: string }>>> = {
  UserAlreadyRegistered: {
    'nl-NL': {
      subject: 'Je hebt al een account bij {{portalName}}',
      body:
        '<p>Beste {{name}},</p><p>Er is een account aangevraagd met dit e-mailadres, maar je hebt al een account. ' +
        'Ben je je wachtwoord vergeten? Stel een nieuw wachtwoord in via <a href="{{forgotLink}}">{{forgotLink}}</a>.</p>' +
        '<p>Heb je dit niet zelf gedaan? Dan kun je deze e-mail negeren.</p>',
    },
    'en-US': {
      subject: 'You already have an account at {{portalName}}',
      body:
        '<p>Dear {{name}},</p><p>Someone asked for an account with this e-mail address, but you already have one. ' +
        'Forgot your password? Set a new one at <a href="{{forgotLink}}">{{forgotLink}}</a>.</p>' +
        '<p>If this was not you, you can ignore this e-mail.</p>',
    },
  },
  UserForgotPassword: {
    'nl-NL': {
      subject: 'Wachtwoord opnieuw instellen',
      body:
        '<p>Beste {{name}},</p><p>Via de onderstaande link stel je een nieuw wachtwoord in. De link is {{minutes}} minuten geldig en werkt één keer.</p>' +
        '<p><a href="{{link}}">{{link}}</a></p><p>Heb je dit niet aangevraagd? Dan kun je deze e-mail negeren.</p>',
    },
    'en-US': {
      subject: 'Reset your password',
      body:
        '<p>Dear {{name}},</p><p>Use the link below to set a new password. It is valid for {{minutes}} minutes and works once.</p>' +
        '<p><a href="{{link}}">{{link}}</a></p><p>If you did not ask for this, you can ignore this e-mail.</p>',
    },
  },
  NewUserRequest: {
    'nl-NL': {
      subject: 'Nieuwe accountaanvraag: {{name}}',
      body:
        '<p>Er is een account aangevraagd.</p><p>Naam: {{name}}<br>E-mail: {{email}}<br>Telefoon: {{phone}}<br>' +
        'Bedrijf: {{company}}<br>Opmerking: {{comment}}</p><p>Koppel de gebruiker aan een klant en locaties in het beheer.</p>',
    },
    'en-US': {
      subject: 'New account request: {{name}}',
      body:
        '<p>Someone asked for an account.</p><p>Name: {{name}}<br>E-mail: {{email}}<br>Phone: {{phone}}<br>' +
        'Company: {{company}}<br>Comment: {{comment}}</p><p>Link the user to a customer and locations in the admin pages.</p>',
    },
  },
};

const flat = Object.fromEntries(locales.map((l) => [l, flatten(bundles[l])])) as Record<Locale, Record<string, string>>;

function fromBundle(type: string, locale: Locale): { subject: string; body: string } | null {
  for (const l of [locale, defaultLocale]) {
    const subject = flat[l][`mail.${type}.subject`];
    const body = flat[l][`mail.${type}.body`] ?? flat[l][`mail.${type}.html`];
    if (subject && body) return { subject, body };
  }
  return null;
}

function fromBuiltIn(type: string, locale: Locale): { subject: string; body: string } | null {
  const t = builtIn[type];
  return t?.[locale] ?? t?.['en-US'] ?? t?.[defaultLocale] ?? null;
}

function isStoredType(type: string): type is (typeof mailType.enumValues)[number] {
  return (mailType.enumValues as readonly string[]).includes(type);
}

/**
 * The mail of one type in one language: the admin's row in mail_templates when there is one, else the
 * translation bundle's `mail.<Type>.subject/body`, else a built-in text. Placeholders are HTML-escaped;
 * a CR or LF that would reach the subject is refused.
 */
export async function renderMail(db: Db, type: string, locale: string, values: Values): Promise<RenderedMail> {
  const loc: Locale = isLocale(locale) ? locale : defaultLocale;
  let template: { subject: string; body: string } | null = null;
  if (isStoredType(type)) {
    for (const l of loc === defaultLocale ? [loc] : [loc, defaultLocale]) {
      const [row] = await db
        .select({ subject: mailTemplates.subject, html: mailTemplates.html })
        .from(mailTemplates)
        .where(and(eq(mailTemplates.type, type), eq(mailTemplates.locale, l)))
        .limit(1);
      if (row) {
        template = { subject: row.subject, body: row.html };
        break;
      }
    }
  }
  template ??= fromBundle(type, loc) ?? fromBuiltIn(type, loc);
  if (!template) throw new Error(`no mail template for ${type}`);
  const html = fillHtml(template.body, values);
  return { subject: fillHeader(template.subject, values), html, text: htmlToText(html) };
}

/** Renders and queues one mail (delivered by the job runner, or inline without one). */
export async function sendTemplatedMail(
  deps: { db: Db; mailer: Mailer },
  mail: { type: string; locale: string; to: string; values: Values },
): Promise<string> {
  const rendered = await renderMail(deps.db, mail.type, mail.locale, mail.values);
  return deps.mailer.queue({ type: mail.type, locale: mail.locale, to: mail.to, ...rendered });
}
