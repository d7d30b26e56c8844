import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { DocumentServiceTestAnswer } from '@mp/contract/api/documents';
import { IconCheck, IconFileSearch, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { snackbar } from '../../../shared/ui/snackbar/snackbar-store';
import { useTestDocumentService } from '../api/document-service';

// Koppelingen (issue #33 point 4, decision 0028): the document service — which one the settings name (after a
// test) and "test connection" step by step (configuration, repository, the folder of the project locations).

export function DocumentServiceConnection() {
  const { t } = useTranslation();
  const test = useTestDocumentService();
  const [answer, setAnswer] = useState<DocumentServiceTestAnswer | null>(null);
  const run = () =>
    test.mutate(undefined, {
      onSuccess: setAnswer,
      onError: (e) => snackbar.error(e, 'Koppelingen.test_fout'),
    });
  return (
    <Card withBorder radius="md" p="md" data-testid="document-service">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <div>
          <Title order={2} size="h4">
            {t('Koppelingen.documentdienst.titel')}
          </Title>
          <Text size="sm" c="dimmed" data-testid="document-service-kind">
            {answer
              ? t(`Koppelingen.documentdienst.${answer.service}`)
              : t('Koppelingen.documentdienst.uitleg')}
          </Text>
        </div>
        <Button
          leftSection={<IconFileSearch size={18} aria-hidden />}
          onClick={run}
          loading={test.isPending}
          mih={44}
          data-testid="document-service-test"
        >
          {t('Koppelingen.test_verbinding')}
        </Button>
      </Group>
      {answer && (
        <Stack gap={4} mt="sm" data-testid="document-service-steps">
          {answer.steps.map((s) => (
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
