import type { OrderDraft } from '@mp/contract/api/order-lists';
import { orderForm } from '@mp/contract/api/requests';
import { checkOrderDates, type OrderDateSettings } from '@mp/contract/rules/order-dates';
import type { SettingsReader } from '../../../../shared/api/get-settings';
import { type ErrorKey, issueKey } from '../../../../shared/lib/form-errors';
import type { OrderFormInput } from '../../api/submit-order';

/** The order form of product §3 as the wizard holds it (inputs give strings; the contract's names). */
export interface OrderFormValues {
  deliveryDate: string | null;
  expectedReturnDate: string | null;
  /** transportmiddel: delivered by the equipment department, or collected at a depot by the user. */
  transportMeans: 'leveren' | 'ophalen';
  /** bestemming when delivered: a work address of the location, or another address typed in. */
  destination: 'work_address' | 'other_address';
  depotNo: string | null;
  addressCode: string | null;
  street: string;
  postcode: string;
  city: string;
  contactPerson: string;
  phone: string;
  reference: string;
  comment: string;
  rush: boolean;
  termsAccepted: boolean;
}

export type OrderFormField = keyof OrderFormValues;

export const emptyOrderForm: OrderFormValues = {
  deliveryDate: null,
  expectedReturnDate: null,
  transportMeans: 'leveren',
  destination: 'work_address',
  depotNo: null,
  addressCode: null,
  street: '',
  postcode: '',
  city: '',
  contactPerson: '',
  phone: '',
  reference: '',
  comment: '',
  rush: false,
  termsAccepted: false,
};

const opt = (s: string) => (s.trim() === '' ? undefined : s.trim());

/** The submit body: only the destination fields that apply are sent. */
export function toOrderForm(v: OrderFormValues): OrderFormInput {
  const collect = v.transportMeans === 'ophalen';
  const work = !collect && v.destination === 'work_address';
  return {
    deliveryDate: v.deliveryDate ?? '',
    expectedReturnDate: v.expectedReturnDate || null,
    transportMeans: v.transportMeans,
    collect,
    depotNo: collect ? (v.depotNo ?? undefined) : undefined,
    addressCode: work ? (v.addressCode ?? undefined) : undefined,
    street: !collect && !work ? opt(v.street) : undefined,
    postcode: !collect && !work ? opt(v.postcode) : undefined,
    city: !collect && !work ? opt(v.city) : undefined,
    contactPerson: v.contactPerson.trim(),
    phone: v.phone.trim(),
    reference: opt(v.reference),
    comment: v.comment.trim() === '' ? undefined : v.comment,
    rush: v.rush,
    termsAccepted: v.termsAccepted,
  };
}

/** The saved draft (savedAanvraagDTO) of the form. */
export function toDraft(v: OrderFormValues): OrderDraft {
  const n = (s: string) => (s === '' ? null : s);
  return {
    deliveryDate: v.deliveryDate,
    expectedReturnDate: v.expectedReturnDate,
    transportMeans: v.transportMeans,
    collect: v.transportMeans === 'ophalen',
    depotNo: v.depotNo,
    addressCode: v.destination === 'work_address' ? v.addressCode : null,
    street: n(v.street),
    postcode: n(v.postcode),
    city: n(v.city),
    contactPerson: n(v.contactPerson),
    phone: n(v.phone),
    reference: n(v.reference),
    comment: n(v.comment),
    rush: v.rush,
    termsAccepted: v.termsAccepted,
  };
}

export function fromDraft(d: OrderDraft, base: OrderFormValues = emptyOrderForm): OrderFormValues {
  const collect = d.collect === true || d.transportMeans === 'ophalen';
  return {
    ...base,
    deliveryDate: d.deliveryDate ?? null,
    expectedReturnDate: d.expectedReturnDate ?? null,
    transportMeans: collect ? 'ophalen' : 'leveren',
    destination: d.addressCode ? 'work_address' : d.street || d.city ? 'other_address' : base.destination,
    depotNo: d.depotNo ?? base.depotNo,
    addressCode: d.addressCode ?? base.addressCode,
    street: d.street ?? '',
    postcode: d.postcode ?? '',
    city: d.city ?? '',
    contactPerson: d.contactPerson ?? base.contactPerson,
    phone: d.phone ?? base.phone,
    reference: d.reference ?? '',
    comment: d.comment ?? '',
    rush: d.rush ?? false,
    termsAccepted: d.termsAccepted ?? false,
  };
}

export function orderDateSettings(s: SettingsReader): OrderDateSettings {
  return {
    OrderWizardBlockWeekend: s.bool('OrderWizardBlockWeekend'),
    OrderWizardBlockDaysToOrder: s.int('OrderWizardBlockDaysToOrder'),
    Bestellen_DagenInVerleden: s.int('Bestellen_DagenInVerleden'),
    OrderWizardEnableRush: s.bool('OrderWizardEnableRush'),
    Bestellen_EnableVandaagOpSpoed: s.bool('Bestellen_EnableVandaagOpSpoed'),
  };
}

/** Field names of the server's answer → the form's fields. */
const serverField: Record<string, OrderFormField> = {
  collect: 'transportMeans',
  transportMeans: 'transportMeans',
};

export function formFieldOf(name: string): OrderFormField | null {
  if (name in serverField) return serverField[name];
  return name in emptyOrderForm ? (name as OrderFormField) : null;
}

/**
 * Every problem with the form, per field, as translation keys: the contract's schema (the server checks the
 * same), the shared date rules of the order wizard, and a work address that must be chosen.
 */
export function validateOrderForm(
  v: OrderFormValues,
  ctx: { today: string; dates: OrderDateSettings; termsRequired: boolean; checkTerms: boolean },
): Partial<Record<OrderFormField, ErrorKey>> {
  const errors: Partial<Record<OrderFormField, ErrorKey>> = {};
  const put = (f: OrderFormField, e: ErrorKey) => {
    if (!errors[f]) errors[f] = e;
  };
  if (!v.deliveryDate) put('deliveryDate', { key: 'validation.verplicht' });
  const parsed = orderForm.safeParse(toOrderForm(v));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const f = formFieldOf(String(issue.path[0] ?? ''));
      if (f) put(f, issueKey(issue));
    }
  }
  if (v.transportMeans === 'leveren' && v.destination === 'work_address' && !v.addressCode)
    put('addressCode', { key: 'validation.verplicht' });
  if (v.deliveryDate) {
    for (const p of checkOrderDates(
      { deliveryDate: v.deliveryDate, expectedReturnDate: v.expectedReturnDate, rush: v.rush },
      ctx.today,
      ctx.dates,
    )) {
      put(p.field, { key: p.code, params: p.params });
    }
  }
  if (ctx.checkTerms && ctx.termsRequired && !v.termsAccepted)
    put('termsAccepted', { key: 'error.voorwaarden_niet_geaccepteerd' });
  return errors;
}
