import {
  Alert,
  Button,
  Group,
  Paper,
  SegmentedControl,
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
  calendarDayIn,
  deliveryDateProblem,
  earliestPastDate,
  removalDateRules,
} from '@mp/contract/rules/order-dates';
import { IconArrowLeft, IconArrowRight, IconTruckReturn } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../shared/api/errors';
import { usePlantLocations } from '../../../shared/api/get-plant-locations';
import { type SettingsReader, useSettings } from '../../../shared/api/get-settings';
import { useWorkAddresses } from '../../../shared/api/get-work-addresses';
import { submitIdempotent } from '../../../shared/api/idempotent-submit';
import { translateCode } from '../../../shared/i18n/i18n';
import type { ErrorKey } from '../../../shared/lib/form-errors';
import { paths } from '../../../shared/lib/paths';
import { useStore } from '../../../shared/lib/store';
import { selectedLocationStore, selectLocation } from '../../../shared/session/location';
import { sessionStore } from '../../../shared/session/session';
import { AddressFields } from '../../../shared/ui/AddressFields';
import { AreaPage } from '../../../shared/ui/AreaPage';
import { DateField, DatesLocale } from '../../../shared/ui/DateField';
import { useFormat } from '../../../shared/ui/format';
import { LoadingBlock } from '../../../shared/ui/LoadingBlock';
import { EmptyView, ErrorView } from '../../../shared/ui/StateViews';
import { snackbar } from '../../../shared/ui/snackbar/snackbar-store';
import { DonePage, FieldText, SendBar, SummaryRow, TermsPanel, WizardFrame } from '../../../shared/ui/Wizard';
import { removalListKeys, useProjectRemovalLists, useRemovalList } from '../api/get-removal-list';
import { submitRemoval, useRemovalDepots } from '../api/submit-removal';
import { RemovalListEditor } from '../components/RemovalListEditor';
import {
  emptyRemovalForm,
  forgetRemoval,
  heldRemoval,
  holdRemoval,
  picksUp,
  type RemovalField,
  type RemovalFormValues,
  removalFieldOf,
  toRemovalForm,
  validateRemovalForm,
} from '../components/removal-form';
import { SummaryLines, useWizardList } from '../components/wizard-parts';

/** Afvoerlijst: the caller's removal list on the selected location. */
export function AfvoerlijstPage() {
  const { t } = useTranslation();
  const location = useStore(selectedLocationStore);
  const query = useRemovalList();
  const project = useProjectView(location?.locationNo ?? null);
  let body: ReactNode = null;
  if (!location) body = null;
  else if (query.isPending) body = <LoadingBlock />;
  else if (query.isError) body = <ErrorView error={query.error} onRetry={() => void query.refetch()} />;
  else if (query.data.lines.length === 0)
    body = (
      <EmptyView title={t('Afvoerlijst.leeg')} icon={<IconTruckReturn size={28} aria-hidden />}>
        <Button component={Link} to={paths.materieelvoorraad.to()} variant="light" mih={44}>
          {t('routes.Materieelvoorraad')}
        </Button>
      </EmptyView>
    );
  else body = <RemovalListEditor locationNo={location.locationNo} list={query.data} />;
  return (
    <AreaPage needsLocation>
      {project.offered && location && (
        <SegmentedControl
          aria-label={t('Afvoerlijst.weergave')}
          value={project.on ? 'project' : 'location'}
          onChange={(v) => project.show(v === 'project')}
          data={[
            { value: 'location', label: t('Afvoerlijst.deze_locatie') },
            { value: 'project', label: t('Afvoerlijst.project_titel', { projectNo: project.projectNo }) },
          ]}
          mb="md"
          data-testid="removal-view"
        />
      )}
      {body}
      {project.on && location && <ProjectLists locationNo={location.locationNo} />}
    </AreaPage>
  );
}

/**
 * The project view of the removal list (ProjectOverzichten_TonenEnGebruiken): offered when another of the user's
 * locations shares the selected one's project number; chosen in the URL (?weergave=project).
 */
function useProjectView(locationNo: string | null) {
  const settings = useSettings();
  const locations = usePlantLocations();
  const [params, setParams] = useSearchParams();
  const projectNo = locations.data?.find((l) => l.locationNo === locationNo)?.projectNo ?? null;
  const offered =
    settings.bool('ProjectOverzichten_TonenEnGebruiken') &&
    projectNo !== null &&
    (locations.data ?? []).filter((l) => l.projectNo === projectNo).length > 1;
  return {
    offered,
    projectNo,
    on: offered && params.get('weergave') === 'project',
    show: (on: boolean) => setParams(on ? { weergave: 'project' } : {}, { replace: true }),
  };
}

/** The lists on the project's other locations, each edited here and processed on its own location. */
function ProjectLists({ locationNo }: { locationNo: string }) {
  const { t } = useTranslation();
  const query = useProjectRemovalLists(locationNo);
  const locations = usePlantLocations();
  const isAdmin = useStore(sessionStore, (s) => s?.user.isAdmin === true);
  if (query.isPending) return <LoadingBlock />;
  if (query.isError) return <ErrorView error={query.error} onRetry={() => void query.refetch()} />;
  const others = query.data.lists.filter((l) => l.locationNo !== locationNo);
  if (others.length === 0)
    return (
      <Text c="dimmed" mt="lg" data-testid="project-empty">
        {t('Afvoerlijst.project_leeg')}
      </Text>
    );
  return (
    <Stack gap="xl" mt="xl" data-testid="project-lists">
      {others.map((list) => {
        const where = locations.data?.find((l) => l.locationNo === list.locationNo);
        const readOnly = !isAdmin && where?.role === 'administration';
        return (
          <Stack key={list.locationNo} gap="sm" component="section" aria-label={list.locationNo}>
            <Title order={2} size="h4">
              {list.locationNo} – {list.description}
            </Title>
            <RemovalListEditor
              locationNo={list.locationNo}
              list={list}
              elsewhere={{
                readOnlyKey: readOnly ? 'warning.alleen_lezen_locatie' : null,
                onSwitch: () =>
                  selectLocation({
                    locationNo: list.locationNo,
                    label: where ? locationLabel(where) : list.locationNo,
                  }),
              }}
            />
          </Stack>
        );
      })}
    </Stack>
  );
}

const removalDates = (s: SettingsReader) => ({
  Afvoeren_Blokkeerweekenden: s.bool('Afvoeren_Blokkeerweekenden'),
  Afvoeren_Blokkeerdagen: s.int('Afvoeren_Blokkeerdagen'),
  Afvoeren_DagenInVerleden: s.int('Afvoeren_DagenInVerleden'),
});

/** The form to start from: what the user filled in before on this location, else the defaults. */
function useStart(locationNo: string | undefined) {
  const settings = useSettings();
  const user = useStore(sessionStore, (s) => s?.user ?? null);
  const depots = useRemovalDepots();
  const addresses = useWorkAddresses(locationNo ?? null);
  const ready = settings.loaded && !depots.isPending && !addresses.isPending;
  // a depot (DepotWerkAdresen_TonenEnGebruiken) is where removals go, never where they are picked up
  const list = (addresses.data ?? []).filter((a) => a.kind !== 'depot');
  const address = list.find((a) => a.isDefault) ?? list[0];
  const defaults: RemovalFormValues = {
    ...emptyRemovalForm,
    transportMeans: 'afhalen',
    pickup: list.length > 0 ? 'work_address' : 'other_address',
    addressCode: address?.code ?? null,
    depotNo:
      depots.data?.depots.find((d) => d.depotNo === depots.data?.defaultDepotNo)?.depotNo ??
      depots.data?.depots[0]?.depotNo ??
      null,
    contactPerson:
      settings.bool('Klant_EnableHuidigeGebruikerAlsContact') && user
        ? user.name
        : (address?.contactPerson ?? ''),
    phone: address?.phone ?? '',
  };
  const held = locationNo ? heldRemoval(locationNo) : null;
  return {
    ready,
    values: held ? held.values : defaults,
    restored: held !== null,
    depots: depots.data?.depots ?? [],
    addresses: list,
    settings,
  };
}

/** Afvoeren, step 1: Gegevens. */
export function AfvoerenGegevensPage() {
  const { list, locationNo, gate } = useWizardList();
  const start = useStart(locationNo);
  let body: ReactNode = gate;
  if (!gate && list && locationNo) {
    body = !start.ready ? (
      <LoadingBlock />
    ) : (
      <RemovalGegevens key={locationNo} locationNo={locationNo} start={start} />
    );
  }
  return <WizardFrame step="gegevens">{body}</WizardFrame>;
}

function RemovalGegevens({ locationNo, start }: { locationNo: string; start: ReturnType<typeof useStart> }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [values, setValues] = useState<RemovalFormValues>(start.values);
  const [errors, setErrors] = useState<Partial<Record<RemovalField, ErrorKey>>>(
    heldRemoval(locationNo)?.serverErrors ?? {},
  );
  const today = calendarDayIn(new Date());
  const dates = removalDates(start.settings);
  const change = (patch: Partial<RemovalFormValues>) => {
    const next = { ...values, ...patch };
    setValues(next);
    setErrors((prev) => {
      const rest = { ...prev };
      for (const k of Object.keys(patch)) delete rest[k as RemovalField];
      return rest;
    });
    holdRemoval(locationNo, { values: next, filled: false, serverErrors: {} });
  };
  const next = () => {
    const problems = validateRemovalForm(values, { today, dates, termsRequired: false, checkTerms: false });
    setErrors(problems);
    if (Object.keys(problems).length > 0) {
      const first = Object.keys(problems)[0];
      document.getElementById(`removal-${first}`)?.focus();
      return;
    }
    holdRemoval(locationNo, { values, filled: true, serverErrors: {} });
    navigate(paths.afvoerenAfronden.to());
  };
  const err = (f: RemovalField) => (errors[f] ? <FieldText error={errors[f]} /> : undefined);
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
            <DateField
              label={t('Afvoeren.afvoerDatum')}
              value={values.removalDate}
              onChange={(v) => change({ removalDate: v })}
              excludeDate={(day) => deliveryDateProblem(day, today, removalDateRules(dates)) !== null}
              minDate={earliestPastDate(today, removalDateRules(dates))}
              error={err('removalDate')}
              required
              testId="removal-date"
            />
            <Select
              id="removal-transportMeans"
              label={t('Afvoeren.transportmiddel')}
              data={['afhalen', 'brengen'].map((v) => ({
                value: v,
                label: t(`wizard.transportmiddel_opties.${v}`),
              }))}
              value={values.transportMeans || null}
              onChange={(v) => change({ transportMeans: v ?? '' })}
              allowDeselect={false}
              styles={{ input: { minHeight: 44 } }}
            />
            <Select
              id="removal-depotNo"
              label={t('Afvoeren.bestemming')}
              data={start.depots.map((d) => ({
                value: d.depotNo,
                label: [d.name, d.city].filter(Boolean).join(', '),
              }))}
              value={values.depotNo}
              onChange={(v) => change({ depotNo: v })}
              allowDeselect={false}
              required
              error={err('depotNo')}
              styles={{ input: { minHeight: 44 } }}
              data-testid="removal-depot"
            />
          </SimpleGrid>
        </Paper>
        {picksUp(values) && (
          <Paper withBorder radius="md" p="md">
            <AddressFields
              idPrefix="removal"
              title={t('Afvoeren.addressSelected')}
              group="Afvoeren"
              value={{ ...values, mode: values.pickup }}
              onChange={({ mode, ...rest }) => change(mode ? { ...rest, pickup: mode } : rest)}
              addresses={start.addresses}
              errors={(f) => err(f)}
            />
          </Paper>
        )}
        <Paper withBorder radius="md" p="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              id="removal-contactPerson"
              label={t('Afvoeren.contactpersoon')}
              value={values.contactPerson}
              onChange={(e) => change({ contactPerson: e.currentTarget.value })}
              required
              error={err('contactPerson')}
              autoComplete="name"
              styles={{ input: { minHeight: 44 } }}
              data-testid="removal-contact"
            />
            <TextInput
              id="removal-phone"
              label={t('Afvoeren.telefoonnummer')}
              value={values.phone}
              onChange={(e) => change({ phone: e.currentTarget.value })}
              required
              error={err('phone')}
              type="tel"
              autoComplete="tel"
              styles={{ input: { minHeight: 44 } }}
              data-testid="removal-phone"
            />
            <TextInput
              id="removal-reference"
              label={t('Afvoeren.referentie')}
              value={values.reference}
              onChange={(e) => change({ reference: e.currentTarget.value })}
              error={err('reference')}
              maxLength={100}
              styles={{ input: { minHeight: 44 } }}
            />
            <Textarea
              id="removal-comment"
              label={t('Afvoeren.opmerking')}
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
            data-testid="removal-next"
          >
            {t('shared.volgende')}
          </Button>
        </Group>
      </Stack>
    </DatesLocale>
  );
}

/** Afvoeren, step 2: Afronden — check, accept the terms (when asked), send. */
export function AfvoerenAfrondenPage() {
  const { list, locationNo, gate } = useWizardList();
  const start = useStart(locationNo);
  if (gate) return <WizardFrame step="afronden">{gate}</WizardFrame>;
  if (!list || !locationNo || !start.ready)
    return (
      <WizardFrame step="afronden">
        <LoadingBlock />
      </WizardFrame>
    );
  const held = heldRemoval(locationNo);
  if (!held?.filled) return <Navigate to={paths.afvoerenGegevens.to()} replace />;
  return (
    <WizardFrame step="afronden">
      <RemovalAfronden list={list} locationNo={locationNo} initial={held.values} start={start} />
    </WizardFrame>
  );
}

function RemovalAfronden({
  list,
  locationNo,
  initial,
  start,
}: {
  list: RemovalList;
  locationNo: string;
  initial: RemovalFormValues;
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
  const termsRequired = settings.bool('Afvoeren_VoorwaardenVerplicht');
  const termsUrl = settings.str('TermsAndConditionsUrl');
  const depot = start.depots.find((d) => d.depotNo === values.depotNo);
  const address = start.addresses.find((a) => a.code === values.addressCode);

  async function send() {
    if (sending.current) return;
    if (termsRequired && !values.termsAccepted) {
      setTermsError(true);
      return;
    }
    sending.current = true;
    setPending(true);
    setFailure(null);
    const body = toRemovalForm(locationNo, values, {
      dateInComment: settings.bool('AanvragenDatum_NaarOpmerking'),
      dateLabel: t('Afvoeren.afvoerDatum'),
    });
    try {
      const result = await submitIdempotent(`removal:${locationNo}`, body, submitRemoval);
      forgetRemoval(locationNo);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: removalListKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['requests'] }),
        queryClient.invalidateQueries({ queryKey: ['stock'] }),
      ]);
      navigate(paths.afvoerenVoltooid.to(result.id), {
        replace: true,
        state: { requestNo: result.requestNo, requestId: result.id },
      });
    } catch (e) {
      sending.current = false;
      setPending(false);
      snackbar.error(e, 'error.server_fout');
      if (isApiError(e)) {
        const fields: Partial<Record<RemovalField, ErrorKey>> = {};
        for (const [name, f] of Object.entries(e.fieldErrors)) {
          const field = removalFieldOf(name);
          if (field) fields[field] = { key: f.code, params: f.params };
        }
        if (fields.termsAccepted) setTermsError(true);
        if (Object.keys(fields).length > 0) holdRemoval(locationNo, { serverErrors: fields });
        setFailure(translateCode(e.code, e.message, { ...(e.details ?? {}) }));
      } else setFailure(t('error.server_fout'));
    }
  }

  const pickup =
    values.pickup === 'work_address'
      ? [address?.name, address?.street, [address?.postcode, address?.city].filter(Boolean).join(' ')]
      : [values.street, [values.postcode, values.city].filter(Boolean).join(' ')];
  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p="md" data-testid="removal-summary">
        <Title order={2} size="h4" mb="sm">
          {t('Afvoeren.overzicht')}
        </Title>
        <Stack gap={6}>
          <SummaryRow label={t('Afvoeren.afvoerDatum')}>
            {values.removalDate ? format.day(values.removalDate) : ''}
          </SummaryRow>
          <SummaryRow label={t('Afvoeren.transportmiddel')}>
            {values.transportMeans ? t(`wizard.transportmiddel_opties.${values.transportMeans}`) : ''}
          </SummaryRow>
          <SummaryRow label={t('Afvoeren.bestemming')}>
            {[depot?.name, depot?.street, depot?.city].filter(Boolean).join(', ')}
          </SummaryRow>
          {picksUp(values) && (
            <SummaryRow label={t('Afvoeren.addressSelected')}>{pickup.filter(Boolean).join(', ')}</SummaryRow>
          )}
          <SummaryRow label={t('Afvoeren.contactpersoon')}>
            {values.contactPerson} · {values.phone}
          </SummaryRow>
          {values.reference.trim() && (
            <SummaryRow label={t('Afvoeren.referentie')}>{values.reference}</SummaryRow>
          )}
          {values.comment.trim() && <SummaryRow label={t('Afvoeren.opmerking')}>{values.comment}</SummaryRow>}
        </Stack>
        <SummaryLines list={list} titleKey="Afvoeren.regels" />
      </Paper>
      {termsRequired && (
        <TermsPanel
          group="Afvoeren"
          checked={values.termsAccepted}
          onChange={(accepted) => {
            const next = { ...values, termsAccepted: accepted };
            setValues(next);
            setTermsError(false);
            holdRemoval(locationNo, { values: next });
          }}
          error={termsError}
          url={termsUrl}
        />
      )}
      <SendBar
        group="Afvoeren"
        failure={failure}
        pending={pending}
        onSend={() => void send()}
        editTo={paths.afvoerenGegevens.to()}
        testId="submit-removal"
      />
    </Stack>
  );
}

/** Afvoeren, step 3: Voltooid — the request number and a link to it; the form and the list are reset. */
export const AfvoerenVoltooidPage = () => <DonePage group="Afvoeren" testId="removal-done" />;
