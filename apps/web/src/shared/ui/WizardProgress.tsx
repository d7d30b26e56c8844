import { Group, Progress, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { type WizardStep, WizardSteps } from './AreaPage';

const steps: WizardStep[] = ['gegevens', 'afronden', 'voltooid'];

/** The step indicator: the shared stepper on wider screens; on phones one line and a bar (the stepper wraps there). */
export function WizardProgress({ step }: { step: WizardStep }) {
  const { t } = useTranslation();
  const narrow = useMediaQuery('(max-width: 36em)') ?? false;
  if (!narrow) return <WizardSteps step={step} />;
  const index = steps.indexOf(step);
  return (
    <div style={{ marginBottom: 24 }} data-testid="wizard-steps">
      <Group justify="space-between" mb={6} wrap="nowrap">
        <Text size="sm" c="dimmed">
          {t('wizard.stap_van', { step: index + 1, steps: steps.length })}
        </Text>
        <Text size="sm" fw={700}>
          {t(`wizard.stappen.${step}`)}
        </Text>
      </Group>
      <Progress
        value={((index + 1) / steps.length) * 100}
        size="sm"
        aria-label={t('wizard.stap_van', { step: index + 1, steps: steps.length })}
      />
    </div>
  );
}
