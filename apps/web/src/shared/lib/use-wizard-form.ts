import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { ErrorKey } from './form-errors';
import type { HeldForm } from './form-memory';

/**
 * The Gegevens step of a request wizard (removal, relocation, transport): the values as typed, kept in the wizard's
 * memory on every change (a reload or a step back loses nothing); the field messages — the server's from a refused
 * send first, a field's own cleared as soon as it changes; and Volgende: check with `validate`, focus the first field
 * with a problem (`${idPrefix}-${field}`, an end's field `from.street` as `from-street`), or go on to `nextPath`.
 */
export function useWizardForm<V extends object, F extends string>({
  memory,
  initial,
  idPrefix,
  validate,
  nextPath,
}: {
  memory: { held: () => HeldForm<V, F> | null; hold: (change: Partial<HeldForm<V, F>>) => void };
  initial: V;
  idPrefix: string;
  validate: (values: V) => Partial<Record<F, ErrorKey>>;
  nextPath: string;
}) {
  const navigate = useNavigate();
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<Partial<Record<F, ErrorKey>>>(() => memory.held()?.serverErrors ?? {});

  /** A change of some fields; `touched` names the messages it clears (the changed fields by default). */
  function change(patch: Partial<V>, touched: F[] = Object.keys(patch) as F[]) {
    const next = { ...values, ...patch };
    setValues(next);
    setErrors((prev) => {
      const rest = { ...prev };
      for (const f of touched) delete rest[f];
      return rest;
    });
    memory.hold({ values: next, filled: false, serverErrors: {} });
  }

  function next() {
    const problems = validate(values);
    setErrors(problems);
    const first = Object.keys(problems)[0];
    if (first) {
      document.getElementById(`${idPrefix}-${first.replace('.', '-')}`)?.focus();
      return;
    }
    memory.hold({ values, filled: true, serverErrors: {} });
    navigate(nextPath);
  }

  return { values, errors, change, next };
}
