import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

// Koppelingen (decisions 0027, 0028): one connection — its name, what it is, and "test connection" with each step the
// portal took and how it went. The ERP's card and the document service's card are both this.

export interface ConnectionTestStep {
  step: string;
  ok: boolean;
  message: string;
}

export function ConnectionTestCard({
  title,
  subtitle,
  icon,
  onTest,
  testing,
  steps,
  testIds,
}: {
  title: string;
  subtitle: string;
  icon: ReactNode;
  onTest: () => void;
  testing: boolean;
  /** The last test's steps; null before the first test. */
  steps: ConnectionTestStep[] | null;
  testIds: { card: string; subtitle?: string; button: string; steps: string };
}) {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="md" p="md" data-testid={testIds.card}>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <div>
          <Title order={2} size="h4">
            {title}
          </Title>
          <Text size="sm" c="dimmed" data-testid={testIds.subtitle}>
            {subtitle}
          </Text>
        </div>
        <Button leftSection={icon} onClick={onTest} loading={testing} mih={44} data-testid={testIds.button}>
          {t('Koppelingen.test_verbinding')}
        </Button>
      </Group>
      {steps && (
        <Stack gap={4} mt="sm" data-testid={testIds.steps}>
          {steps.map((s) => (
            <Group key={s.step} gap="xs" wrap="nowrap" align="flex-start">
              {s.ok ? (
                <IconCheck
                  size={18}
                  color="var(--mantine-color-green-7)"
                  aria-label={t('Koppelingen.gelukt')}
                  style={{ flex: 'none' }}
                />
              ) : (
                <IconX
                  size={18}
                  color="var(--mantine-color-red-7)"
                  aria-label={t('Koppelingen.mislukt')}
                  style={{ flex: 'none' }}
                />
              )}
              <Text size="sm">{s.message}</Text>
            </Group>
          ))}
        </Stack>
      )}
    </Card>
  );
}
