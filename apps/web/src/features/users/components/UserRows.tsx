import { Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../shared/ui/format';
import type { UserSummary } from '../api/users';
import { StatusBadge } from './user-parts';

/** A page of users: cards on a phone, a table otherwise, each with its actions. */
export function UserRows({
  items,
  actions,
}: {
  items: UserSummary[];
  actions: (u: UserSummary) => ReactNode;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const narrow = useMediaQuery('(max-width: 48em)') ?? false;
  return narrow ? (
    <Stack gap="sm" data-testid="users-list">
      {items.map((u) => (
        <Paper key={u.id} withBorder radius="md" p="sm" data-testid="user-row">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <div style={{ minWidth: 0 }}>
              <Text fw={600} truncate>
                {u.name}
              </Text>
              <Text size="sm" truncate>
                {u.email}
              </Text>
              <Text size="sm" c="dimmed">
                {u.customerName ?? t('Gebruikers.geen_klant')}
              </Text>
            </div>
            <StatusBadge u={u} />
          </Group>
          <Group mt="xs" justify="flex-end">
            {actions(u)}
          </Group>
        </Paper>
      ))}
    </Stack>
  ) : (
    <Table.ScrollContainer minWidth={900}>
      <Table striped highlightOnHover data-testid="users-list">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('Gebruikers.naam')}</Table.Th>
            <Table.Th>{t('Gebruikers.email')}</Table.Th>
            <Table.Th>{t('Gebruikers.klant')}</Table.Th>
            <Table.Th>{t('Gebruikers.soort')}</Table.Th>
            <Table.Th>{t('Gebruikers.laatste_login')}</Table.Th>
            <Table.Th>{t('shared.status')}</Table.Th>
            <Table.Th>
              <span style={{ position: 'absolute', left: -9999 }}>{t('shared.acties')}</span>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((u) => (
            <Table.Tr key={u.id} data-testid="user-row">
              <Table.Td>
                <Text size="sm" fw={600}>
                  {u.name}
                </Text>
                {(u.isAdmin || u.isKeyUser) && (
                  <Text size="xs" c="dimmed">
                    {t(u.isAdmin ? 'Gebruikers.beheerder' : 'Gebruikers.sleutelgebruiker')}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{u.email}</Table.Td>
              <Table.Td>{u.customerName ?? t('Gebruikers.geen_klant')}</Table.Td>
              <Table.Td>{t(u.kind === 'internal' ? 'Gebruikers.intern' : 'Gebruikers.extern')}</Table.Td>
              <Table.Td>{u.lastLoginAt ? format.dateTime(u.lastLoginAt) : t('Gebruikers.nooit')}</Table.Td>
              <Table.Td>
                <StatusBadge u={u} />
              </Table.Td>
              <Table.Td>{actions(u)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
