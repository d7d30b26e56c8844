import { Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPager } from './ListPager';

/**
 * A page of a list: how many there are in all (announced), the rows, the page numbers. `busy` while the next page
 * loads over the previous one; `aside` beside the count (e.g. the sums of the list).
 */
export function ResultList({
  total,
  page,
  pageSize,
  onPage,
  busy = false,
  aside,
  children,
}: {
  total: number;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  busy?: boolean;
  aside?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const count = (
    <Text size="sm" c="dimmed" role="status">
      {t('shared.aantal_resultaten', { count: total })}
    </Text>
  );
  return (
    <Stack gap="md" aria-busy={busy || undefined}>
      {aside ? (
        <Group justify="space-between" wrap="wrap" gap="xs">
          {count}
          {aside}
        </Group>
      ) : (
        count
      )}
      {children}
      <ListPager pageSize={pageSize} page={page} total={total} onChange={onPage} />
    </Stack>
  );
}
