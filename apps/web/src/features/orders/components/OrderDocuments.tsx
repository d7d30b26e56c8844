import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconFileText } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '../../../shared/api/download-file';
import { useFormat } from '../../../shared/ui/format';
import { snackbar } from '../../../shared/ui/snackbar/snackbar-store';
import type { OrderDetail } from '../api/orders';

/** An order's (or exit order's) documents, each downloaded with the user's token. */
export function OrderDocuments({ documents }: { documents: OrderDetail['documents'] }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="order-documents">
      <Title order={2} size="h4" mb="sm" id="order-documents">
        {t('Orders.documenten')}
      </Title>
      {documents.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('Orders.geen_documenten')}
        </Text>
      ) : (
        <Stack gap="xs" data-testid="order-documents">
          {documents.map((d) => (
            <Group key={d.id} justify="space-between" wrap="nowrap" gap="sm">
              <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                <IconFileText size={18} aria-hidden />
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {d.title}
                  {d.date ? ` · ${format.day(d.date)}` : ''}
                </Text>
              </Group>
              <Button
                variant="light"
                size="sm"
                mih={44}
                leftSection={<IconDownload size={16} aria-hidden />}
                onClick={() => downloadFile(d.url, d.title).catch((e) => snackbar.error(e))}
                aria-label={`${t('shared.downloaden')}: ${d.title}`}
              >
                {t('shared.downloaden')}
              </Button>
            </Group>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
