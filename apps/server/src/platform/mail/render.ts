import { AppError } from '../errors.ts';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

/** Fills {{name}} placeholders; values are HTML-escaped, unknown placeholders become empty. */
export function fillHtml(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, k: string) => escapeHtml(String(values[k] ?? '')));
}

/** Fills a header line (subject): a CR or LF in a value would inject headers, so it is refused. */
export function fillHeader(template: string, values: Record<string, string | number>): string {
  const out = template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, k: string) => String(values[k] ?? ''));
  if (/[\r\n]/.test(out))
    throw new AppError('invalid', 'error.ongeldige_invoer', {
      details: { subject: 'validation.ongeldig_formaat' },
    });
  return out;
}

export function htmlToText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|h\d|li|tr)>/gi, '\n')
    .replace(/<a [^>]*href="([^"]*)"[^>]*>(.*?)<\/a>/gi, '$2 ($1)')
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
