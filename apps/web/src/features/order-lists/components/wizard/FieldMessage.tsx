import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ErrorKey } from '../../../../shared/lib/form-errors';
import { useFormat } from '../../../../shared/ui/format';
import type { OrderFormField, OrderFormValues } from './wizard-form';

/** A field message in the interface language; a date parameter written as the locale writes dates. */
export function FieldMessage({ error }: { error: ErrorKey }) {
  const { t } = useTranslation();
  const format = useFormat();
  const params = { ...error.params };
  if (typeof params.date === 'string') params.date = format.day(params.date);
  return <>{t(error.key, params)}</>;
}

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
