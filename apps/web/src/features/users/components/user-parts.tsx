import { Badge } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from '../../../shared/lib/store';
import { sessionStore } from '../../../shared/session/session';
import { ErrorView } from '../../../shared/ui/StateViews';
import type { UserSummary } from '../api/users';

/** The user pages are for admins and key users (decision 0023); others see why (the server refuses anyway). */
export function UsersGate({ children }: { children: ReactNode }) {
  const allowed = useStore(sessionStore, (s) => s?.user.isAdmin === true || s?.user.isKeyUser === true);
  return allowed ? children : <ErrorView messageKey="error.geen_toegang" />;
}

/** A status word on a light badge, dark text (AA contrast), the whole word also in a narrow column. */
export function Tag({ color, children }: { color: string; children: ReactNode }) {
  return (
    <Badge
      color={color}
      c="dark.8"
      variant="light"
      size="sm"
      styles={{ root: { maxWidth: 'none', flexShrink: 0 }, label: { overflow: 'visible' } }}
    >
      {children}
    </Badge>
  );
}

export function StatusBadge({ u }: { u: UserSummary }) {
  const { t } = useTranslation();
  if (u.pending) return <Tag color="yellow">{t('Gebruikers.status.wacht')}</Tag>;
  if (u.disabled) return <Tag color="gray">{t('Gebruikers.status.geblokkeerd')}</Tag>;
  if (u.invited) return <Tag color="blue">{t('Gebruikers.status.uitgenodigd')}</Tag>;
  return <Tag color="green">{t('Gebruikers.status.actief')}</Tag>;
}
