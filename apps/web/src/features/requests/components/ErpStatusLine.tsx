import { Group, Paper, Text } from '@mantine/core';
import type { ErpStatus } from '@mp/contract/api/requests';
import { IconAlertTriangle, IconCircleCheck, IconClockHour4 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * Where the request stands with the equipment department's system (the ERP, decision 0027): on its way, received,
 * or — dead-lettered — not received, with whom to call. Nothing without an ERP.
 */
export function ErpStatusLine({ status, requestNo }: { status: ErpStatus; requestNo: string }) {
  const { t } = useTranslation();
  if (status === 'not_connected') return null;
  if (status === 'failed')
    return (
      <Paper bg="red.0" p="sm" radius="sm" mb="md" data-testid="erp-status" data-erp-status={status}>
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <IconAlertTriangle size={18} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
          <div>
            <Text size="sm" fw={600}>
              {t('Aanvragen.erp_status.failed')}
            </Text>
            <Text size="sm">{t('Aanvragen.erp_status.failed_hint', { requestNo })}</Text>
          </div>
        </Group>
      </Paper>
    );
  const Icon = status === 'sent' ? IconCircleCheck : IconClockHour4;
  return (
    <Group gap={6} wrap="nowrap" align="flex-start" mb="md" data-testid="erp-status" data-erp-status={status}>
      {/* the colour on the icon only: the text keeps the page's own colour, readable on any corporate theme */}
      <Icon
        size={16}
        aria-hidden
        color={status === 'sent' ? 'var(--mantine-color-green-8)' : 'var(--mantine-color-gray-7)'}
        style={{ flexShrink: 0, marginTop: 2 }}
      />
      <Text size="sm">{t(`Aanvragen.erp_status.${status}`)}</Text>
    </Group>
  );
}
