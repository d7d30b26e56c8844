import { calendarDayIn } from '@mp/contract/rules/order-dates';
import { type FormEvent, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useSettings } from '../../../../shared/api/get-settings';
import { useAutosaver } from '../../../../shared/lib/autosave';
import type { ErrorKey } from '../../../../shared/lib/form-errors';
import { paths } from '../../../../shared/lib/paths';
import { saveOrderDraft } from '../../api/save-order-draft';
import { type FormPatch, fieldId } from './section-props';
import {
  type OrderFormField,
  type OrderFormValues,
  orderDateSettings,
  toDraft,
  validateOrderForm,
} from './wizard-form';
import { updateWizard, wizardFor } from './wizard-store';

/**
 * The state of the Gegevens step: the values (kept in the wizard and saved as a draft while typing), the
 * field messages (shown once Volgende was pressed, or the server's after a refused submit) and Volgende itself:
 * check, focus the first field with a problem, or save the draft and go on to Afronden.
 */
export function useGegevensForm(locationNo: string, listId: string, initial: OrderFormValues) {
  const navigate = useNavigate();
  const settings = useSettings();
  const [values, setValues] = useState<OrderFormValues>(initial);
  const [errors, setErrors] = useState<Partial<Record<OrderFormField, ErrorKey>>>(
    () => wizardFor(listId)?.serverErrors ?? {},
  );
  const [tried, setTried] = useState(Object.keys(errors).length > 0);
  const [going, setGoing] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const dates = orderDateSettings(settings);
  const today = calendarDayIn(new Date());
  const ctx = useMemo(() => ({ today, dates, termsRequired: false, checkTerms: false }), [today, dates]);

  const { saver } = useAutosaver<OrderFormValues>(async (batch) => {
    const latest = batch.get('draft');
    if (latest) await saveOrderDraft(locationNo, listId, toDraft(latest));
  });

  const latest = useRef(values);
  function change(patch: FormPatch) {
    const next = { ...latest.current, ...(typeof patch === 'function' ? patch(latest.current) : patch) };
    latest.current = next;
    setValues(next);
    updateWizard(listId, { values: next, filled: false, serverErrors: {} });
    saver.schedule('draft', next);
    if (tried) setErrors(validateOrderForm(next, ctx));
  }

  async function next(e: FormEvent) {
    e.preventDefault();
    setTried(true);
    const found = validateOrderForm(values, ctx);
    setErrors(found);
    const first = (Object.keys(found) as OrderFormField[])[0];
    if (first) {
      const el = formRef.current?.querySelector<HTMLElement>(
        `#${fieldId(first)}, [data-field="${first}"] input, [data-field="${first}"] button`,
      );
      el?.focus();
      return;
    }
    setGoing(true);
    saver.schedule('draft', values);
    await saver.flush();
    setGoing(false);
    updateWizard(listId, { values, filled: true, serverErrors: {} });
    navigate(paths.bestellenAfronden.to());
  }

  return { values, errors, tried, going, formRef, today, dates, change, next };
}
