import { type TransportEnd, type TransportForm, transportForm } from '@mp/contract/api/transport';
import { type TransportDateSettings, transportTimeProblems } from '@mp/contract/rules/order-dates';
import type { ErrorKey } from '../../../shared/lib/form-errors';
import { formMemory } from '../../../shared/lib/form-memory';
import {
  addressOf,
  type ContactValues,
  type DateInComment,
  formProblems,
  noDateInComment,
  notesOf,
} from '../../../shared/lib/request-form';
import { type AddressValues, emptyAddress } from '../../../shared/ui/AddressFields';

/** One end of the transport as the form holds it: the address and who is there. */
export type EndValues = AddressValues & Pick<ContactValues, 'contactPerson' | 'phone'>;

/** What the transport wizard's Gegevens step holds while it is being filled in. */
export interface TransportFormValues {
  targetLocation: string | null;
  transportDate: string | null;
  loadingFrom: string;
  loadingUntil: string;
  /** Empty: on the transport date. */
  unloadingDate: string | null;
  unloadingFrom: string;
  unloadingUntil: string;
  cargo: string;
  from: EndValues;
  to: EndValues;
  reference: string;
  comment: string;
  termsAccepted: boolean;
}

type EndField = keyof EndValues;
type TopField = Exclude<keyof TransportFormValues, 'from' | 'to'>;
/** A field of the form; an end's fields as `from.street`, `to.addressCode` (as the server names them). */
export type TransportField = TopField | `from.${EndField}` | `to.${EndField}`;

const emptyEnd: EndValues = { ...emptyAddress, contactPerson: '', phone: '' };

/** A working day's windows to start from: loading in the morning, unloading after. */
export const emptyTransportForm: TransportFormValues = {
  targetLocation: null,
  transportDate: null,
  loadingFrom: '07:00',
  loadingUntil: '12:00',
  unloadingDate: null,
  unloadingFrom: '12:00',
  unloadingUntil: '16:00',
  cargo: '',
  from: emptyEnd,
  to: emptyEnd,
  reference: '',
  comment: '',
  termsAccepted: false,
};

function endOf(v: EndValues): TransportEnd {
  return { ...addressOf(v.mode, v), contactPerson: v.contactPerson.trim(), phone: v.phone.trim() };
}

/** The form as sent (POST PlantRequests/othertransfers, kind transport). */
export function toTransportForm(
  locationNo: string,
  v: TransportFormValues,
  opts: DateInComment = noDateInComment,
): TransportForm {
  return {
    kind: 'transport',
    plantLocation: locationNo,
    targetLocation: v.targetLocation ?? '',
    transportDate: v.transportDate ?? '',
    loadingFrom: v.loadingFrom,
    loadingUntil: v.loadingUntil,
    unloadingDate: v.unloadingDate || null,
    unloadingFrom: v.unloadingFrom,
    unloadingUntil: v.unloadingUntil,
    cargo: v.cargo.trim(),
    from: endOf(v.from),
    to: endOf(v.to),
    ...notesOf(v, v.transportDate, opts),
    termsAccepted: v.termsAccepted,
  };
}

const fields = new Set<string>([
  ...Object.keys(emptyTransportForm).filter((k) => k !== 'from' && k !== 'to'),
  ...Object.keys(emptyEnd).flatMap((k) => [`from.${k}`, `to.${k}`]),
]);

/** The server's field names → the form's. */
export function transportFieldOf(name: string): TransportField | null {
  return fields.has(name) ? (name as TransportField) : null;
}

/**
 * The form's problems by field (empty: it may go on): the contract's schema, the shared date and window rules
 * (transportTimeProblems with TransportAanvraag_DageninInVerleden), a chosen target and work addresses. The server
 * decides again.
 */
export function validateTransportForm(
  v: TransportFormValues,
  ctx: { today: string; dates: TransportDateSettings; termsRequired: boolean; checkTerms: boolean },
): Partial<Record<TransportField, ErrorKey>> {
  const { found, put, schema, terms } = formProblems(transportFieldOf);
  if (!v.targetLocation) put('targetLocation', { key: 'validation.verplicht' });
  if (!v.transportDate) put('transportDate', { key: 'validation.verplicht' });
  for (const end of ['from', 'to'] as const)
    if (v[end].mode === 'work_address' && !v[end].addressCode)
      put(`${end}.addressCode`, { key: 'validation.verplicht' });
  schema(transportForm.safeParse(toTransportForm('-', v)));
  if (v.transportDate) {
    for (const p of transportTimeProblems({ ...v, transportDate: v.transportDate }, ctx.today, ctx.dates))
      put(p.field, { key: p.code, params: p.params });
  }
  terms(ctx, v.termsAccepted, 'termsAccepted');
  return found;
}

export const transportMemory = formMemory<TransportFormValues, TransportField>(
  'mp.transportForm.',
  emptyTransportForm,
);
