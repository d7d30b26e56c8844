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
import { LoadingBlock } from '../../../shared/ui/LoadingBlock';
import { LocationPrompt } from '../../../shared/ui/LocationPrompt';
import { type QueryLike, QueryState } from '../../../shared/ui/QueryState';
import { EmptyView, ErrorView } from '../../../shared/ui/StateViews';
import { useRemovalList } from '../api/get-removal-list';
import { removalBlock } from './RemovalListEditor';

// What the removal and relocation wizards share beyond shared/ui/Wizard: the removal list they send (or what
// stands in the way) and its lines in the summary.

/** The removal list the wizard sends, or what stands in the way (no location, loading, empty, an amount missing). */
function useWizardList(): { list?: RemovalList; locationNo?: string; gate?: ReactNode } {
  const { t } = useTranslation();
  const location = useStore(selectedLocationStore);
  const query = useRemovalList();
  const { readOnlyKey } = useSelectedLocationAccess();
  if (!location) return { gate: <LocationPrompt /> };
  if (query.isPending) return { gate: <LoadingBlock /> };
  if (query.isError) return { gate: <ErrorView error={query.error} onRetry={() => void query.refetch()} /> };
  const block = readOnlyKey ?? removalBlock(query.data.lines, {});
  if (block)
    return {
      gate: (
        <EmptyView title={t(block)} icon={<IconTruckReturn size={28} aria-hidden />}>
          <Button component={Link} to={paths.afvoerlijst.to()} variant="light" mih={44}>
            {t('routes.Afvoerlijst')}
          </Button>
        </EmptyView>
      ),
    };
  return { list: query.data, locationNo: location.locationNo };
}

/** A step of the removal or relocation wizard: what stands in the way, else the step once `start` is there too. */
export function RemovalListStep({
  start,
  children,
}: {
  start: QueryLike<true>;
  children: (list: RemovalList, locationNo: string) => ReactNode;
}) {
  const { list, locationNo, gate } = useWizardList();
  if (gate) return <>{gate}</>;
  if (!list || !locationNo) return null;
  return <QueryState query={start}>{() => children(list, locationNo)}</QueryState>;
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
