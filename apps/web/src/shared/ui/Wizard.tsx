import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import type { ErrorKey } from '../lib/form-errors';
import { paths } from '../lib/paths';
import type { ContactValues } from '../lib/request-form';
import type { WizardStep } from './AreaPage';
import { useFormat } from './format';
import { PageHeader } from './PageHeader';
import { NothingSent, useSentRequest } from './SentRequest';
import { WizardProgress } from './WizardProgress';

// What the request wizards share (order, removal, relocation, transport): the frame with the step indicator, the
// restored-form notice, a field message, the Gegevens step's buttons, a summary row and the done page; the last step
// is WizardFinishStep.tsx. `group` names a wizard's translations.

/** The translation group of a request wizard. */
export type WizardGroup = 'Bestellen' | 'Afvoeren' | 'Verplaatsen' | 'TransportAanvraag';

/**
 * Each wizard's places: its Gegevens step, where it starts (for a done page opened without a request just sent),
 * where its done page goes on to, and the name its test ids carry (`submit-…`, `…-summary`, `…-done`).
 */
export const wizards: Record<
  WizardGroup,
  { slug: string; gegevens: string; start: string; startKey: string; more: string; moreKey: string }
> = {
  Bestellen: {
    slug: 'order',
    gegevens: paths.bestellenGegevens.to(),
    start: paths.bestellijst.to(),
    startKey: 'nav.bestellijst',
    more: paths.materieel.to(),
    moreKey: 'Bestellen.verder_bestellen',
  },
  Afvoeren: {
    slug: 'removal',
    gegevens: paths.afvoerenGegevens.to(),
    start: paths.afvoerlijst.to(),
    startKey: 'nav.afvoerlijst',
    more: paths.materieelvoorraad.to(),
    moreKey: 'routes.Materieelvoorraad',
  },
  Verplaatsen: {
    slug: 'relocation',
    gegevens: paths.verplaatsenGegevens.to(),
    start: paths.afvoerlijst.to(),
    startKey: 'nav.afvoerlijst',
    more: paths.materieelvoorraad.to(),
    moreKey: 'routes.Materieelvoorraad',
  },
  TransportAanvraag: {
    slug: 'transport',
    gegevens: paths.transportGegevens.to(),
    start: paths.transportGegevens.to(),
    startKey: 'TransportAanvraag.nieuw',
    more: paths.materieelvoorraad.to(),
    moreKey: 'routes.Materieelvoorraad',
  },
};

export function WizardFrame({ step, children }: { step: WizardStep; children: ReactNode }) {
  return (
    <>
      <PageHeader />
      <WizardProgress step={step} />
      {children}
    </>
  );
}

/** Afronden opens on a completed Gegevens step only (`held.filled`); otherwise it goes back there. */
export function WhenFilled<V>({
  held,
  gegevensTo,
  children,
}: {
  held: { values: V; filled: boolean } | null;
  gegevensTo: string;
  children: (values: V) => ReactNode;
}) {
  return held?.filled ? children(held.values) : <Navigate to={gegevensTo} replace />;
}

/** Afronden's summary: what will be sent, row by row (`children`), and below them `after` (e.g. the lines). */
export function SummaryPanel({
  group,
  after,
  children,
}: {
  group: WizardGroup;
  after?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="md" data-testid={`${wizards[group].slug}-summary`}>
      <Title order={2} size="h4" mb="sm">
        {t(`${group}.overzicht`)}
      </Title>
      <Stack gap={6}>{children}</Stack>
      {after}
    </Paper>
  );
}

/** One line of a wizard's summary: a label and its value. */
export function SummaryRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Text size="sm" c="dimmed" miw={140}>
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Group>
  );
}

/** The contact part of a summary: who and the phone (unless `person` is false), the reference and comment if any. */
export function ContactSummary({
  group,
  values,
  person = true,
}: {
  group: WizardGroup;
  values: Pick<ContactValues, 'reference' | 'comment'> & Partial<ContactValues>;
  person?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      {person && (
        <SummaryRow label={t(`${group}.contactpersoon`)}>
          {values.contactPerson} · {values.phone}
        </SummaryRow>
      )}
      {values.reference.trim() && (
        <SummaryRow label={t(`${group}.referentie`)}>{values.reference}</SummaryRow>
      )}
      {values.comment.trim() && <SummaryRow label={t(`${group}.opmerking`)}>{values.comment}</SummaryRow>}
    </>
  );
}

/** A field message in the interface language; a date parameter written as the locale writes dates. */
export function FieldText({ error }: { error: ErrorKey | undefined }) {
  const { t } = useTranslation();
  const format = useFormat();
  if (!error) return null;
  const params = { ...error.params };
  if (typeof params.date === 'string') params.date = format.day(params.date);
  return <>{t(error.key, params)}</>;
}

/** A form's field messages as the inputs' `error`: `fieldText(errors)(field)`. */
export const fieldText =
  <F extends string>(errors: Partial<Record<F, ErrorKey>>) =>
  (field: F): ReactNode =>
    errors[field] ? <FieldText error={errors[field]} /> : undefined;

/** The Gegevens step came back from what the user filled in before (product §4). */
export function RestoredNotice() {
  const { t } = useTranslation();
  return (
    <Alert color="brand" variant="light" icon={<IconInfoCircle aria-hidden />}>
      {t('wizard.concept_hersteld')}
    </Alert>
  );
}

/**
 * The Gegevens step's buttons: back to where the wizard started (when it has such a place) and Volgende — a submit
 * button of the step's form without `onNext`.
 */
export function WizardNextBar({
  back,
  onNext,
  going = false,
  testId,
}: {
  back?: { to: string; label: string };
  onNext?: () => void;
  going?: boolean;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Group justify={back ? 'space-between' : 'flex-end'} gap="sm">
      {back && (
        <Button
          component={Link}
          to={back.to}
          variant="default"
          leftSection={<IconArrowLeft size={18} aria-hidden />}
          mih={44}
        >
          {back.label}
        </Button>
      )}
      <Button
        type={onNext ? 'button' : 'submit'}
        onClick={onNext}
        rightSection={<IconArrowRight size={18} aria-hidden />}
        loading={going}
        mih={44}
        data-testid={testId}
      >
        {t('shared.volgende')}
      </Button>
    </Group>
  );
}

/**
 * Step 3 of a wizard: the request just sent, its number and a link to it. `group` names the wizard's translations.
 * Opened otherwise, it thanks for nothing (useSentRequest): a request the address names opens its own page, and
 * without one the page says that nothing was sent.
 */
export function DonePage({ group }: { group: WizardGroup }) {
  const { t } = useTranslation();
  const sent = useSentRequest();
  if ('named' in sent) return <Navigate to={paths.aanvraag.to(sent.named)} replace />;
  if ('none' in sent)
    return (
      <>
        <PageHeader />
        <NothingSent startTo={wizards[group].start} startLabel={t(wizards[group].startKey)} />
      </>
    );
  const { requestNo, requestId } = sent.sent;
  return (
    <WizardFrame step="voltooid">
      <Paper withBorder radius="md" p="xl" data-testid={`${wizards[group].slug}-done`}>
        <Stack gap="md" align="flex-start">
          <Group gap="sm" wrap="nowrap">
            <IconCircleCheck size={36} color="var(--mantine-color-green-7)" aria-hidden />
            <Title order={2} size="h3">
              {t(`${group}.voltooid_titel`)}
            </Title>
          </Group>
          <Text>{t(`${group}.verzonden`)}</Text>
          <Text fw={700} size="lg" data-testid="request-no">
            {t(`${group}.aanvraagnummer`, { requestNo })}
          </Text>
          <Group gap="sm">
            <Button component={Link} to={paths.aanvraag.to(requestId)} mih={44} data-testid="to-request">
              {t('Bestellen.naar_aanvraag')}
            </Button>
            <Button component={Link} to={wizards[group].more} variant="default" mih={44}>
              {t(wizards[group].moreKey)}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </WizardFrame>
  );
}
