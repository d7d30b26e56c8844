import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { isApiError } from '../../../shared/api/errors';
import { Msg } from '../../../shared/ui/Msg';

/** A form-level error (not tied to one field), read out at once by screen readers. */
export function FormAlert({
  error,
  messageKey,
  params,
}: {
  error?: unknown;
  messageKey?: string;
  params?: Record<string, unknown>;
}) {
  if (!error && !messageKey) return null;
  const key = messageKey ?? (isApiError(error) ? error.code : 'error.algemene_error');
  const fallback = isApiError(error) ? error.message : undefined;
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
      <Msg k={key} params={params} fallback={fallback} />
    </Alert>
  );
}
