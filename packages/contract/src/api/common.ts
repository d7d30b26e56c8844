// Pieces every area's payloads share.
import { z } from 'zod';
import { isCalendarDay } from '../rules/order-dates.ts';

/** The answer of a call that answers nothing (204, 202): the web client reads it as null. */
export const noContent = z.null();

/**
 * One field's problem in an error answer (`details.fields[name]`), whoever found it — schema validation, a service's
 * rule, an upload (issue #32 item 4): the translation key, its text in the caller's language, and the values of the
 * key's placeholders when it has any (`{ max: 9999 }`), so a client's own text keeps the numbers.
 */
export const fieldProblem = z.object({
  code: z.string(),
  message: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type FieldProblem = z.infer<typeof fieldProblem>;

/**
 * Every error answer: a translation key as `code`, the message in the caller's language, and details (the
 * fields it is about, the current status of a conflict, a trace id, …).
 */
export const apiError = z.looseObject({
  code: z.string(),
  message: z.string(),
  details: z.looseObject({ fields: z.record(z.string(), fieldProblem).optional() }).optional(),
});
export type ApiErrorBody = z.infer<typeof apiError>;

/**
 * A URL the API answers or takes: a path on this portal ('/api/v2.0/…') or an absolute address. The document names
 * its format (issue #31 item 21); what the server takes is checked where it is read.
 */
export const urlReference = z.string().meta({ format: 'uri-reference' });

const given = (v: unknown) => v !== undefined && v !== null && v !== '';

/**
 * An object that needs one of several fields or field groups (a legacy call takes its id under two names;
 * external login takes the callback URL or code + state). The server answers `validation.verplicht` on the
 * first field; the document says the same with `anyOf: [{ required: [...] }, …]` (issue #16 part 2).
 */
export function requireOneOf<T extends z.ZodType<Record<string, unknown>>>(
  schema: T,
  alternatives: readonly (string | readonly string[])[],
): T {
  const groups = alternatives.map((a) => (typeof a === 'string' ? [a] : [...a]));
  return schema
    .refine((body) => groups.some((g) => g.every((f) => given(body[f]))), {
      message: 'validation.verplicht',
      path: [groups[0][0]],
    })
    .meta({
      anyOf: groups.map((required) => ({
        required,
        properties: Object.fromEntries(required.map((f) => [f, { not: { enum: [null, ''] } }])),
      })),
    });
}

/**
 * A rule across two fields for the API document (issue #31 item 21): `later` is not before `earlier` (`after`:
 * strictly after it), both days or moments, when both are given. JSON Schema cannot compare two values, so it is
 * said with an extension keyword on the object, `x-not-before` / `x-after: { later: earlier }` (a tool that does
 * not know it ignores it, as JSON Schema and OpenAPI want; the conformance sweep checks it). Use with `.meta(…)` on
 * the object; the server answers `validation.einde_na_begin` at `later`.
 */
export function notBefore(later: string, earlier: string, options: { after?: boolean } = {}) {
  return { [options.after ? 'x-after' : 'x-not-before']: { [later]: earlier } };
}

/**
 * A comma-separated list in one query value, as a pattern the document shows and the server checks:
 * `entry` is a regular-expression source for one entry; spaces around entries are allowed.
 */
export function commaListPattern(entry: string, maxEntries: number, optionalEmpty = false): RegExp {
  const one = `\\s*(?:${entry})\\s*`;
  const list = `${one}(?:,${one}){0,${maxEntries - 1}}`;
  return new RegExp(optionalEmpty ? `^(?:${list})?$` : `^${list}$`);
}

/** One entry of a number list: 1–50 characters, no comma, no control character, not starting or ending in a space. */
export const listEntrySource =
  '[^,\\s\\u0000-\\u001F\\u007F](?:[^,\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F]{0,48}[^,\\s\\u0000-\\u001F\\u007F])?';

// in a module without zod, so a page can test an id without loading the schemas
export { guidSource } from '../rules/ids.ts';

/** A pattern that takes exactly these words, in any letter case (JSON Schema patterns have no flags). */
export function anyCaseWords(words: readonly string[]): string {
  const anyCase = (w: string) =>
    [...w].map((ch) => (/[a-z]/i.test(ch) ? `[${ch.toLowerCase()}${ch.toUpperCase()}]` : ch)).join('');
  return `^(?:${words.map(anyCase).join('|')})$`;
}

// ── fields many payloads share ─────────────────────────────────────────────────────────────────

export const CALENDAR_DAY = new RegExp(
  '^(?:[1-9]\\d{3}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|02-(?:0[1-9]|1\\d|2[0-8]))' +
    '|(?:[1-9]\\d(?:0[48]|[2468][048]|[13579][26])|(?:[13579][26]|[2468][048])00)-02-29)$',
);

/** A calendar day 'YYYY-MM-DD' (never a timestamp: the chosen day must stay the chosen day). */
export const calendarDay = z
  .string()
  // the real days of the years 1000–9999 as a pattern, so the document says exactly what is taken (leap days too)
  .regex(CALENDAR_DAY, 'validation.datum_ongeldig')
  .refine(isCalendarDay, 'validation.datum_ongeldig');

/** Money and weights travel as decimal strings ('12.50'), never as floats that get summed. */
export const decimal = z.string().regex(/^-?\d+(\.\d+)?$/);

export const itemNumber = z.string().trim().min(1).max(50);
/**
 * A location's number as a caller sends it ('P-24001'; `plantLocation`, `materieelLocatieNr`, `targetLocation`, …):
 * the one schema of every input that names a location (issue #32 item 4). Whether it is one of the caller's is the
 * server's access check, not the schema's.
 */
export const locationNumber = z.string().trim().min(1).max(50);
/** The path parameters `{plantLocation}` of a route on one location. */
export const plantLocationParams = z.object({ plantLocation: locationNumber });
/** The path parameter `{id}` of a route on one record, a GUID. */
export const idParams = z.object({ id: z.guid() });
/**
 * A phone number as typed (trimmed): digits, spaces and + ( ) - . / only, 6 to 30 of them. Written so the API
 * document says the same of the untrimmed text (white space around it is the trim's; the number itself starts and
 * ends with a digit or sign), or "12345 " would pass the document and fail here.
 */
export const PHONE = /^\s*[0-9+()\-./][0-9+()\-./ ]{4,28}[0-9+()\-./]\s*$/;
export const phone = z.string().trim().min(1).max(30).regex(PHONE, 'validation.telefoon_ongeldig');
