import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import { IconTruckReturn } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useStore } from '../../../shared/lib/store';
import { selectedLocationStore } from '../../../shared/session/location';
import { AreaPage, type WizardStep, WizardSteps } from '../../../shared/ui/AreaPage';
import { LoadingBlock } from '../../../shared/ui/LoadingBlock';
import { EmptyView, ErrorView } from '../../../shared/ui/StateViews';
import { useRemovalList } from '../api/get-removal-list';

function RemovalLines() {
  const { t } = useTranslation();
  const location = useStore(selectedLocationStore);
  const query = useRemovalList();
  if (!location) return null;
  if (query.isPending) return <LoadingBlock />;
  if (query.isError) return <ErrorView error={query.error} onRetry={() => void query.refetch()} />;
  if (query.data.length === 0)
    return <EmptyView title={t('Afvoerlijst.leeg')} icon={<IconTruckReturn size={28} aria-hidden />} />;
  return (
    <Stack gap="xs">
      {query.data.map((l) => (
        <Card key={`${l.materieelSoort}-${l.materieelNummer}`} withBorder radius="md" padding="sm">
          <Group justify="space-between" wrap="nowrap">
            <div>
              <Text fw={600}>{l.materieelSoort}</Text>
              {l.materieelNummer && (
                <Text size="sm" c="dimmed">
                  {t('shared.materieelnummer')}: {l.materieelNummer}
                </Text>
              )}
            </div>
            <Badge variant="light">
              {t('Afvoerlijst.retourAantal')}: {l.retourAantal ?? '–'}
            </Badge>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}

export function AfvoerlijstPage() {
  return (
    <AreaPage needsLocation>
      <RemovalLines />
    </AreaPage>
  );
}

function AfvoerenStep({ step }: { step: WizardStep }) {
  return (
    <AreaPage needsLocation>
      <WizardSteps step={step} />
      {step !== 'voltooid' && <RemovalLines />}
    </AreaPage>
  );
}

export const AfvoerenGegevensPage = () => <AfvoerenStep step="gegevens" />;
export const AfvoerenAfrondenPage = () => <AfvoerenStep step="afronden" />;
export const AfvoerenVoltooidPage = () => <AfvoerenStep step="voltooid" />;
