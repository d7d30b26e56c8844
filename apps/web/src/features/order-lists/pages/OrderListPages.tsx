import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import { IconClipboardList } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useStore } from '../../../shared/lib/store';
import { selectedLocationStore } from '../../../shared/session/location';
import { AreaPage, type WizardStep, WizardSteps } from '../../../shared/ui/AreaPage';
import { LoadingBlock } from '../../../shared/ui/LoadingBlock';
import { EmptyView, ErrorView } from '../../../shared/ui/StateViews';
import { defaultListOf, useOrderLists } from '../api/get-order-lists';

function OrderLists({ all }: { all: boolean }) {
  const { t } = useTranslation();
  const location = useStore(selectedLocationStore);
  const query = useOrderLists();
  if (!location) return null;
  if (query.isPending) return <LoadingBlock />;
  if (query.isError) return <ErrorView error={query.error} onRetry={() => void query.refetch()} />;
  const first = defaultListOf(query.data);
  const lists = all ? query.data.orderLists : first ? [first] : [];
  if (lists.length === 0 || (!all && lists[0].lineCount === 0)) {
    return <EmptyView title={t('Bestellijst.leeg')} icon={<IconClipboardList size={28} aria-hidden />} />;
  }
  return (
    <Stack gap="sm">
      {lists.map((l) => (
        <Card key={l.id} withBorder radius="md" padding="md">
          <Group justify="space-between">
            <Text fw={600}>{l.name || t('Bestellijst.titel')}</Text>
            <Badge variant="light">
              {t('shared.aantal')}: {l.lineCount}
            </Badge>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}

export function BestellijstPage() {
  return (
    <AreaPage needsLocation>
      <OrderLists all={false} />
    </AreaPage>
  );
}

export function BestellijstenPage() {
  return (
    <AreaPage needsLocation>
      <OrderLists all />
    </AreaPage>
  );
}

function BestellenStep({ step }: { step: WizardStep }) {
  return (
    <AreaPage needsLocation>
      <WizardSteps step={step} />
      {step !== 'voltooid' && <OrderLists all={false} />}
    </AreaPage>
  );
}

export const BestellenGegevensPage = () => <BestellenStep step="gegevens" />;
export const BestellenAfrondenPage = () => <BestellenStep step="afronden" />;
export const BestellenVoltooidPage = () => <BestellenStep step="voltooid" />;
