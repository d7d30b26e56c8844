import { REMOVAL_BRING, type RemovalForm, removalForm } from '@mp/contract/api/removal';
import {
  deliveryDateProblem,
  type RemovalDateSettings,
  removalDateRules,
} from '@mp/contract/rules/order-dates';
import type { ErrorKey } from '../../../shared/lib/form-errors';
import { formMemory } from '../../../shared/lib/form-memory';
import {
  addressOf,
  type ContactValues,
  contactOf,
  type DateInComment,
  emptyContact,
  formProblems,
  noDateInComment,
  sameNamedField,
} from '../../../shared/lib/request-form';

/** What the removal wizard's Gegevens step holds while it is being filled in (strings as typed). */
export interface RemovalFormValues extends ContactValues {
  removalDate: string | null;
  transportMeans: string;
  depotNo: string | null;
  /** Where it is picked up: a work address of the location, or a typed address. */
  pickup: 'work_address' | 'other_address';
  addressCode: string | null;
  street: string;
  postcode: string;
  city: string;
  termsAccepted: boolean;
}

export type RemovalField = keyof RemovalFormValues;

export const emptyRemovalForm: RemovalFormValues = {
  removalDate: null,
  transportMeans: '',
  depotNo: null,
  pickup: 'work_address',
  addressCode: null,
  street: '',
  postcode: '',
  city: '',
  ...emptyContact,
  termsAccepted: false,
};

/**
 * The form as sent (POST PlantRequests/removal). With AanvragenDatum_NaarOpmerking the chosen day also goes into
 * the comment, for the department's systems that read only the comment.
 */
export function toRemovalForm(
  locationNo: string,
  v: RemovalFormValues,
  opts: DateInComment = noDateInComment,
): RemovalForm {
  return {
    plantLocation: locationNo,
    removalDate: v.removalDate ?? '',
    transportMeans: v.transportMeans.trim() || undefined,
    depotNo: v.depotNo ?? '',
    // brought to the depot by the customer: no pick-up address goes along
    ...addressOf(v.pickup, v, picksUp(v)),
    ...contactOf(v, v.removalDate, opts),
    termsAccepted: v.termsAccepted,
  };
}

/**
 * The form's problems by field (empty: it may go on): the contract's own schema (the server checks the same),
 * the shared date rule with the Afvoeren_* settings, and a work address that must be chosen. The server decides
 * again.
 */
export function validateRemovalForm(
  v: RemovalFormValues,
  ctx: { today: string; dates: RemovalDateSettings; termsRequired: boolean; checkTerms: boolean },
): Partial<Record<RemovalField, ErrorKey>> {
  const { found, put, schema, terms } = formProblems(removalFieldOf);
  if (!v.removalDate) put('removalDate', { key: 'validation.verplicht' });
  else {
    const p = deliveryDateProblem(v.removalDate, ctx.today, removalDateRules(ctx.dates));
    if (p) put('removalDate', { key: p.code, params: p.params });
  }
  if (!v.depotNo) put('depotNo', { key: 'validation.verplicht' });
  if (v.transportMeans !== REMOVAL_BRING && v.pickup === 'work_address' && !v.addressCode)
    put('addressCode', { key: 'validation.verplicht' });
  schema(removalForm.safeParse(toRemovalForm('-', v)));
  terms(ctx, v.termsAccepted, 'termsAccepted');
  return found;
}

/** The server's field names → the form's (a typed address is street/postcode/city on both sides). */
export const removalFieldOf = sameNamedField<RemovalField>(emptyRemovalForm);

// ── the form kept while the user goes back and forth, and across a reload (per location) ──────────────────

/** The form per location; forgotten after a successful submit, so the next one starts empty (product §4). */
export const removalMemory = formMemory<RemovalFormValues, RemovalField>('mp.removalForm.', emptyRemovalForm);

/** Whether the removal is picked up at the location (not brought to the depot by the customer). */
export const picksUp = (v: RemovalFormValues) => v.transportMeans !== REMOVAL_BRING;
