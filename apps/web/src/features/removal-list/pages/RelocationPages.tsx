import {
  Alert,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import type { RemovalList } from '@mp/contract/api/stock';
import { locationLabel } from '@mp/contract/rules/location-filter';
import {
  addDays,
  calendarDayIn,
  deliveryDateProblem,
  earliestPastDate,
  relocationDateRules,
} from '@mp/contract/rules/order-dates';
import { IconAlertTriangle, IconArrowLeft, IconArrowRight } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router';
import { isApiError } from '../../../shared/api/errors';
import { usePlantLocations } from '../../../shared/api/get-plant-locations';
import { type SettingsReader, useSettings } from '../../../shared/api/get-settings';
import { useWorkAddresses } from '../../../shared/api/get-work-addresses';
import { submitIdempotent } from '../../../shared/api/idempotent-submit';
import { translateCode } from '../../../shared/i18n/i18n';
import type { ErrorKey } from '../../../shared/lib/form-errors';
import { paths } from '../../../shared/lib/paths';
import { useStore } from '../../../shared/lib/store';
import { sessionStore } from '../../../shared/session/session';
import { AddressFields } from '../../../shared/ui/AddressFields';
import { DateField, DatesLocale } from '../../../shared/ui/DateField';
import { useFormat } from '../../../shared/ui/format';
import { LoadingBlock } from '../../../shared/ui/LoadingBlock';
import { snackbar } from '../../../shared/ui/snackbar/snackbar-store';
import { DonePage, FieldText, SendBar, SummaryRow, TermsPanel, WizardFrame } from '../../../shared/ui/Wizard';
import { removalListKeys } from '../api/get-removal-list';
import { submitRelocation } from '../api/submit-removal';
import {
  emptyRelocationForm,
  type RelocationField,
  type RelocationFormValues,
  relocationFieldOf,
  relocationMemory,
  toRelocationForm,
  validateRelocationForm,
} from '../components/relocation-form';
import { SummaryLines, useWizardList } from '../components/wizard-parts';

const relocationDates = (s: SettingsReader) => ({
  Verplaatsen_DagenInVerleden: s.int('Verplaatsen_DagenInVerleden'),
});

/** The locations the equipment may move to: the caller's, not blocked, the current one only with the setting. */
function useTargets(locationNo: string | undefined) {
  const settings = useSettings();
  const locations = usePlantLocations();
  const own = settings.bool('Verplaatsen_EnableVerplaastenNaarEigenLocatie');
  const targets = (locations.data ?? []).filter(
    (l) => !l.blocked && l.role !== 'administration' && (own || l.locationNo !== locationNo),
  );
  return { ready: !locations.isPending && settings.loaded, targets };
}

function useStart(locationNo: string | undefined) {
  const settings = useSettings();
  const user = useStore(sessionStore, (s) => s?.user ?? null);
  const { ready, targets } = useTargets(locationNo);
  const held = locationNo ? relocationMemory.held(locationNo) : null;
  const defaults: RelocationFormValues = {
    ...emptyRelocationForm,
    contactPerson: settings.bool('Klant_EnableHuidigeGebruikerAlsContact') && user ? user.name : '',
  };
  return { ready, targets, settings, values: held ? held.values : defaults, restored: held !== null };
}

/** Verplaatsen, step 1: Gegevens. */
export function VerplaatsenGegevensPage() {
  const { list, locationNo, gate } = useWizardList();
  const start = useStart(locationNo);
  let body: ReactNode = gate;
  if (!gate && list && locationNo)
    body = !start.ready ? (
      <LoadingBlock />
    ) : (
      <RelocationGegevens key={locationNo} locationNo={locationNo} start={start} />
    );
  return <WizardFrame step="gegevens">{body}</WizardFrame>;
}

function RelocationGegevens({
  locationNo,
  start,
}: {
  locationNo: string;
  start: ReturnType<typeof useStart>;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [values, setValues] = useState<RelocationFormValues>(start.values);
  const [errors, setErrors] = useState<Partial<Record<RelocationField, ErrorKey>>>(
    relocationMemory.held(locationNo)?.serverErrors ?? {},
  );
  const addresses = useWorkAddresses(values.targetLocation);
  const today = calendarDayIn(new Date());
  const dates = relocationDates(start.settings);
  const returnRequired = start.settings.bool('Verplaatsen_VerwachtRetourVerplicht');
  const change = (patch: Partial<RelocationFormValues>) => {
    const next = { ...values, ...patch };
    setValues(next);
    setErrors((prev) => {
      const rest = { ...prev };
      for (const k of Object.keys(patch)) delete rest[k as RelocationField];
      return rest;
    });
    relocationMemory.hold(locationNo, { values: next, filled: false, serverErrors: {} });
  };
  const pickTarget = (target: string | null) => {
    // a new target has other work addresses: its default one, when the list comes
    change({ targetLocation: target, addressCode: null });
  };
  const list = addresses.data ?? [];
  // The target's default work address (and its phone, when none was typed) once its addresses are known.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new list of addresses preselects
  useEffect(() => {
    if (values.delivery !== 'work_address' || values.addressCode || list.length === 0) return;
    const first = list.find((a) => a.isDefault) ?? list[0];
    if (first) change({ addressCode: first.code, phone: values.phone || (first.phone ?? '') });
  }, [addresses.data]);
  const next = () => {
    const problems = validateRelocationForm(values, {
      today,
      dates,
      returnRequired,
      termsRequired: false,
      checkTerms: false,
    });
    setErrors(problems);
    if (Object.keys(problems).length > 0) {
      document.getElementById(`relocation-${Object.keys(problems)[0]}`)?.focus();
      return;
    }
    relocationMemory.hold(locationNo, { values, filled: true, serverErrors: {} });
    navigate(paths.verplaatsenAfronden.to());
  };
  const err = (f: RelocationField) => (errors[f] ? <FieldText error={errors[f]} /> : undefined);
  return (
    <DatesLocale>
      <Stack gap="lg">
        {start.restored && (
          <Alert color="blue" variant="light">
            {t('wizard.concept_hersteld')}
          </Alert>
        )}
        <Paper withBorder radius="md" p="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Select
              id="relocation-targetLocation"
              label={t('Verplaatsen.eindlocatie')}
              placeholder={t('Verplaatsen.kies_eindlocatie')}
              data={start.targets.map((l) => ({ value: l.locationNo, label: locationLabel(l) }))}
              value={values.targetLocation}
              onChange={pickTarget}
              searchable
              required
              error={err('targetLocation')}
              styles={{ input: { minHeight: 44 } }}
              comboboxProps={{ withinPortal: true }}
              data-testid="relocation-target"
            />
            <DateField
              label={t('Verplaatsen.verplaatsDatum')}
              value={values.moveDate}
              onChange={(v) => change({ moveDate: v })}
              excludeDate={(day) => deliveryDateProblem(day, today, relocationDateRules(dates)) !== null}
              minDate={earliestPastDate(today, relocationDateRules(dates))}
              error={err('moveDate')}
              required
              testId="relocation-date"
            />
            <DateField
              label={t('Verplaatsen.retourDatum')}
              value={values.expectedReturnDate}
              onChange={(v) => change({ expectedReturnDate: v })}
              minDate={values.moveDate ?? today}
              error={err('expectedReturnDate')}
              required={returnRequired}
              clearable={!returnRequired}
              testId="relocation-return"
            />
          </SimpleGrid>
        </Paper>
        <Paper withBorder radius="md" p="md">
          <AddressFields
            idPrefix="relocation"
            title={t('Verplaatsen.bestemmingadres')}
            group="Verplaatsen"
            value={{ ...values, mode: values.delivery }}
            onChange={({ mode, ...rest }) => change(mode ? { ...rest, delivery: mode } : rest)}
            addresses={list}
            disabled={!values.targetLocation}
            errors={(f) => err(f)}
          />
        </Paper>
        <Paper withBorder radius="md" p="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              id="relocation-contactPerson"
              label={t('Verplaatsen.contactpersoon')}
              value={values.contactPerson}
              onChange={(e) => change({ contactPerson: e.currentTarget.value })}
              required
              error={err('contactPerson')}
              autoComplete="name"
              styles={{ input: { minHeight: 44 } }}
              data-testid="relocation-contact"
            />
            <TextInput
              id="relocation-phone"
              label={t('Verplaatsen.telefoonnummer')}
              value={values.phone}
              onChange={(e) => change({ phone: e.currentTarget.value })}
              required
              error={err('phone')}
              type="tel"
              autoComplete="tel"
              styles={{ input: { minHeight: 44 } }}
              data-testid="relocation-phone"
            />
            <TextInput
              id="relocation-reference"
              label={t('Verplaatsen.referentie')}
              value={values.reference}
              onChange={(e) => change({ reference: e.currentTarget.value })}
              error={err('reference')}
              maxLength={100}
              styles={{ input: { minHeight: 44 } }}
            />
            <Textarea
              id="relocation-comment"
              label={t('Verplaatsen.opmerking')}
              value={values.comment}
              onChange={(e) => change({ comment: e.currentTarget.value })}
              error={err('comment')}
              autosize
              minRows={2}
              maxLength={2000}
            />
          </SimpleGrid>
        </Paper>
        <Group justify="space-between" gap="sm">
          <Button
            component={Link}
            to={paths.afvoerlijst.to()}
            variant="default"
            leftSection={<IconArrowLeft size={18} aria-hidden />}
            mih={44}
          >
            {t('routes.Afvoerlijst')}
          </Button>
          <Button
            onClick={next}
            rightSection={<IconArrowRight size={18} aria-hidden />}
            mih={44}
            data-testid="relocation-next"
          >
            {t('shared.volgende')}
          </Button>
        </Group>
      </Stack>
    </DatesLocale>
  );
}

/** Verplaatsen, step 2: Afronden — check, accept the terms (when asked), send. */
export function VerplaatsenAfrondenPage() {
  const { list, locationNo, gate } = useWizardList();
  const start = useStart(locationNo);
  if (gate) return <WizardFrame step="afronden">{gate}</WizardFrame>;
  if (!list || !locationNo || !start.ready)
    return (
      <WizardFrame step="afronden">
        <LoadingBlock />
      </WizardFrame>
    );
  const held = relocationMemory.held(locationNo);
  if (!held?.filled) return <Navigate to={paths.verplaatsenGegevens.to()} replace />;
  return (
    <WizardFrame step="afronden">
      <RelocationAfronden list={list} locationNo={locationNo} initial={held.values} start={start} />
    </WizardFrame>
  );
}

function RelocationAfronden({
  list,
  locationNo,
  initial,
  start,
}: {
  list: RemovalList;
  locationNo: string;
  initial: RelocationFormValues;
  start: ReturnType<typeof useStart>;
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
  const termsRequired = settings.bool('Verplaatsen_VoorwaardenVerplicht');
  const termsUrl = settings.str('TermsAndConditionsUrl');
  const addresses = useWorkAddresses(values.targetLocation);
  const target = start.targets.find((l) => l.locationNo === values.targetLocation);
  const address = addresses.data?.find((a) => a.code === values.addressCode);

  async function send() {
    if (sending.current) return;
    if (termsRequired && !values.termsAccepted) {
      setTermsError(true);
      return;
    }
    sending.current = true;
    setPending(true);
    setFailure(null);
    const body = toRelocationForm(locationNo, values, {
      dateInComment: settings.bool('AanvragenDatum_NaarOpmerking'),
      dateLabel: t('Verplaatsen.verplaatsDatum'),
    });
    try {
      const result = await submitIdempotent(`relocation:${locationNo}`, body, submitRelocation);
      relocationMemory.forget(locationNo);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: removalListKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['requests'] }),
        queryClient.invalidateQueries({ queryKey: ['stock'] }),
      ]);
      navigate(paths.verplaatsenVoltooid.to(result.id), {
        replace: true,
        state: { requestNo: result.requestNo, requestId: result.id },
      });
    } catch (e) {
      sending.current = false;
      setPending(false);
      snackbar.error(e, 'error.server_fout');
      if (isApiError(e)) {
        const fields: Partial<Record<RelocationField, ErrorKey>> = {};
        for (const [name, f] of Object.entries(e.fieldErrors)) {
          const field = relocationFieldOf(name);
          if (field) fields[field] = { key: f.code, params: f.params };
        }
        if (fields.termsAccepted) setTermsError(true);
        if (Object.keys(fields).length > 0) relocationMemory.hold(locationNo, { serverErrors: fields });
        setFailure(translateCode(e.code, e.message, { ...(e.details ?? {}) }));
      } else setFailure(t('error.server_fout'));
    }
  }

  // #10 part 6: a plant whose next inspection falls while it stands on the new location (until the expected
  // return; without one, within the info window of MaterieelvoorraadKeuringsdatumInfoDays).
  const until =
    values.expectedReturnDate ??
    (values.moveDate
      ? addDays(values.moveDate, settings.int('MaterieelvoorraadKeuringsdatumInfoDays'))
      : null);
  const expiring = list.lines.filter(
    (l) => l.plantNo && l.nextInspection && until && l.nextInspection <= until,
  );
  const delivery =
    values.delivery === 'work_address'
      ? [address?.name, address?.street, [address?.postcode, address?.city].filter(Boolean).join(' ')]
      : [values.street, [values.postcode, values.city].filter(Boolean).join(' ')];
  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p="md" data-testid="relocation-summary">
        <Title order={2} size="h4" mb="sm">
          {t('Verplaatsen.overzicht')}
        </Title>
        <Stack gap={6}>
          <SummaryRow label={t('Verplaatsen.eindlocatie')}>
            {target ? locationLabel(target) : values.targetLocation}
          </SummaryRow>
          <SummaryRow label={t('Verplaatsen.verplaatsDatum')}>
            {values.moveDate ? format.day(values.moveDate) : ''}
          </SummaryRow>
          {values.expectedReturnDate && (
            <SummaryRow label={t('Verplaatsen.retourDatum')}>
              {format.day(values.expectedReturnDate)}
            </SummaryRow>
          )}
          <SummaryRow label={t('Verplaatsen.bestemmingadres')}>
            {delivery.filter(Boolean).join(', ')}
          </SummaryRow>
          <SummaryRow label={t('Verplaatsen.contactpersoon')}>
            {values.contactPerson} · {values.phone}
          </SummaryRow>
          {values.reference.trim() && (
            <SummaryRow label={t('Verplaatsen.referentie')}>{values.reference}</SummaryRow>
          )}
          {values.comment.trim() && (
            <SummaryRow label={t('Verplaatsen.opmerking')}>{values.comment}</SummaryRow>
          )}
        </Stack>
        <SummaryLines list={list} titleKey="Verplaatsen.regels" />
      </Paper>
      {expiring.length > 0 && (
        <Alert
          color="yellow"
          variant="light"
          icon={<IconAlertTriangle aria-hidden />}
          data-testid="inspection-warning"
        >
          <Stack gap={4}>
            {expiring.map((l) => (
              <Text size="sm" key={l.lineId}>
                {t('Verplaatsen.keuring_waarschuwing', {
                  plantNo: l.plantNo,
                  date: format.day(l.nextInspection as string),
                })}
              </Text>
            ))}
          </Stack>
        </Alert>
      )}
      {termsRequired && (
        <TermsPanel
          group="Verplaatsen"
          checked={values.termsAccepted}
          onChange={(accepted) => {
            const next = { ...values, termsAccepted: accepted };
            setValues(next);
            setTermsError(false);
            relocationMemory.hold(locationNo, { values: next });
          }}
          error={termsError}
          url={termsUrl}
        />
      )}
      <SendBar
        group="Verplaatsen"
        failure={failure}
        pending={pending}
        onSend={() => void send()}
        editTo={paths.verplaatsenGegevens.to()}
        testId="submit-relocation"
      />
    </Stack>
  );
}

/** Verplaatsen, step 3: Voltooid. */
export const VerplaatsenVoltooidPage = () => <DonePage group="Verplaatsen" testId="relocation-done" />;
