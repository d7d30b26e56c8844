import { type RelocationForm, relocationForm } from '@mp/contract/api/removal';
import {
  checkOrderDates,
  type RelocationDateSettings,
  relocationDateRules,
} from '@mp/contract/rules/order-dates';
import { type ErrorKey, issueKey } from '../../../shared/lib/form-errors';
import { formMemory } from '../../../shared/lib/form-memory';

/** What the relocation wizard's Gegevens step holds while it is being filled in. */
export interface RelocationFormValues {
  targetLocation: string | null;
  moveDate: string | null;
  expectedReturnDate: string | null;
  /** Where it is delivered at the target: a work address of it, or a typed address. */
  delivery: 'work_address' | 'other_address';
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

export type RelocationField = keyof RelocationFormValues;

export const emptyRelocationForm: RelocationFormValues = {
  targetLocation: null,
  moveDate: null,
  expectedReturnDate: null,
  delivery: 'work_address',
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

/** The form as sent (POST PlantRequests/othertransfers, kind relocation). */
export function toRelocationForm(
  locationNo: string,
  v: RelocationFormValues,
  opts: { dateInComment: boolean; dateLabel: string } = { dateInComment: false, dateLabel: '' },
): RelocationForm {
  const typed = v.delivery === 'other_address';
  const comment = v.comment.trim();
  return {
    kind: 'relocation',
    plantLocation: locationNo,
    targetLocation: v.targetLocation ?? '',
    moveDate: v.moveDate ?? '',
    expectedReturnDate: v.expectedReturnDate || null,
    addressCode: typed ? undefined : (v.addressCode ?? undefined),
    street: typed ? v.street.trim() || undefined : undefined,
    postcode: typed ? v.postcode.trim() || undefined : undefined,
    city: typed ? v.city.trim() || undefined : undefined,
    contactPerson: v.contactPerson.trim(),
    phone: v.phone.trim(),
    reference: v.reference.trim() || undefined,
    comment:
      opts.dateInComment && v.moveDate
        ? [comment, `${opts.dateLabel}: ${v.moveDate}`].filter(Boolean).join('\n')
        : comment || undefined,
    termsAccepted: v.termsAccepted,
  };
}

/** The server's field names → the form's. */
export function relocationFieldOf(name: string): RelocationField | null {
  return name in emptyRelocationForm ? (name as RelocationField) : null;
}

/**
 * The form's problems by field (empty: it may go on): the contract's schema, the shared date rule with
 * Verplaatsen_DagenInVerleden, the expected return when Verplaatsen_VerwachtRetourVerplicht, a chosen target and
 * work address. The server decides again.
 */
export function validateRelocationForm(
  v: RelocationFormValues,
  ctx: {
    today: string;
    dates: RelocationDateSettings;
    returnRequired: boolean;
    termsRequired: boolean;
    checkTerms: boolean;
  },
): Partial<Record<RelocationField, ErrorKey>> {
  const out: Partial<Record<RelocationField, ErrorKey>> = {};
  const put = (f: RelocationField, e: ErrorKey) => {
    if (!out[f]) out[f] = e;
  };
  if (!v.targetLocation) put('targetLocation', { key: 'validation.verplicht' });
  if (!v.moveDate) put('moveDate', { key: 'validation.verplicht' });
  if (ctx.returnRequired && !v.expectedReturnDate) put('expectedReturnDate', { key: 'validation.verplicht' });
  if (v.delivery === 'work_address' && !v.addressCode) put('addressCode', { key: 'validation.verplicht' });
  if (v.moveDate) {
    for (const p of checkOrderDates(
      { deliveryDate: v.moveDate, expectedReturnDate: v.expectedReturnDate },
      ctx.today,
      relocationDateRules(ctx.dates),
    )) {
      put(p.field === 'deliveryDate' ? 'moveDate' : 'expectedReturnDate', { key: p.code, params: p.params });
    }
  }
  const parsed = relocationForm.safeParse(toRelocationForm('-', v));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const f = relocationFieldOf(String(issue.path[0] ?? ''));
      if (f) put(f, issueKey(issue));
    }
  }
  if (ctx.checkTerms && ctx.termsRequired && !v.termsAccepted)
    put('termsAccepted', { key: 'error.voorwaarden_niet_geaccepteerd' });
  return out;
}

export const relocationMemory = formMemory<RelocationFormValues, RelocationField>(
  'mp.relocationForm.',
  emptyRelocationForm,
);
