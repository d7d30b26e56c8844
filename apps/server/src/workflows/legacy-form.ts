import { CALENDAR_DAY } from '@mp/contract/api/common';
import type { SubmitResult } from '@mp/contract/api/requests';
import { z } from 'zod';
import { fieldErrors } from '../platform/errors.ts';
import { legacyAnswer, legacyRequestStatus } from '../platform/http/legacy-dto.ts';

/**
 * A legacy (Dutch) form read as its v2 form: `v2` parses what `toV2` made of the legacy body; a broken rule answers
 * 400 error.ongeldige_invoer with the field named as the legacy caller knows it (`dutch`: v2 path → legacy path;
 * a nested path falls back to its first part's name).
 */
export function asV2Form<S extends z.ZodType>(
  v2: S,
  input: unknown,
  dutch: Record<string, string>,
): z.infer<S> {
  const parsed = v2.safeParse(input);
  if (parsed.success) return parsed.data;
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const path = issue.path.map(String).join('.') || 'body';
    const name = dutch[path] ?? (issue.path.length > 1 ? dutch[String(issue.path[0])] : undefined) ?? path;
    const code = issue.message.startsWith('validation.')
      ? issue.message
      : issue.code === 'invalid_type'
        ? 'validation.verplicht'
        : 'validation.ongeldig_formaat';
    fields[name] ??= code;
  }
  throw fieldErrors('invalid', 'error.ongeldige_invoer', fields, { details: { in: 'body' } });
}

/** A typed value, trimmed; blank is not given. */
export const given = (v: string | null | undefined) => (v?.trim() ? v.trim() : undefined);

// The legacy forms' fields, as their schemas say what the v2 form will require (the document and the server agree).
/** Optional free text. */
export const text = (max: number) => z.string().max(max).nullish();
/** Optional, but when given not blank. */
export const filled = (max: number) => z.string().trim().min(1, 'validation.verplicht').max(max).nullish();
/** Required, not blank. */
export const legacyRequired = (max: number) => z.string().trim().min(1, 'validation.verplicht').max(max);
/** A day, then anything (legacy clients send '2026-11-26T00:00:00'): the day is what counts. */
export const legacyDay = z
  .string()
  .max(40)
  .regex(new RegExp(CALENDAR_DAY.source.slice(0, -1)), 'validation.datum_ongeldig');
/** A phone number as the v2 form takes it (trimmed: 6 to 30 of digits, spaces and + ( ) - . /). */
export const legacyPhone = z
  .string()
  .regex(/^\s*[0-9+()\-./][0-9+()\-./ ]{4,28}[0-9+()\-./]\s*$/, 'validation.telefoon_ongeldig');

/** A submit's answer as legacy callers read it (AddAfvoer, AddVerplaasting, AddTransportAanvraag). */
export const legacySubmitAnswer = legacyAnswer({
  id: z.string(),
  aanvraagNummer: z.string(),
  status: z.string(),
  materieelLocatieNr: z.string(),
  aantalRegels: z.number().int(),
});

export function legacySubmitted(r: SubmitResult) {
  return {
    id: r.id,
    aanvraagNummer: r.requestNo,
    status: legacyRequestStatus[r.status],
    materieelLocatieNr: r.locationNo,
    aantalRegels: r.lineCount,
  };
}
