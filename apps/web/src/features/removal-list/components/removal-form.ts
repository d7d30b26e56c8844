import { REMOVAL_BRING, type RemovalForm, removalForm } from '@mp/contract/api/removal';
import {
  deliveryDateProblem,
  type RemovalDateSettings,
  removalDateRules,
} from '@mp/contract/rules/order-dates';
import { type ErrorKey, issueKey } from '../../../shared/lib/form-errors';
import { formMemory } from '../../../shared/lib/form-memory';

/** What the removal wizard's Gegevens step holds while it is being filled in (strings as typed). */
export interface RemovalFormValues {
  removalDate: string | null;
  transportMeans: string;
  depotNo: string | null;
  /** Where it is picked up: a work address of the location, or a typed address. */
  pickup: 'work_address' | 'other_address';
  addressCode: string | null;
  street: string;
  postcode: string;
  city: string;
  contactPerson: string;
  phone: string;
  reference: string;
  comment: string;
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
  contactPerson: '',
  phone: '',
  reference: '',
  comment: '',
  termsAccepted: false,
};

/**
 * The form as sent (POST PlantRequests/removal). With AanvragenDatum_NaarOpmerking the chosen day also goes into
 * the comment, for the department's systems that read only the comment.
 */
export function toRemovalForm(
  locationNo: string,
  v: RemovalFormValues,
  opts: { dateInComment: boolean; dateLabel: string } = { dateInComment: false, dateLabel: '' },
): RemovalForm {
  // brought to the depot by the customer: no pick-up address goes along
  const bring = v.transportMeans === REMOVAL_BRING;
  const typed = !bring && v.pickup === 'other_address';
  const chosen = !bring && v.pickup === 'work_address';
  const comment = v.comment.trim();
  return {
    plantLocation: locationNo,
    removalDate: v.removalDate ?? '',
    transportMeans: v.transportMeans.trim() || undefined,
    depotNo: v.depotNo ?? '',
    addressCode: chosen ? (v.addressCode ?? undefined) : undefined,
    street: typed ? v.street.trim() || undefined : undefined,
    postcode: typed ? v.postcode.trim() || undefined : undefined,
    city: typed ? v.city.trim() || undefined : undefined,
    contactPerson: v.contactPerson.trim(),
    phone: v.phone.trim(),
    reference: v.reference.trim() || undefined,
    comment:
      opts.dateInComment && v.removalDate
        ? [comment, `${opts.dateLabel}: ${v.removalDate}`].filter(Boolean).join('\n')
        : comment || undefined,
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
  const out: Partial<Record<RemovalField, ErrorKey>> = {};
  const put = (f: RemovalField, e: ErrorKey) => {
    if (!out[f]) out[f] = e;
  };
  if (!v.removalDate) put('removalDate', { key: 'validation.verplicht' });
  else {
    const p = deliveryDateProblem(v.removalDate, ctx.today, removalDateRules(ctx.dates));
    if (p) put('removalDate', { key: p.code, params: p.params });
  }
  if (!v.depotNo) put('depotNo', { key: 'validation.verplicht' });
  if (v.transportMeans !== REMOVAL_BRING && v.pickup === 'work_address' && !v.addressCode)
    put('addressCode', { key: 'validation.verplicht' });
  const parsed = removalForm.safeParse(toRemovalForm('-', v));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const f = removalFieldOf(String(issue.path[0] ?? ''));
      if (f) put(f, issueKey(issue));
    }
  }
  if (ctx.checkTerms && ctx.termsRequired && !v.termsAccepted)
    put('termsAccepted', { key: 'error.voorwaarden_niet_geaccepteerd' });
  return out;
}

/** The server's field names → the form's (a typed address is street/postcode/city on both sides). */
export function removalFieldOf(name: string): RemovalField | null {
  return name in emptyRemovalForm ? (name as RemovalField) : null;
}

// ── the form kept while the user goes back and forth, and across a reload (per location) ──────────────────

const memory = formMemory<RemovalFormValues, RemovalField>('mp.removalForm.', emptyRemovalForm);
export const heldRemoval = memory.held;
export const holdRemoval = memory.hold;
/** After a successful submit the form starts empty again (product §4). */
export const forgetRemoval = memory.forget;

/** Whether the removal is picked up at the location (not brought to the depot by the customer). */
export const picksUp = (v: RemovalFormValues) => v.transportMeans !== REMOVAL_BRING;
