import { Alert, Button, EmptyState } from '@mantine/core';
import { IconAlertCircle, IconCloudOff, IconInbox, IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { GENERIC_ERROR_CODE, isApiError, NETWORK_ERROR_CODE } from '../api/errors';
import { translateCode } from '../i18n/i18n';
import { useOnline } from '../offline/online';

export function EmptyView({
  title,
  description,
  icon,
  children,
}: {
  title?: ReactNode;
  description?: ReactNode;
  icon?: ReactNode;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <EmptyState
      py="xl"
      title={title ?? t('shared.leeg')}
      description={description}
      icon={icon ?? <IconInbox size={28} aria-hidden />}
      color="gray"
    >
      {children}
    </EmptyState>
  );
}

/**
 * A failed load with the reason and a retry button: the page's own message (`messageKey`) and, when the
 * server named a specific reason, that reason in the user's language below it.
 */
/** Codes that say nothing beyond "it failed": not repeated under a page's own message. */
const GENERIC_CODES = new Set([GENERIC_ERROR_CODE, 'error.algemene_error']);

/**
 * What a page shows offline when it has nothing kept to show (decision 0031): not available without a connection,
 * never "empty" and never a spinner that does not end. It loads by itself when the network is back.
 */
export function NotAvailableOffline() {
  const { t } = useTranslation();
  return (
    <EmptyState
      py="xl"
      role="status"
      title={t('Offline.niet_beschikbaar_titel')}
      description={t('Offline.niet_beschikbaar')}
      icon={<IconCloudOff size={28} aria-hidden />}
      color="gray"
      data-testid="not-available-offline"
    />
  );
}

export function ErrorView({
  error,
  onRetry,
  messageKey,
}: {
  error?: unknown;
  onRetry?: () => void;
  messageKey?: string;
}) {
  const { t } = useTranslation();
  const online = useOnline();
  if (!online && isApiError(error) && error.code === NETWORK_ERROR_CODE) return <NotAvailableOffline />;
  const reason = isApiError(error) ? translateCode(error.code, error.message) : null;
  const specific = isApiError(error) && !GENERIC_CODES.has(error.code);
  const message = messageKey ? t(messageKey) : (reason ?? t('shared.fout_opnieuw'));
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert" my="md">
      {message}
      {messageKey && specific && reason && reason !== message && <div>{reason}</div>}
      {onRetry && (
        <div>
          <Button
            variant="subtle"
            color="red"
            leftSection={<IconRefresh size={16} aria-hidden />}
            onClick={onRetry}
            mt="xs"
            px={0}
          >
            {t('shared.opnieuw_proberen')}
          </Button>
        </div>
      )}
    </Alert>
  );
}
