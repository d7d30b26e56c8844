import { Button, Group, Stack, Text, Title } from '@mantine/core';
import type { RemovalList } from '@mp/contract/api/stock';
import { IconTruckReturn } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSelectedLocationAccess } from '../../../shared/api/get-plant-locations';
import { paths } from '../../../shared/lib/paths';
import { useStore } from '../../../shared/lib/store';
import { selectedLocationStore } from '../../../shared/session/location';
import { useFormat } from '../../../shared/ui/format';
import { LocationPrompt } from '../../../shared/ui/LocationPrompt';
import { type QueryLike, QueryState } from '../../../shared/ui/QueryState';
import { EmptyView } from '../../../shared/ui/StateViews';
import { useRemovalList } from '../api/get-removal-list';
import { removalBlock } from './RemovalListEditor';

// What the removal and relocation wizards share beyond shared/ui/Wizard: the removal list they send (or what
// stands in the way) and its lines in the summary.

/**
 * A step of the removal or relocation wizard: what stands in the way (no location, the list loading or failed, an
 * empty list, an amount missing, a read-only location), else the step once `start` is there too.
 */
export function RemovalListStep({
  start,
  children,
}: {
  start: QueryLike<true>;
  children: (list: RemovalList, locationNo: string) => ReactNode;
}) {
  const { t } = useTranslation();
  const location = useStore(selectedLocationStore);
  const query = useRemovalList();
  const { readOnlyKey } = useSelectedLocationAccess();
  if (!location) return <LocationPrompt />;
  // what keeps the list from being sent: a read-only location, an empty list, an amount missing
  const block = query.data ? (readOnlyKey ?? removalBlock(query.data.lines, {})) : null;
  return (
    <QueryState
      query={query}
      isEmpty={() => block !== null}
      empty={
        <EmptyView title={t(block ?? '')} icon={<IconTruckReturn size={28} aria-hidden />}>
          <Button component={Link} to={paths.afvoerlijst.to()} variant="light" mih={44}>
            {t('routes.Afvoerlijst')}
          </Button>
        </EmptyView>
      }
    >
      {(list) => <QueryState query={start}>{() => children(list, location.locationNo)}</QueryState>}
    </QueryState>
  );
}

/** The lines the request takes, as the summary lists them. */
export function SummaryLines({ list, titleKey }: { list: RemovalList; titleKey: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <>
      <Title order={3} size="h5" mt="md" mb="xs">
        {t(titleKey)}
      </Title>
      <Stack gap={4} data-testid="summary-lines">
        {list.lines.map((l) => (
          <Group key={l.lineId} justify="space-between" wrap="nowrap" gap="sm">
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {l.description || l.itemNo}
              <Text span size="xs" c="dimmed">
                {' '}
                {l.itemNo}
                {l.plantNo ? ` · ${l.plantNo}` : ''}
              </Text>
            </Text>
            <Text size="sm" fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
              {format.number(l.returnAmount)}
            </Text>
          </Group>
        ))}
      </Stack>
    </>
  );
}
