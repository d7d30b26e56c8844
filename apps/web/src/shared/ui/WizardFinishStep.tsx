import { Alert, Anchor, Button, Checkbox, Group, Paper, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconCloudOff, IconSend } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type WizardGroup, wizards } from './Wizard';

/** What the finish step shows of its send (shared/ordering's useWizardFinish gives it). */
export interface FinishState {
  values: { termsAccepted: boolean };
  termsRequired: boolean;
  termsUrl: string;
  termsError: boolean;
  setTerms: (accepted: boolean) => void;
  failure: string | null;
  /** No network: the send is refused and says why (decision 0031). */
  offline: boolean;
  pending: boolean;
  send: () => void;
}

/**
 * Step 2 (Afronden) of a request wizard: what will be sent (`children`: the summary and any warnings), the terms when
 * the wizard's setting asks for them, the failure with the server's reason, back to Gegevens, and send (test id
 * `submit-<wizard>`).
 * `failureDetails` lists what the server refused field by field (the order wizard); the link back to Gegevens
 * shows in the failure unless `editLinkInFailure` is false.
 */
export function WizardFinishStep({
  group,
  finish,
  failureDetails,
  editLinkInFailure = true,
  children,
}: {
  group: WizardGroup;
  finish: FinishState;
  failureDetails?: ReactNode;
  editLinkInFailure?: boolean;
  children: ReactNode;
}) {
  return (
    <Stack gap="lg">
      {children}
      {finish.termsRequired && (
        <TermsPanel
          group={group}
          checked={finish.values.termsAccepted}
          onChange={finish.setTerms}
          error={finish.termsError}
          url={finish.termsUrl}
        />
      )}
      <SendBar
        group={group}
        failure={finish.failure}
        failureDetails={failureDetails}
        editLinkInFailure={editLinkInFailure}
        pending={finish.pending}
        offline={finish.offline}
        onSend={finish.send}
        editTo={wizards[group].gegevens}
        testId={`submit-${wizards[group].slug}`}
      />
    </Stack>
  );
}

/** The terms to accept before sending (when the wizard's setting asks for them), with the link to read them. */
function TermsPanel({
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
 * The failure and the buttons: `error.server_fout` with the server's reason (what was typed stays), back to the
 * Gegevens step, and send (busy while it runs; a second click does nothing).
 */
function SendBar({
  group,
  failure,
  failureDetails,
  editLinkInFailure,
  pending,
  offline,
  onSend,
  editTo,
  testId,
}: {
  group: WizardGroup;
  failure: string | null;
  failureDetails: ReactNode;
  editLinkInFailure: boolean;
  pending: boolean;
  offline: boolean;
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
            {failureDetails}
            {editLinkInFailure && (
              <Anchor component={Link} to={editTo} size="sm">
                {t('Bestellen.gegevens_aanpassen')}
              </Anchor>
            )}
          </Stack>
        </Alert>
      )}
      {offline && (
        <Alert
          color="yellow"
          variant="light"
          role="status"
          icon={<IconCloudOff aria-hidden />}
          id={`${testId}-offline`}
          data-testid="submit-offline"
        >
          {t('Offline.versturen')}
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
          disabled={pending || offline}
          leftSection={offline ? <IconCloudOff size={18} aria-hidden /> : <IconSend size={18} aria-hidden />}
          mih={44}
          data-testid={testId}
          aria-describedby={offline ? `${testId}-offline` : undefined}
        >
          {offline
            ? t('Offline.versturen_knop')
            : pending
              ? t(`${group}.bezig_versturen`)
              : t(`${group}.versturen`)}
        </Button>
      </Group>
    </>
  );
}
