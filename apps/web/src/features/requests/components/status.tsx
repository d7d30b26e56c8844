import { Badge } from '@mantine/core';
import { requestKindKey, requestStatusKey } from '@mp/contract/rules/labels';
import type { RequestStatus } from '@mp/contract/rules/request-status';
import { useTranslation } from 'react-i18next';

/** Translation keys of spec's Aanvragen.status.* and Aanvragen.soorten.* for the contract's values. */
export const statusKey = requestStatusKey;
export const kindKey = requestKindKey;

export const statusColor: Record<RequestStatus, string> = {
  submitted: 'blue',
  in_progress: 'yellow',
  planned: 'violet',
  done: 'green',
  cancelled: 'gray',
  rejected: 'red',
};

/** The status as a coloured badge with its name (the colour is never the only clue). */
export function StatusBadge({ status, size = 'md' }: { status: RequestStatus; size?: 'sm' | 'md' | 'lg' }) {
  const { t } = useTranslation();
  return (
    <Badge
      color={statusColor[status]}
      c="dark.8"
      variant="light"
      size={size}
      leftSection={
        <span
          aria-hidden
          style={{
            display: 'inline-block',
            width: 8,
            height: 8,
            borderRadius: 4,
            background: `var(--mantine-color-${statusColor[status]}-7)`,
          }}
        />
      }
      style={{ flexShrink: 0 }}
      data-status={status}
    >
      {t(statusKey[status])}
    </Badge>
  );
}
