import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { snackbar } from './snackbar/snackbar-store';

export interface ConfirmDialogProps {
  opened: boolean;
  title: ReactNode;
  message?: ReactNode;
  confirmLabel?: ReactNode;
  danger?: boolean;
  /** What confirming does; a failure (thrown or rejected) is shown as the error's snackbar. */
  action: () => unknown;
  /** The snackbar once the action succeeded; without it the action says what happened itself, if anything. */
  successKey?: string;
  /** The confirm button's test id. */
  testId?: string;
  onClose: () => void;
}

/** ConfirmDialog's modal (Mantine's Modal, its focus trap and scroll lock), loaded after the page's first paint. */
export function ConfirmModal({
  opened,
  title,
  message,
  confirmLabel,
  danger = true,
  action,
  successKey,
  testId = 'confirm-button',
  onClose,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  const [pending, setPending] = useState(false);

  async function confirm() {
    setPending(true);
    try {
      await action();
      if (successKey) snackbar.success(successKey);
    } catch (e) {
      snackbar.error(e);
    } finally {
      setPending(false);
      onClose();
    }
  }

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
          {/* "Terug", not "Annuleren": the confirm button may itself read "cancel the request". */}
          <Button variant="default" onClick={onClose} mih={44}>
            {t('shared.terug')}
          </Button>
          <Button
            // red.9: white text on it passes WCAG AA (the lighter reds do not)
            color={danger ? 'red.9' : undefined}
            onClick={() => void confirm()}
            loading={pending}
            mih={44}
            data-testid={testId}
          >
            {confirmLabel ?? t('shared.bevestigen')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
