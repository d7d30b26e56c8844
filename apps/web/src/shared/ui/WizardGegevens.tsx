import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { DatesLocale } from './DateField';
import { RestoredNotice, WizardNextBar } from './Wizard';

/**
 * Step 1 (Gegevens) of a request wizard around its sections (`children`): the notice when the form came back from
 * before, the calendar in the interface language, and below the sections back and Volgende.
 */
export function WizardGegevens({
  restored,
  back,
  onNext,
  testId,
  children,
}: {
  restored: boolean;
  back?: { to: string; label: string };
  onNext: () => void;
  testId: string;
  children: ReactNode;
}) {
  return (
    <DatesLocale>
      <Stack gap="lg">
        {restored && <RestoredNotice />}
        {children}
        <WizardNextBar back={back} onNext={onNext} testId={testId} />
      </Stack>
    </DatesLocale>
  );
}
