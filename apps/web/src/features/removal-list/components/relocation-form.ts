import { type RelocationForm, relocationForm } from '@mp/contract/api/removal';
import {
  checkOrderDates,
  type RelocationDateSettings,
  relocationDateRules,
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

/** What the relocation wizard's Gegevens step holds while it is being filled in. */
export interface RelocationFormValues extends ContactValues {
  targetLocation: string | null;
  moveDate: string | null;
  expectedReturnDate: string | null;
  /** Where it is delivered at the target: a work address of it, or a typed address. */
  delivery: 'work_address' | 'other_address';
  addressCode: string | null;
  street: string;
  postcode: string;
  city: string;
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
  ...emptyContact,
  termsAccepted: false,
};

/** The form as sent (POST PlantRequests/othertransfers, kind relocation). */
export function toRelocationForm(
  locationNo: string,
  v: RelocationFormValues,
  opts: DateInComment = noDateInComment,
): RelocationForm {
  return {
    kind: 'relocation',
    plantLocation: locationNo,
    targetLocation: v.targetLocation ?? '',
    moveDate: v.moveDate ?? '',
    expectedReturnDate: v.expectedReturnDate || null,
    ...addressOf(v.delivery, v),
    ...contactOf(v, v.moveDate, opts),
    termsAccepted: v.termsAccepted,
  };
}

/** The server's field names → the form's. */
export const relocationFieldOf = sameNamedField<RelocationField>(emptyRelocationForm);

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
  const { found, put, schema, terms } = formProblems(relocationFieldOf);
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
  schema(relocationForm.safeParse(toRelocationForm('-', v)));
  terms(ctx, v.termsAccepted, 'termsAccepted');
  return found;
}

export const relocationMemory = formMemory<RelocationFormValues, RelocationField>(
  'mp.relocationForm.',
  emptyRelocationForm,
);
