import { Anchor, Card, Group, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormat } from '../../../shared/ui/format';
import type { ComplaintSummary } from '../api/complaints';
import { ComplaintStatusBadge, typeLabel } from './complaint-parts';

function ComplaintCard({ c, to, showLocation }: { c: ComplaintSummary; to: string; showLocation: boolean }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <Card withBorder radius="md" padding="sm" data-testid="complaint-row" data-complaint-no={c.complaintNo}>
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Anchor component={Link} to={to} fw={700}>
            {c.complaintNo}
          </Anchor>
          <ComplaintStatusBadge status={c.status} />
        </Group>
        <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
          {c.subject}
        </Text>
        <Text size="sm">
          {typeLabel(t, c.type)}
          {showLocation ? ` · ${c.locationNo} – ${c.locationDescription}` : ''}
        </Text>
        <Text size="sm" c="dimmed">
          {t('Klachten.ingediend_op')}: {format.day(c.createdAt.slice(0, 10))}
          {c.expectedResolutionDate
            ? ` · ${t('Klachten.verwachte_oplossing')}: ${format.day(c.expectedResolutionDate)}`
            : ''}
        </Text>
      </Stack>
    </Card>
  );
}

function ComplaintTable({
  items,
  link,
  showLocation,
  extra,
}: {
  items: ComplaintSummary[];
  link: (id: string) => string;
  showLocation: boolean;
  extra?: { label: string; value: (c: ComplaintSummary) => ReactNode };
}) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <Table.ScrollContainer minWidth={820}>
      <Table striped verticalSpacing="sm" data-testid="complaint-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('Klachten.klachtnummer')}</Table.Th>
            <Table.Th>{t('Klachten.onderwerp')}</Table.Th>
            <Table.Th>{t('Klachten.type')}</Table.Th>
            {extra && <Table.Th>{extra.label}</Table.Th>}
            {showLocation && <Table.Th>{t('Klachten.locatie')}</Table.Th>}
            <Table.Th>{t('shared.status')}</Table.Th>
            <Table.Th>{t('Klachten.ingediend_op')}</Table.Th>
            <Table.Th>{t('Klachten.verwachte_oplossing')}</Table.Th>
            <Table.Th>{t('Klachten.laatste_bericht')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((c) => (
            <Table.Tr key={c.id} data-testid="complaint-row" data-complaint-no={c.complaintNo}>
              <Table.Td>
                <Anchor component={Link} to={link(c.id)} fw={600}>
                  {c.complaintNo}
                </Anchor>
              </Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{c.subject}</Table.Td>
              <Table.Td>{typeLabel(t, c.type)}</Table.Td>
              {extra && <Table.Td>{extra.value(c)}</Table.Td>}
              {showLocation && (
                <Table.Td>
                  {c.locationNo}
                  <Text size="xs" c="dimmed">
                    {c.locationDescription}
                  </Text>
                </Table.Td>
              )}
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <ComplaintStatusBadge status={c.status} />
              </Table.Td>
              <Table.Td>{format.day(c.createdAt.slice(0, 10))}</Table.Td>
              <Table.Td>{c.expectedResolutionDate ? format.day(c.expectedResolutionDate) : ''}</Table.Td>
              <Table.Td>
                {format.dateTime(c.lastMessageAt)}
                {c.lastAuthor && (
                  <Text size="xs" c="dimmed">
                    {c.lastAuthor === 'department' ? t('Klachten.materieeldienst') : (c.userName ?? '')}
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The rows of a list, as a table on wide screens and as cards on a phone. */
export function ComplaintRows({
  items,
  link,
  showLocation,
  extra,
}: {
  items: ComplaintSummary[];
  link: (id: string) => string;
  showLocation: boolean;
  extra?: { label: string; value: (c: ComplaintSummary) => ReactNode };
}) {
  const narrow = useMediaQuery('(max-width: 48em)') ?? false;
  return narrow ? (
    <Stack gap="sm">
      {items.map((c) => (
        <ComplaintCard key={c.id} c={c} to={link(c.id)} showLocation={showLocation} />
      ))}
    </Stack>
  ) : (
    <ComplaintTable items={items} link={link} showLocation={showLocation} extra={extra} />
  );
}
