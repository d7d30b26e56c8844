import { Alert, Anchor, Button, Checkbox, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { OrderList } from '@mp/contract/api/ordering';
import { calendarDayIn } from '@mp/contract/rules/order-dates';
import { IconArrowLeft, IconCircleCheck, IconClipboardList, IconSend } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router';
import { isApiError } from '../../../shared/api/errors';
import { useSettings } from '../../../shared/api/get-settings';
import { useWorkAddresses } from '../../../shared/api/get-work-addresses';
import { submitIdempotent } from '../../../shared/api/idempotent-submit';
import { useTargetOrderList } from '../../../shared/api/order-lists/get-order-lists';
import { orderListKeys } from '../../../shared/api/order-lists/keys';
import { translateCode } from '../../../shared/i18n/i18n';
import { paths } from '../../../shared/lib/paths';
import { useStore } from '../../../shared/lib/store';
import { selectedLocationStore } from '../../../shared/session/location';
import { sessionStore } from '../../../shared/session/session';
import type { WizardStep } from '../../../shared/ui/AreaPage';
import { LoadingBlock } from '../../../shared/ui/LoadingBlock';
import { LocationPrompt } from '../../../shared/ui/LocationPrompt';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { NothingSent, useSentRequest } from '../../../shared/ui/SentRequest';
import { EmptyView, ErrorView } from '../../../shared/ui/StateViews';
import { snackbar } from '../../../shared/ui/snackbar/snackbar-store';
import { WizardProgress } from '../../../shared/ui/WizardProgress';
import { defaultDepotOf, useOrderDepots } from '../api/get-depots';
import { useOrderDraft } from '../api/get-order-draft';
import { useOrderList } from '../api/get-order-list';
import { type SubmitResult, submitOrder } from '../api/submit-order';
import { processBlock } from '../components/order-list-rules';
import { FieldMessage } from '../components/wizard/FieldMessage';
import { GegevensForm } from '../components/wizard/GegevensForm';
import { OrderSummary } from '../components/wizard/OrderSummary';
import {
  emptyOrderForm,
  formFieldOf,
  fromDraft,
  type OrderFormField,
  type OrderFormValues,
  orderDateSettings,
  toOrderForm,
  validateOrderForm,
} from '../components/wizard/wizard-form';
import { resetWizard, updateWizard, wizardFor } from '../components/wizard/wizard-store';

const fieldLabelKey: Partial<Record<OrderFormField, string>> = {
  deliveryDate: 'Bestellen.leverDatum',
  expectedReturnDate: 'Bestellen.retourDatum',
  rush: 'Bestellen.spoed',
  transportMeans: 'Bestellen.transportmiddel',
  depotNo: 'Bestellen.depot',
  addressCode: 'Bestellen.adres_kiezen',
  street: 'Bestellen.adres',
  postcode: 'Bestellen.postcode',
  city: 'Bestellen.plaats',
  contactPerson: 'Bestellen.contactpersoon',
  phone: 'Bestellen.telefoonnummer',
  reference: 'Bestellen.referentie',
  comment: 'Bestellen.opmerking',
};

function Frame({ step, children }: { step: WizardStep; children: ReactNode }) {
  return (
    <>
      <PageHeader />
      <WizardProgress step={step} />
      {children}
    </>
  );
}

/** The order list the wizard orders from, or what stands in the way (no location, loading, empty, amounts). */
function useWizardList(): { list?: OrderList; locationNo?: string; gate?: ReactNode } {
  const { t } = useTranslation();
  const location = useStore(selectedLocationStore);
  const { list: summary, query } = useTargetOrderList();
  const detail = useOrderList(location?.locationNo ?? null, summary?.id);
  if (!location) return { gate: <LocationPrompt /> };
  if (query.isPending || (summary && detail.isPending)) return { gate: <LoadingBlock /> };
  if (query.isError) return { gate: <ErrorView error={query.error} onRetry={() => void query.refetch()} /> };
  if (detail.isError)
    return { gate: <ErrorView error={detail.error} onRetry={() => void detail.refetch()} /> };
  const list = detail.data;
  const block = list ? processBlock(list.lines, {}) : 'Bestellijst.leeg';
  if (!list || block)
    return {
      gate: (
        <EmptyView title={t(block ?? 'Bestellijst.leeg')} icon={<IconClipboardList size={28} aria-hidden />}>
          <Button component={Link} to={paths.bestellijst.to()} variant="light" mih={44}>
            {t('Bestellen.terug_bestellijst')}
          </Button>
        </EmptyView>
      ),
    };
  return { list, locationNo: location.locationNo };
}

/** The form to start from: what the wizard holds, else the saved draft, else defaults (contact, address, depot). */
function startValues(
  listId: string,
  draft: Parameters<typeof fromDraft>[0] | null | undefined,
  defaults: OrderFormValues,
): { values: OrderFormValues; restored: boolean } {
  const held = wizardFor(listId);
  if (held && Object.keys(held.values).length > 0) return { values: held.values, restored: false };
  if (draft) return { values: fromDraft(draft, defaults), restored: true };
  return { values: defaults, restored: false };
}

function useDefaults(locationNo: string | undefined) {
  const settings = useSettings();
  const user = useStore(sessionStore, (s) => s?.user ?? null);
  const depots = useOrderDepots();
  const addresses = useWorkAddresses(locationNo ?? null);
  const ready = !depots.isPending && !addresses.isPending;
  const list = addresses.data ?? [];
  const address = list.find((a) => a.isDefault) ?? list[0];
  const defaults: OrderFormValues = {
    ...emptyOrderForm,
    destination: list.length > 0 ? 'work_address' : 'other_address',
    addressCode: address?.code ?? null,
    depotNo: defaultDepotOf(depots.data),
    contactPerson:
      settings.bool('Klant_EnableHuidigeGebruikerAlsContact') && user
        ? user.name
        : (address?.contactPerson ?? ''),
    phone: address?.phone ?? '',
  };
  return { ready, defaults, depots: depots.data ?? { defaultDepotNo: null, depots: [] }, addresses: list };
}

/** Bestellen, step 1: Gegevens. */
export function BestellenGegevensPage() {
  const { list, locationNo, gate } = useWizardList();
  const draft = useOrderDraft(locationNo ?? null, list?.id);
  const { ready, defaults, depots, addresses } = useDefaults(locationNo);
  let body: ReactNode = gate;
  if (!gate && list && locationNo) {
    if (draft.isPending || !ready) body = <LoadingBlock />;
    else {
      const start = startValues(list.id, draft.data, defaults);
      body = (
        <GegevensForm
          key={list.id}
          locationNo={locationNo}
          listId={list.id}
          initial={start.values}
          restored={start.restored}
          depots={depots}
          addresses={addresses}
        />
      );
    }
  }
  return <Frame step="gegevens">{body}</Frame>;
}

/** Bestellen, step 2: Afronden — check, accept the terms (when asked), send. */
export function BestellenAfrondenPage() {
  const { list, locationNo, gate } = useWizardList();
  const draft = useOrderDraft(locationNo ?? null, list?.id);
  const { ready, defaults, depots, addresses } = useDefaults(locationNo);
  const settings = useSettings();
  if (gate) return <Frame step="afronden">{gate}</Frame>;
  if (!list || !locationNo || draft.isPending || !ready || !settings.loaded)
    return (
      <Frame step="afronden">
        <LoadingBlock />
      </Frame>
    );
  const held = wizardFor(list.id);
  let values: OrderFormValues | null = held?.filled ? held.values : null;
  if (!values && draft.data) {
    // a reload on this step: the saved draft is the form, when it is complete
    const candidate = fromDraft(draft.data, defaults);
    const problems = validateOrderForm(candidate, {
      today: calendarDayIn(new Date()),
      dates: orderDateSettings(settings),
      termsRequired: false,
      checkTerms: false,
    });
    if (Object.keys(problems).length === 0) {
      values = candidate;
      updateWizard(list.id, { values, filled: true });
    }
  }
  if (!values) return <Navigate to={paths.bestellenGegevens.to()} replace />;
  return (
    <Frame step="afronden">
      <AfrondenBody list={list} values={values} depots={depots} addresses={addresses} />
    </Frame>
  );
}

export function AfrondenBody({
  list,
  values: initial,
  depots,
  addresses,
}: {
  list: OrderList;
  values: OrderFormValues;
  depots: Parameters<typeof OrderSummary>[0]['depots'];
  addresses: Parameters<typeof OrderSummary>[0]['addresses'];
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const settings = useSettings();
  const [values, setValues] = useState(initial);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [termsError, setTermsError] = useState(false);
  const sending = useRef(false);
  const termsRequired = settings.bool('OrderWizardEnableTermsAndConditions');
  const termsUrl = settings.str('TermsAndConditionsUrl');

  function setTerms(accepted: boolean) {
    const next = { ...values, termsAccepted: accepted };
    setValues(next);
    setTermsError(false);
    updateWizard(list.id, { values: next });
  }

  async function send() {
    // a double click (or Enter twice) sends once: the button is disabled and this guard holds meanwhile
    if (sending.current) return;
    if (termsRequired && !values.termsAccepted) {
      setTermsError(true);
      return;
    }
    sending.current = true;
    setPending(true);
    setFailure(null);
    let result: SubmitResult;
    try {
      // the same Idempotency-Key while the form is the same (double click, retry, reload)
      result = await submitIdempotent(list.id, toOrderForm(values), (body, key) =>
        submitOrder(list.id, body, key),
      );
    } catch (e) {
      sending.current = false;
      setPending(false);
      snackbar.error(e, 'error.server_fout');
      if (isApiError(e)) {
        const fields: Partial<
          Record<OrderFormField, { key: string; params?: Record<string, string | number> }>
        > = {};
        for (const [name, f] of Object.entries(e.fieldErrors)) {
          const field = formFieldOf(name);
          if (field) fields[field] = { key: f.code, params: f.params };
        }
        if (Object.keys(fields).length > 0) {
          if (fields.termsAccepted) setTermsError(true);
          updateWizard(list.id, { serverErrors: fields });
        }
        setFailure(translateCode(e.code, e.message, { ...(e.details ?? {}) }));
      } else setFailure(t('error.server_fout'));
      return;
    }
    resetWizard();
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: orderListKeys.all }),
      queryClient.invalidateQueries({ queryKey: ['requests'] }),
    ]);
    navigate(paths.bestellenVoltooid.to(result.id), {
      replace: true,
      state: { requestNo: result.requestNo, requestId: result.id },
    });
  }

  const serverErrors = wizardFor(list.id)?.serverErrors ?? {};
  const formProblems = Object.entries(serverErrors).filter(([f]) => f !== 'termsAccepted');

  return (
    <Stack gap="lg">
      <OrderSummary values={values} list={list} depots={depots} addresses={addresses} />
      {termsRequired && (
        <Paper withBorder radius="md" p="md">
          <Checkbox
            checked={values.termsAccepted}
            onChange={(e) => setTerms(e.currentTarget.checked)}
            label={
              <>
                {t('Bestellen.voorwaarden')}
                {termsUrl && (
                  <>
                    {' '}
                    (
                    <Anchor href={termsUrl} target="_blank" rel="noopener noreferrer">
                      {t('Bestellen.voorwaarden_lezen')}
                    </Anchor>
                    )
                  </>
                )}
              </>
            }
            error={termsError ? t('error.voorwaarden_niet_geaccepteerd') : undefined}
            styles={{ body: { minHeight: 44, alignItems: 'center' } }}
            data-testid="terms"
          />
        </Paper>
      )}
      {failure && (
        <Alert
          color="red"
          variant="light"
          role="alert"
          title={t('error.server_fout')}
          data-testid="submit-failure"
        >
          <Stack gap={4}>
            {failure !== t('error.server_fout') && <Text size="sm">{failure}</Text>}
            {formProblems.map(([f, e]) => (
              <Text size="sm" key={f}>
                {t(fieldLabelKey[f as OrderFormField] ?? 'shared.onbekend')}: <FieldMessage error={e} />
              </Text>
            ))}
            {formProblems.length > 0 && (
              <Anchor component={Link} to={paths.bestellenGegevens.to()} size="sm">
                {t('Bestellen.gegevens_aanpassen')}
              </Anchor>
            )}
          </Stack>
        </Alert>
      )}
      <Group justify="space-between" gap="sm">
        <Button
          component={Link}
          to={paths.bestellenGegevens.to()}
          variant="default"
          leftSection={<IconArrowLeft size={18} aria-hidden />}
          mih={44}
        >
          {t('Bestellen.gegevens_aanpassen')}
        </Button>
        <Button
          onClick={() => void send()}
          loading={pending}
          disabled={pending}
          leftSection={<IconSend size={18} aria-hidden />}
          mih={44}
          data-testid="submit-order"
        >
          {pending ? t('Bestellen.bezig_versturen') : t('Bestellen.versturen')}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * Bestellen, step 3: Voltooid — the request just sent, its number and a link to it; the form and the list are reset.
 * Opened otherwise it thanks for nothing (useSentRequest): a request the address names opens its own page, and
 * without one the page says that nothing was sent.
 */
export function BestellenVoltooidPage() {
  const { t } = useTranslation();
  const sent = useSentRequest();
  if ('named' in sent) return <Navigate to={paths.aanvraag.to(sent.named)} replace />;
  if ('none' in sent)
    return (
      <>
        <PageHeader />
        <NothingSent startTo={paths.bestellijst.to()} startLabel={t('nav.bestellijst')} />
      </>
    );
  const { requestNo, requestId } = sent.sent;
  return (
    <Frame step="voltooid">
      <Paper withBorder radius="md" p="xl" data-testid="order-done">
        <Stack gap="md" align="flex-start">
          <Group gap="sm" wrap="nowrap">
            <IconCircleCheck size={36} color="var(--mantine-color-green-7)" aria-hidden />
            <Title order={2} size="h3">
              {t('Bestellen.voltooid_titel')}
            </Title>
          </Group>
          <Text>{t('Bestellen.verzonden')}</Text>
          <Text fw={700} size="lg" data-testid="request-no">
            {t('Bestellen.aanvraagnummer', { requestNo })}
          </Text>
          <Group gap="sm">
            <Button component={Link} to={paths.aanvraag.to(requestId)} mih={44} data-testid="to-request">
              {t('Bestellen.naar_aanvraag')}
            </Button>
            <Button component={Link} to={paths.materieel.to()} variant="default" mih={44}>
              {t('Bestellen.verder_bestellen')}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Frame>
  );
}
