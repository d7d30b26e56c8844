/**
 * The `{{field}}` names of a text (i18next interpolation, formats such as `{{count, number}}` included), sorted and
 * without repeats. An admin's text must hold the same ones as the bundled text: the code fills exactly those in.
 */
export function placeholdersOf(text: string): string[] {
  return [...new Set([...text.matchAll(/\{\{\s*([\w.-]+)[^}]*\}\}/g)].map((m) => m[1] as string))].sort();
}

/** Whether `text` holds exactly the fields of `original`. */
export const samePlaceholders = (text: string, original: string): boolean =>
  placeholdersOf(text).join('\u0000') === placeholdersOf(original).join('\u0000');
