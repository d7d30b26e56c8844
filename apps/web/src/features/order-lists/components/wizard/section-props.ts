import type { ReactNode } from 'react';
import type { OrderFormField, OrderFormValues } from './wizard-form';

/** The id of a field's input (the form focuses the first field with a problem). */
export const fieldId = (f: OrderFormField) => `order-${f}`;

/** A change of the form: the changed fields, or a function of the latest values giving them. */
export type FormPatch = Partial<OrderFormValues> | ((latest: OrderFormValues) => Partial<OrderFormValues>);

/** What each section of the Gegevens form gets: the values, how to change them, a field's message. */
export interface SectionProps {
  values: OrderFormValues;
  change: (patch: FormPatch) => void;
  err: (field: OrderFormField) => ReactNode;
}
