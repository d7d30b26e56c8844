import {
  Alert,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { MAX_CARGO } from '@mp/contract/rules/limits';
import { locationLabel } from '@mp/contract/rules/location-filter';
import {
  calendarDayIn,
  deliveryDateProblem,
  earliestPastDate,
  transportDateRules,
} from '@mp/contract/rules/order-dates';
import { IconArrowRight, IconLock } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { isApiError } from '../../../shared/api/errors';
import { usePlantLocations, useSelectedLocationAccess } from '../../../shared/api/get-plant-locations';
import { type SettingsReader, useSettings } from '../../../shared/api/get-settings';
import { useWorkAddresses, type WorkAddress } from '../../../shared/api/get-work-addresses';
import { submitIdempotent } from '../../../shared/api/idempotent-submit';
import { translateCode } from '../../../shared/i18n/i18n';
import type { ErrorKey } from '../../../shared/lib/form-errors';
import { paths } from '../../../shared/lib/paths';
import { useStore } from '../../../shared/lib/store';
import { selectedLocationStore } from '../../../shared/session/location';
import { sessionStore } from '../../../shared/session/session';
import { type AddressField, AddressFields, workAddressLabel } from '../../../shared/ui/AddressFields';
import { DateField, DatesLocale } from '../../../shared/ui/DateField';
import { useFormat } from '../../../shared/ui/format';
import { LoadingBlock } from '../../../shared/ui/LoadingBlock';
import { LocationPrompt } from '../../../shared/ui/LocationPrompt';
import { EmptyView } from '../../../shared/ui/StateViews';
import { snackbar } from '../../../shared/ui/snackbar/snackbar-store';
import { DonePage, FieldText, SendBar, SummaryRow, TermsPanel, WizardFrame } from '../../../shared/ui/Wizard';
import { submitTransport } from '../api/submit-transport';
import {
  type EndValues,
  emptyTransportForm,
  type TransportField,
  type TransportFormValues,
  toTransportForm,
  transportFieldOf,
  transportMemory,
  validateTransportForm,
} from '../components/transport-form';

const transportDates = (s: SettingsReader) => ({
  TransportAanvraag_DageninInVerleden: s.int('TransportAanvraag_DageninInVerleden'),
});

/** The location a transport may go to: the caller's, not blocked, the current one only with the setting. */
function useStart() {
  const { t } = useTranslation();
  const settings = useSettings();
  const locations = usePlantLocations();
  const location = useStore(selectedLocationStore);
  const user = useStore(sessionStore, (s) => s?.user ?? null);
  const { readOnlyKey } = useSelectedLocationAccess();
  const locationNo = location?.locationNo;
  const own = settings.bool('TransportAanvraag_EnableVerplaastenNaarEigenLocatie');
  const targets = (locations.data ?? []).filter(
    (l) => !l.blocked && l.role !== 'administration' && (own || l.locationNo !== locationNo),
  );
  const held = locationNo ? transportMemory.held(locationNo) : null;
  const me = settings.bool('Klant_EnableHuidigeGebruikerAlsContact') && user ? user.name : '';
  const defaults: TransportFormValues = {
    ...emptyTransportForm,
    from: { ...emptyTransportForm.from, contactPerson: me },
  };
  let gate: ReactNode = null;
  if (!location) gate = <LocationPrompt />;
  else if (locations.isPending || !settings.loaded) gate = <LoadingBlock />;
  else if (readOnlyKey) gate = <EmptyView title={t(readOnlyKey)} icon={<IconLock size={28} aria-hidden />} />;
  return {
    gate,
    locationNo,
    targets,
    settings,
    values: held ? held.values : defaults,
    restored: held !== null,
  };
}

type Start = ReturnType<typeof useStart>;

/** Transport aanvragen, step 1: Gegevens. */
export function TransportGegevensPage() {
  const start = useStart();
  return (
    <WizardFrame step="gegevens">
      {start.gate ??
        (start.locationNo && (
          <TransportGegevens key={start.locationNo} locationNo={start.locationNo} start={start} />
        ))}
    </WizardFrame>
  );
}

/** The form's field message, if any. */
const useErrorText = (errors: Partial<Record<TransportField, ErrorKey>>) => (f: TransportField) =>
  errors[f] ? <FieldText error={errors[f]} /> : undefined;

function TransportGegevens({ locationNo, start }: { locationNo: string; start: Start }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [values, setValues] = useState<TransportFormValues>(start.values);
  const [errors, setErrors] = useState<Partial<Record<TransportField, ErrorKey>>>(
    transportMemory.held(locationNo)?.serverErrors ?? {},
  );
  const fromAddresses = useWorkAddresses(locationNo);
  const toAddresses = useWorkAddresses(values.targetLocation);
  const today = calendarDayIn(new Date());
  const dates = transportDates(start.settings);
  const err = useErrorText(errors);
  const change = (patch: Partial<TransportFormValues>, touched: TransportField[]) => {
    const next = { ...values, ...patch };
    setValues(next);
    setErrors((prev) => {
      const rest = { ...prev };
      for (const k of touched) delete rest[k];
      return rest;
    });
    transportMemory.hold(locationNo, { values: next, filled: false, serverErrors: {} });
  };
  const changeEnd = (end: 'from' | 'to', patch: Partial<EndValues>) =>
    change(
      { [end]: { ...values[end], ...patch } },
      Object.keys(patch).map((k) => `${end}.${k}` as TransportField),
    );
  // Each end's default work address once its addresses are known (the target's after a new target).
  usePreselect(fromAddresses.data, values.from, (p) => changeEnd('from', p));
  usePreselect(toAddresses.data, values.to, (p) => changeEnd('to', p));

  const next = () => {
    const problems = validateTransportForm(values, { today, dates, termsRequired: false, checkTerms: false });
    setErrors(problems);
    const first = Object.keys(problems)[0];
    if (first) {
      document.getElementById(`transport-${first.replace('.', '-')}`)?.focus();
      return;
    }
    transportMemory.hold(locationNo, { values, filled: true, serverErrors: {} });
    navigate(paths.transportAfronden.to());
  };
  const time = (
    field: 'loadingFrom' | 'loadingUntil' | 'unloadingFrom' | 'unloadingUntil',
    label: string,
  ) => (
    <TimeInput
      id={`transport-${field}`}
      label={label}
      value={values[field]}
      onChange={(e) => change({ [field]: e.currentTarget.value }, [field])}
      required
      error={err(field)}
      styles={{ input: { minHeight: 44 } }}
      data-testid={`transport-${field}`}
    />
  );
  const endErrors = (end: 'from' | 'to') => (f: AddressField) => err(`${end}.${f}`);
  const endSection = (end: 'from' | 'to', addresses: WorkAddress[], disabled: boolean) => (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <AddressFields
          idPrefix={`transport-${end}`}
          title={t(end === 'from' ? 'TransportAanvraag.van_adres' : 'TransportAanvraag.naar_adres')}
          group="TransportAanvraag"
          value={values[end]}
          onChange={(p) => changeEnd(end, p)}
          addresses={addresses}
          disabled={disabled}
          errors={endErrors(end)}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            id={`transport-${end}-contactPerson`}
            label={t(end === 'from' ? 'TransportAanvraag.van_contact' : 'TransportAanvraag.naar_contact')}
            value={values[end].contactPerson}
            onChange={(e) => changeEnd(end, { contactPerson: e.currentTarget.value })}
            required
            error={err(`${end}.contactPerson`)}
            autoComplete="name"
            styles={{ input: { minHeight: 44 } }}
            data-testid={`transport-${end}-contact`}
          />
          <TextInput
            id={`transport-${end}-phone`}
            label={t('TransportAanvraag.telefoonnummer')}
            value={values[end].phone}
            onChange={(e) => changeEnd(end, { phone: e.currentTarget.value })}
            required
            error={err(`${end}.phone`)}
            type="tel"
            autoComplete="tel"
            styles={{ input: { minHeight: 44 } }}
            data-testid={`transport-${end}-phone`}
          />
        </SimpleGrid>
      </Stack>
    </Paper>
  );
  return (
    <DatesLocale>
      <Stack gap="lg">
        {start.restored && (
          <Alert color="blue" variant="light">
            {t('wizard.concept_hersteld')}
          </Alert>
        )}
        <Paper withBorder radius="md" p="md">
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <Select
                id="transport-targetLocation"
                label={t('TransportAanvraag.naar_locatie')}
                placeholder={t('TransportAanvraag.kies_naar_locatie')}
                data={start.targets.map((l) => ({ value: l.locationNo, label: locationLabel(l) }))}
                value={values.targetLocation}
                onChange={(target) =>
                  // a new target has other work addresses: its default one, when the list comes
                  change({ targetLocation: target, to: { ...values.to, addressCode: null } }, [
                    'targetLocation',
                    'to.addressCode',
                  ])
                }
                searchable
                required
                error={err('targetLocation')}
                styles={{ input: { minHeight: 44 } }}
                comboboxProps={{ withinPortal: true }}
                data-testid="transport-target"
              />
              <DateField
                label={t('TransportAanvraag.transportDatum')}
                value={values.transportDate}
                onChange={(v) => change({ transportDate: v }, ['transportDate', 'unloadingDate'])}
                excludeDate={(day) => deliveryDateProblem(day, today, transportDateRules(dates)) !== null}
                minDate={earliestPastDate(today, transportDateRules(dates))}
                error={err('transportDate')}
                required
                testId="transport-date"
              />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
              {time('loadingFrom', t('TransportAanvraag.laden_van'))}
              {time('loadingUntil', t('TransportAanvraag.laden_tot'))}
              {time('unloadingFrom', t('TransportAanvraag.lossen_van'))}
              {time('unloadingUntil', t('TransportAanvraag.lossen_tot'))}
            </SimpleGrid>
            <DateField
              label={t('TransportAanvraag.losDatum')}
              description={t('TransportAanvraag.losDatum_uitleg')}
              value={values.unloadingDate}
              onChange={(v) => change({ unloadingDate: v }, ['unloadingDate', 'unloadingUntil'])}
              minDate={values.transportDate ?? today}
              error={err('unloadingDate')}
              clearable
              testId="transport-unloading-date"
            />
            <Textarea
              id="transport-cargo"
              label={t('TransportAanvraag.lading')}
              description={t('TransportAanvraag.lading_uitleg')}
              value={values.cargo}
              onChange={(e) => change({ cargo: e.currentTarget.value }, ['cargo'])}
              required
              error={err('cargo')}
              autosize
              minRows={2}
              maxLength={MAX_CARGO}
              data-testid="transport-cargo"
            />
          </Stack>
        </Paper>
        {endSection('from', fromAddresses.data ?? [], false)}
        {endSection('to', toAddresses.data ?? [], !values.targetLocation)}
        <Paper withBorder radius="md" p="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              id="transport-reference"
              label={t('TransportAanvraag.referentie')}
              value={values.reference}
              onChange={(e) => change({ reference: e.currentTarget.value }, ['reference'])}
              error={err('reference')}
              maxLength={100}
              styles={{ input: { minHeight: 44 } }}
            />
            <Textarea
              id="transport-comment"
              label={t('TransportAanvraag.opmerking')}
              value={values.comment}
              onChange={(e) => change({ comment: e.currentTarget.value }, ['comment'])}
              error={err('comment')}
              autosize
              minRows={2}
              maxLength={2000}
            />
          </SimpleGrid>
        </Paper>
        <Group justify="flex-end" gap="sm">
          <Button
            onClick={next}
            rightSection={<IconArrowRight size={18} aria-hidden />}
            mih={44}
            data-testid="transport-next"
          >
            {t('shared.volgende')}
          </Button>
        </Group>
      </Stack>
    </DatesLocale>
  );
}

/** Picks a location's default work address (and its contact and phone, when none was typed) once its addresses are known. */
function usePreselect(
  addresses: WorkAddress[] | undefined,
  end: EndValues,
  onPick: (patch: Partial<EndValues>) => void,
) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new list of addresses preselects
  useEffect(() => {
    if (end.mode !== 'work_address' || end.addressCode || !addresses?.length) return;
    const first = addresses.find((a) => a.isDefault) ?? addresses[0];
    if (first)
      onPick({
        addressCode: first.code,
        contactPerson: end.contactPerson || (first.contactPerson ?? ''),
        phone: end.phone || (first.phone ?? ''),
      });
  }, [addresses]);
}

/** Transport aanvragen, step 2: Afronden — check, accept the terms (when asked), send. */
export function TransportAfrondenPage() {
  const start = useStart();
  if (start.gate || !start.locationNo) return <WizardFrame step="afronden">{start.gate}</WizardFrame>;
  const held = transportMemory.held(start.locationNo);
  if (!held?.filled) return <Navigate to={paths.transportGegevens.to()} replace />;
  return (
    <WizardFrame step="afronden">
      <TransportAfronden locationNo={start.locationNo} initial={held.values} start={start} />
    </WizardFrame>
  );
}

function TransportAfronden({
  locationNo,
  initial,
  start,
}: {
  locationNo: string;
  initial: TransportFormValues;
  start: Start;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { settings } = start;
  const [values, setValues] = useState(initial);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [termsError, setTermsError] = useState(false);
  const sending = useRef(false);
  const termsRequired = settings.bool('TransportAanvraag_VoorwaardenVerplicht');
  const fromAddresses = useWorkAddresses(locationNo);
  const toAddresses = useWorkAddresses(values.targetLocation);
  const target = start.targets.find((l) => l.locationNo === values.targetLocation);

  async function send() {
    if (sending.current) return;
    if (termsRequired && !values.termsAccepted) {
      setTermsError(true);
      return;
    }
    sending.current = true;
    setPending(true);
    setFailure(null);
    const body = toTransportForm(locationNo, values, {
      dateInComment: settings.bool('AanvragenDatum_NaarOpmerking'),
      dateLabel: t('TransportAanvraag.transportDatum'),
    });
    try {
      const result = await submitIdempotent(`transport:${locationNo}`, body, submitTransport);
      transportMemory.forget(locationNo);
      await queryClient.invalidateQueries({ queryKey: ['requests'] });
      navigate(paths.transportVoltooid.to(result.id), {
        replace: true,
        state: { requestNo: result.requestNo, requestId: result.id },
      });
    } catch (e) {
      sending.current = false;
      setPending(false);
      snackbar.error(e, 'error.server_fout');
      if (isApiError(e)) {
        const fields: Partial<Record<TransportField, ErrorKey>> = {};
        for (const [name, f] of Object.entries(e.fieldErrors)) {
          const field = transportFieldOf(name);
          if (field) fields[field] = { key: f.code, params: f.params };
        }
        if (fields.termsAccepted) setTermsError(true);
        if (Object.keys(fields).length > 0) transportMemory.hold(locationNo, { serverErrors: fields });
        setFailure(translateCode(e.code, e.message, { ...(e.details ?? {}) }));
      } else setFailure(t('error.server_fout'));
    }
  }

  const place = (end: EndValues, addresses: WorkAddress[] | undefined) => {
    if (end.mode === 'work_address') {
      const a = addresses?.find((w) => w.code === end.addressCode);
      return a ? workAddressLabel(a) : (end.addressCode ?? '');
    }
    return [end.street, [end.postcode, end.city].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  };
  const unloadingDay = values.unloadingDate ?? values.transportDate;
  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p="md" data-testid="transport-summary">
        <Title order={2} size="h4" mb="sm">
          {t('TransportAanvraag.overzicht')}
        </Title>
        <Stack gap={6}>
          <SummaryRow label={t('TransportAanvraag.transportDatum')}>
            {values.transportDate ? format.day(values.transportDate) : ''}
          </SummaryRow>
          <SummaryRow label={t('TransportAanvraag.laden')}>
            {values.transportDate ? format.day(values.transportDate) : ''}, {values.loadingFrom}–
            {values.loadingUntil}
          </SummaryRow>
          <SummaryRow label={t('TransportAanvraag.lossen')}>
            {unloadingDay ? format.day(unloadingDay) : ''}, {values.unloadingFrom}–{values.unloadingUntil}
          </SummaryRow>
          <SummaryRow label={t('TransportAanvraag.lading')}>{values.cargo}</SummaryRow>
          <SummaryRow label={t('TransportAanvraag.van_adres')}>
            {place(values.from, fromAddresses.data)} · {values.from.contactPerson} · {values.from.phone}
          </SummaryRow>
          <SummaryRow label={t('TransportAanvraag.naar_locatie')}>
            {target ? locationLabel(target) : values.targetLocation}
          </SummaryRow>
          <SummaryRow label={t('TransportAanvraag.naar_adres')}>
            {place(values.to, toAddresses.data)} · {values.to.contactPerson} · {values.to.phone}
          </SummaryRow>
          {values.reference.trim() && (
            <SummaryRow label={t('TransportAanvraag.referentie')}>{values.reference}</SummaryRow>
          )}
          {values.comment.trim() && (
            <SummaryRow label={t('TransportAanvraag.opmerking')}>{values.comment}</SummaryRow>
          )}
        </Stack>
      </Paper>
      {termsRequired && (
        <TermsPanel
          group="TransportAanvraag"
          checked={values.termsAccepted}
          onChange={(accepted) => {
            const next = { ...values, termsAccepted: accepted };
            setValues(next);
            setTermsError(false);
            transportMemory.hold(locationNo, { values: next });
          }}
          error={termsError}
          url={settings.str('TermsAndConditionsUrl')}
        />
      )}
      <SendBar
        group="TransportAanvraag"
        failure={failure}
        pending={pending}
        onSend={() => void send()}
        editTo={paths.transportGegevens.to()}
        testId="submit-transport"
      />
    </Stack>
  );
}

/** Transport aanvragen, step 3: Voltooid. */
export const TransportVoltooidPage = () => <DonePage group="TransportAanvraag" testId="transport-done" />;
