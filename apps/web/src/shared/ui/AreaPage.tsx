import { Group, Paper, Stepper, Text } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from '../lib/store';
import { selectedLocationStore } from '../session/location';
import { LocationPrompt } from './LocationPrompt';
import { PageHeader } from './PageHeader';

/**
 * The selected location a location-bound page works on, or the notice that holds the location picker, in the
 * page's words (`messageKey`).
 */
export function LocationNotice({ messageKey }: { messageKey: string }) {
  const { t } = useTranslation();
  const location = useStore(selectedLocationStore);
  if (!location) return <LocationPrompt messageKey={messageKey} />;
  return (
    <Paper withBorder radius="md" p="sm" mb="lg">
      <Group gap="xs" wrap="nowrap">
        <IconMapPin size={18} aria-hidden />
        <Text size="sm">
          <Text span fw={600}>
            {t('Locatie.titel')}:
          </Text>{' '}
          {location.label}
        </Text>
      </Group>
    </Paper>
  );
}

/** The frame of a page: title and breadcrumb from the route table, the location it works on, and its content. */
export function AreaPage({
  title,
  description,
  needsLocation = false,
  locationMessageKey = 'kies_locatie_eerst',
  actions,
  children,
}: {
  title?: string;
  description?: ReactNode;
  needsLocation?: boolean;
  /** What the page needs the location for, as its notice says when none is chosen. */
  locationMessageKey?: string;
  actions?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <>
      <PageHeader title={title} description={description} actions={actions} />
      {needsLocation && <LocationNotice messageKey={locationMessageKey} />}
      {children}
    </>
  );
}

const wizardSteps = ['gegevens', 'afronden', 'voltooid'] as const;
export type WizardStep = (typeof wizardSteps)[number];

/** The three steps every request wizard shares (Gegevens, Afronden, Voltooid). */
export function WizardSteps({ step }: { step: WizardStep }) {
  const { t } = useTranslation();
  const active = wizardSteps.indexOf(step);
  return (
    <>
      <Text size="sm" c="dimmed" mb="xs">
        {t('wizard.stap_van', { step: active + 1, steps: wizardSteps.length })}
      </Text>
      <Stepper active={active} size="sm" mb="xl" allowNextStepsSelect={false}>
        {wizardSteps.map((s) => (
          <Stepper.Step key={s} label={t(`wizard.stappen.${s}`)} />
        ))}
      </Stepper>
    </>
  );
}
