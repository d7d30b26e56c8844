import { Alert, Anchor, Button, Checkbox, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconCircleCheck, IconSend } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import type { ErrorKey } from '../lib/form-errors';
import { paths } from '../lib/paths';
import type { WizardStep } from './AreaPage';
import { useFormat } from './format';
import { PageHeader } from './PageHeader';
import { NothingSent, useSentRequest } from './SentRequest';
import { WizardProgress } from './WizardProgress';

// What the request wizards share (removal, relocation, transport): the frame with the step indicator, a summary
// row, a field message, the terms, the send bar and the done page. `group` names a wizard's translations.

/** The translation group of a request wizard. */
export type WizardGroup = 'Afvoeren' | 'Verplaatsen' | 'TransportAanvraag';

export function WizardFrame({ step, children }: { step: WizardStep; children: ReactNode }) {
  return (
    <>
      <PageHeader />
      <WizardProgress step={step} />
      {children}
    </>
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

/** A field message in the interface language; a date parameter written as the locale writes dates. */
export function FieldText({ error }: { error: ErrorKey | undefined }) {
  const { t } = useTranslation();
  const format = useFormat();
  if (!error) return null;
  const params = { ...error.params };
  if (typeof params.date === 'string') params.date = format.day(params.date);
  return <>{t(error.key, params)}</>;
}

/** Where each wizard starts, for a done page opened without a request just sent. */
const wizardStart: Record<WizardGroup, { to: string; labelKey: string }> = {
  Afvoeren: { to: paths.afvoerlijst.to(), labelKey: 'nav.afvoerlijst' },
  Verplaatsen: { to: paths.afvoerlijst.to(), labelKey: 'nav.afvoerlijst' },
  TransportAanvraag: { to: paths.transportGegevens.to(), labelKey: 'TransportAanvraag.nieuw' },
};

/**
 * Step 3 of a wizard: the request just sent, its number and a link to it. `group` names the wizard's translations.
 * Opened otherwise, it thanks for nothing (useSentRequest): a request the address names opens its own page, and
 * without one the page says that nothing was sent.
 */
export function DonePage({ group, testId }: { group: WizardGroup; testId: string }) {
  const { t } = useTranslation();
  const sent = useSentRequest();
  if ('named' in sent) return <Navigate to={paths.aanvraag.to(sent.named)} replace />;
  if ('none' in sent)
    return (
      <>
        <PageHeader />
        <NothingSent startTo={wizardStart[group].to} startLabel={t(wizardStart[group].labelKey)} />
      </>
    );
  const { requestNo, requestId } = sent.sent;
  return (
    <WizardFrame step="voltooid">
      <Paper withBorder radius="md" p="xl" data-testid={testId}>
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
            <Button component={Link} to={paths.materieelvoorraad.to()} variant="default" mih={44}>
              {t('routes.Materieelvoorraad')}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </WizardFrame>
  );
}

/** The terms to accept before sending (when the wizard's setting asks for them), with the link to read them. */
export function TermsPanel({
  group,
  checked,
  onChange,
  error,
  url,
}: {
  group: WizardGroup;
  checked: boolean;
  onChange: (accepted: boolean) => void;
  error: boolean;
  url: string;
}) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="md">
      <Checkbox
        checked={checked}
        onChange={(e) => onChange(e.currentTarget.checked)}
        label={
          <>
            {t(`${group}.voorwaarden`)}
            {url && (
              <>
                {' '}
                (
                <Anchor href={url} target="_blank" rel="noopener noreferrer">
                  {t(`${group}.voorwaarden_lezen`)}
                </Anchor>
                )
              </>
            )}
          </>
        }
        error={error ? t('error.voorwaarden_niet_geaccepteerd') : undefined}
        styles={{ body: { minHeight: 44, alignItems: 'center' } }}
        data-testid="terms"
      />
    </Paper>
  );
}

/**
 * Step 2's failure and buttons: `error.server_fout` with the server's reason (what was typed stays), back to the
 * Gegevens step, and send (busy while it runs; a second click does nothing).
 */
export function SendBar({
  group,
  failure,
  pending,
  onSend,
  editTo,
  testId,
}: {
  group: WizardGroup;
  failure: string | null;
  pending: boolean;
  onSend: () => void;
  editTo: string;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <>
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
            <Anchor component={Link} to={editTo} size="sm">
              {t('Bestellen.gegevens_aanpassen')}
            </Anchor>
          </Stack>
        </Alert>
      )}
      <Group justify="space-between" gap="sm">
        <Button
          component={Link}
          to={editTo}
          variant="default"
          leftSection={<IconArrowLeft size={18} aria-hidden />}
          mih={44}
        >
          {t('Bestellen.gegevens_aanpassen')}
        </Button>
        <Button
          onClick={onSend}
          loading={pending}
          disabled={pending}
          leftSection={<IconSend size={18} aria-hidden />}
          mih={44}
          data-testid={testId}
        >
          {pending ? t(`${group}.bezig_versturen`) : t(`${group}.versturen`)}
        </Button>
      </Group>
    </>
  );
}
