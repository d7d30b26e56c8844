import type { SubmitResult } from '@mp/contract/api/requests';
import type { QueryKey } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '../api/errors';
import { type BoolSettingKey, useSettings } from '../api/get-settings';
import { useIdempotentSubmit } from '../api/use-idempotent-submit';
import { translateCode } from '../i18n/i18n';
import type { ErrorKey } from '../lib/form-errors';
import type { HeldForm } from '../lib/form-memory';
import type { DateInComment } from '../lib/request-form';
import { isOnline, useOnline } from '../offline/online';
import { snackbar } from '../ui/snackbar/snackbar-store';

/** Where a wizard keeps its form between the steps: hold a change, forget it all after a request was sent. */
export interface WizardMemory<V, F extends string> {
  hold: (change: Partial<HeldForm<V, F>>) => void;
  forget: () => void;
}

/**
 * The last step (Afronden) of every request wizard — order, removal, relocation, transport: the terms (when the
 * wizard's setting `termsSetting` asks for them, with TermsAndConditionsUrl to read them), and the send; the body is
 * `toBody(values, day)` where `day` says whether the chosen day goes into the comment too (AanvragenDatum_NaarOpmerking,
 * labelled with `dateLabelKey`). A double click sends once (the Idempotency-Key of the attempt covers a retry and a
 * reload as well). Sent: the wizard's form is forgotten, `refreshes` are refreshed and the done page (`donePath(id)`)
 * shows the request in the navigation state. Refused: `error.server_fout` as a snackbar, the server's reason on the
 * page, its field messages kept for the Gegevens step, nothing typed is lost. Offline (decision 0031) the send is
 * refused before anything goes out — `offline` says so on the step, nothing is queued, the form stays — and a send
 * that finds no network on its way fails like any other failure (the attempt's key kept for the retry).
 */
export function useWizardFinish<V extends { termsAccepted: boolean }, B, F extends string>({
  initial,
  termsSetting,
  dateLabelKey,
  memory,
  fieldOf,
  toBody,
  scope,
  send,
  refreshes,
  donePath,
}: {
  initial: V;
  termsSetting: BoolSettingKey;
  dateLabelKey?: string;
  memory: WizardMemory<V, F>;
  /** The server's field name → the form's, or null for a field the form does not have. */
  fieldOf: (name: string) => F | null;
  toBody: (values: V, day: DateInComment) => B;
  scope: string;
  send: (body: B, idempotencyKey: string) => Promise<SubmitResult>;
  refreshes: readonly QueryKey[];
  donePath: (requestId: string) => string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const settings = useSettings();
  const termsRequired = settings.bool(termsSetting);
  const day: DateInComment = {
    dateInComment: dateLabelKey !== undefined && settings.bool('AanvragenDatum_NaarOpmerking'),
    dateLabel: dateLabelKey ? t(dateLabelKey) : '',
  };
  const online = useOnline();
  const [values, setValues] = useState(initial);
  const [termsError, setTermsError] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<F, ErrorKey>>>({});
  // a second click before the first render of "busy" must not send again
  const sending = useRef(false);
  const submit = useIdempotentSubmit({ scope, send, refreshes, onSent: () => memory.forget() });

  function setTerms(accepted: boolean) {
    const next = { ...values, termsAccepted: accepted };
    setValues(next);
    setTermsError(false);
    memory.hold({ values: next });
  }

  async function sendNow() {
    if (sending.current || !isOnline()) return;
    if (termsRequired && !values.termsAccepted) {
      setTermsError(true);
      return;
    }
    sending.current = true;
    setFailure(null);
    try {
      const result = await submit.mutateAsync(toBody(values, day));
      navigate(donePath(result.id), {
        replace: true,
        state: { requestNo: result.requestNo, requestId: result.id },
      });
    } catch (e) {
      sending.current = false;
      snackbar.error(e, 'error.server_fout');
      if (!isApiError(e)) {
        setFailure(t('error.server_fout'));
        return;
      }
      const fields: Partial<Record<F, ErrorKey>> = {};
      for (const [name, f] of Object.entries(e.fieldErrors)) {
        const field = fieldOf(name);
        if (field) fields[field] = { key: f.code, params: f.params };
      }
      setFieldErrors(fields);
      if (Object.keys(fields).length > 0) {
        if ('termsAccepted' in fields) setTermsError(true);
        memory.hold({ serverErrors: fields });
      }
      setFailure(translateCode(e.code, e.message, { ...(e.details ?? {}) }));
    }
  }

  return {
    values,
    termsRequired,
    termsUrl: settings.str('TermsAndConditionsUrl'),
    termsError,
    setTerms,
    failure,
    fieldErrors,
    offline: !online,
    pending: submit.isPending,
    send: () => void sendNow(),
  };
}
