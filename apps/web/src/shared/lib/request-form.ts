import type { ZodSafeParseResult } from 'zod';
import { type ErrorKey, issueKey } from './form-errors';

// The parts every request wizard's form has (order, removal, relocation, transport) and how they are sent.

/** Who is there and what goes with a request, as typed. */
export interface ContactValues {
  contactPerson: string;
  phone: string;
  reference: string;
  comment: string;
}

export const emptyContact: ContactValues = { contactPerson: '', phone: '', reference: '', comment: '' };

export type ContactField = keyof ContactValues;

/** AanvragenDatum_NaarOpmerking: the chosen day also goes into the comment, for systems that read only the comment. */
export interface DateInComment {
  dateInComment: boolean;
  dateLabel: string;
}

export const noDateInComment: DateInComment = { dateInComment: false, dateLabel: '' };

/** The notes of a request as sent: an empty one left out, the chosen day in the comment when asked. */
export function notesOf(
  v: Pick<ContactValues, 'reference' | 'comment'>,
  day: string | null,
  opts: DateInComment,
) {
  const comment = v.comment.trim();
  return {
    reference: v.reference.trim() || undefined,
    comment:
      opts.dateInComment && day
        ? [comment, `${opts.dateLabel}: ${day}`].filter(Boolean).join('\n')
        : comment || undefined,
  };
}

/** The contact part of a request as sent: who and the phone trimmed, and the notes. */
export function contactOf(v: ContactValues, day: string | null, opts: DateInComment) {
  return { contactPerson: v.contactPerson.trim(), phone: v.phone.trim(), ...notesOf(v, day, opts) };
}

/** An address as a wizard holds it: a work address chosen by its code, or one typed in. */
export interface TypedOrChosenAddress {
  addressCode: string | null;
  street: string;
  postcode: string;
  city: string;
}

/**
 * The address part of a request as sent: the chosen work address or the typed one, whichever `mode` says; nothing
 * when `applies` is false (e.g. a removal the customer brings to the depot).
 */
export function addressOf(mode: 'work_address' | 'other_address', v: TypedOrChosenAddress, applies = true) {
  const typed = applies && mode === 'other_address';
  const chosen = applies && mode === 'work_address';
  return {
    addressCode: chosen ? (v.addressCode ?? undefined) : undefined,
    street: typed ? v.street.trim() || undefined : undefined,
    postcode: typed ? v.postcode.trim() || undefined : undefined,
    city: typed ? v.city.trim() || undefined : undefined,
  };
}

/**
 * A form's problems by field, first one per field: `put` adds one, `schema` adds the contract schema's issues (the
 * server checks the same), `terms` the unaccepted terms when they must be accepted now.
 */
export function formProblems<F extends string>(fieldOf: (name: string) => F | null) {
  const found: Partial<Record<F, ErrorKey>> = {};
  const put = (f: F, e: ErrorKey) => {
    if (!found[f]) found[f] = e;
  };
  return {
    found,
    put,
    schema: (parsed: ZodSafeParseResult<unknown>) => {
      if (parsed.success) return;
      for (const issue of parsed.error.issues) {
        const f = fieldOf(issue.path.map(String).join('.'));
        if (f) put(f, issueKey(issue));
      }
    },
    terms: (ctx: { termsRequired: boolean; checkTerms: boolean }, accepted: boolean, field: F) => {
      if (ctx.checkTerms && ctx.termsRequired && !accepted)
        put(field, { key: 'error.voorwaarden_niet_geaccepteerd' });
    },
  };
}

/** The server's field name → the form's, for a form whose fields are named as the server names them. */
export const sameNamedField =
  <F extends string>(empty: Record<F, unknown>) =>
  (name: string): F | null =>
    name in empty ? (name as F) : null;
