import { bundles, type Locale, type TranslationBundle } from '@mp/contract/i18n';
import type { MailTemplateType } from '@mp/contract/rules/mail-templates';

function section(bundle: TranslationBundle, key: string): TranslationBundle {
  const v = bundle[key];
  if (!v || typeof v === 'string') throw new Error(`translation bundle has no section ${key}`);
  return v;
}

function str(b: TranslationBundle, key: string): string | undefined {
  const v = b[key];
  return typeof v === 'string' ? v : undefined;
}

/**
 * The default text of an admin-editable mail (what the seed stores and "reset" restores), built from the
 * translation bundle's `mail.<Type>` texts, so it uses exactly the placeholders the senders fill in.
 */
export function defaultMailTemplate(
  type: MailTemplateType,
  locale: Locale,
): { subject: string; html: string } {
  const mail = section(bundles[locale], 'mail');
  const m = section(mail, type);
  const subject = str(m, 'onderwerp') ?? type;
  const skip = new Set(['onderwerp', 'actie', 'regel', 'regels', 'aanhef']);
  const parts: string[] = [];
  const greeting = str(m, 'aanhef');
  if (greeting) parts.push(`<p>${greeting}</p>`);
  for (const [key, value] of Object.entries(m)) {
    if (skip.has(key) || typeof value !== 'string') continue;
    // The order confirmation fills {{rush}} (the rush sentence or nothing) and {{lines}} (the lines table).
    if (type === 'OrderConfirmation' && key === 'spoed') {
      parts.push('<p><strong>{{rush}}</strong></p>');
      continue;
    }
    parts.push(`<p>${value}</p>`);
    if (type === 'OrderConfirmation' && key === 'referentie') parts.push('{{lines}}');
  }
  const action = str(m, 'actie');
  if (action) {
    parts.push(
      `<p><a href="{{link}}" style="display:inline-block;padding:10px 18px;background:#1C4E80;color:#ffffff;text-decoration:none;border-radius:4px">${action}</a></p>`,
    );
  }
  const closing = [str(mail, 'afsluiting'), str(mail, 'ondertekening')].filter(Boolean).join('<br>');
  if (closing) parts.push(`<p>${closing}</p>`);
  const auto = str(mail, 'automatisch');
  if (auto) parts.push(`<p style="color:#868e96;font-size:12px">${auto}</p>`);
  return { subject, html: parts.join('\n') };
}
