import { Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Why a control beside it is disabled (e.g. the read-only role on the selected location); nothing without a reason. */
export function ReadOnlyReason({ reasonKey }: { reasonKey: string | null | undefined }) {
  const { t } = useTranslation();
  if (!reasonKey) return null;
  return (
    <Text
      size="sm"
      c="dimmed"
      data-testid="read-only-reason"
      style={{ display: 'flex', gap: 6, alignItems: 'center' }}
    >
      <IconLock size={16} aria-hidden />
      {t(reasonKey)}
    </Text>
  );
}
