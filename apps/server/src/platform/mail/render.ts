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

// why: C0 controls (CR, LF, tab …), DEL, NEL and the Unicode line / paragraph separators would break a header
// line or inject another header; in a subject each is just a space.
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is this pattern's purpose
const LINE_BREAKING = /[\u0000-\u001F\u007F\u0085\u2028\u2029]+/g;

/** Makes any text one header line: control characters and line breaks become one space, runs of spaces one. */
export function oneLine(text: string): string {
  return text.replace(LINE_BREAKING, ' ').replace(/ {2,}/g, ' ').trim();
}

/**
 * Fills a header line (subject). A value (a location's description, a name) may hold a line break or another
 * control character — typed in a multi-line field or stored long ago; it never blocks the mail (issue #31 item 11):
 * the filled subject is made one line, so no header can be injected either.
 */
export function fillHeader(template: string, values: Record<string, string | number>): string {
  return oneLine(template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, k: string) => String(values[k] ?? '')));
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
