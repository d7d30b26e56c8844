import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Every destructive action asks first (ARCHITECTURE §6): a small modal with cancel and confirm. */
export function ConfirmDialog({
  opened,
  title,
  message,
  confirmLabel,
  danger = true,
  loading = false,
  onConfirm,
  onClose,
}: {
  opened: boolean;
  title: ReactNode;
  message?: ReactNode;
  confirmLabel?: ReactNode;
  danger?: boolean;
  loading?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      centered
      closeButtonProps={{ 'aria-label': t('shared.sluiten') }}
    >
      <Stack gap="md">
        {message && <Text>{message}</Text>}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} mih={44}>
            {t('shared.annuleren')}
          </Button>
          <Button
            color={danger ? 'red' : undefined}
            onClick={onConfirm}
            loading={loading}
            mih={44}
            data-testid="confirm-button"
          >
            {confirmLabel ?? t('shared.bevestigen')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
