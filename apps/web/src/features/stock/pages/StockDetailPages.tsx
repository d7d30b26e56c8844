import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import type { HistoryEntry } from '@mp/contract/api/stock';
import { IconDownload, IconHistory } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { downloadFile, exportDownload } from '../../../shared/api/download-file';
import { useSelectedLocationAccess } from '../../../shared/api/get-plant-locations';
import { useSettings } from '../../../shared/api/get-settings';
import { useAddToRemovalList } from '../../../shared/api/use-add-to-removal-list';
import { paths } from '../../../shared/lib/paths';
import { useStore } from '../../../shared/lib/store';
import { selectedLocationStore } from '../../../shared/session/location';
import { AreaPage } from '../../../shared/ui/AreaPage';
import { ExportMenu } from '../../../shared/ui/ExportMenu';
import { useFormat } from '../../../shared/ui/format';
import { ImagePreview } from '../../../shared/ui/ImagePreview';
import { LoadingBlock } from '../../../shared/ui/LoadingBlock';
import { ReadOnlyReason } from '../../../shared/ui/ReadOnlyReason';
import { EmptyView, ErrorView } from '../../../shared/ui/StateViews';
import { snackbar } from '../../../shared/ui/snackbar/snackbar-store';
import { useHistory } from '../api/get-history';
import { usePlant } from '../api/get-plant';
import { ExternalBadge, InspectionBadge, ledgerKindKey, orderPath } from '../components/stock-labels';

const num = { textAlign: 'right' as const, fontVariantNumeric: 'tabular-nums' as const };

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <div style={{ overflowWrap: 'anywhere' }}>{children || '–'}</div>
    </div>
  );
}

/** The rows of a stock history: date, kind, quantity ±, running balance, order (and location when asked). */
function HistoryTable({ entries, withLocation }: { entries: HistoryEntry[]; withLocation: boolean }) {
  const { t } = useTranslation();
  const format = useFormat();
  // Ledger rows have no id of their own and never reorder: date and position name them.
  const rows = entries.map((e, n) => ({ ...e, rowKey: `${e.date}-${n}` }));
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table striped verticalSpacing="xs" data-testid="history-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('Materieelvoorraad.verloop.datum')}</Table.Th>
            <Table.Th>{t('shared.type')}</Table.Th>
            {withLocation && <Table.Th>{t('Locatie.titel')}</Table.Th>}
            <Table.Th style={num}>{t('Materieelvoorraad.verloop.mutatie')}</Table.Th>
            <Table.Th style={num}>{t('Materieelvoorraad.verloop.saldo')}</Table.Th>
            <Table.Th>{t('Materieelvoorraad.verloop.ordernummer')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((e) => {
            const to = orderPath(e.orderKind, e.orderId);
            if (e.kind === 'empty') {
              return (
                <Table.Tr key={e.rowKey} data-testid="history-empty" c="dimmed">
                  <Table.Td>{format.day(e.date)}</Table.Td>
                  <Table.Td colSpan={withLocation ? 5 : 4}>
                    <Text size="sm" fs="italic">
                      {e.until
                        ? t('Materieelvoorraad.verloop.leeg_tot', { date: format.day(e.until) })
                        : t('Materieelvoorraad.verloop.leeg_sinds', { date: format.day(e.date) })}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              );
            }
            return (
              <Table.Tr key={e.rowKey} data-testid="history-row">
                <Table.Td>{format.day(e.date)}</Table.Td>
                <Table.Td>{t(ledgerKindKey[e.kind])}</Table.Td>
                {withLocation && <Table.Td>{e.locationNo ?? ''}</Table.Td>}
                <Table.Td
                  style={{ ...num, color: e.quantity < 0 ? 'var(--mantine-color-red-9)' : undefined }}
                >
                  {e.quantity > 0 ? '+' : '−'}
                  {format.number(Math.abs(e.quantity))}
                </Table.Td>
                <Table.Td style={num}>{format.number(e.balance)}</Table.Td>
                <Table.Td>
                  {to && e.orderNo ? (
                    <Anchor component={Link} to={to}>
                      {e.orderNo}
                    </Anchor>
                  ) : (
                    (e.orderNo ?? '')
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** MaterieelvoorraadDetails: one numbered plant — item card, serial, build year, place, inspections, history. */
export function MaterieelvoorraadDetailsPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const { id = '', number = '' } = useParams();
  const location = useStore(selectedLocationStore);
  const access = useSelectedLocationAccess();
  const query = usePlant(location?.locationNo ?? null, id, number);
  const add = useAddToRemovalList();
  const [downloading, setDownloading] = useState<string | null>(null);

  let body: ReactNode = null;
  if (!location) body = null;
  else if (query.isPending) body = <LoadingBlock />;
  else if (query.isError)
    body = (
      <ErrorView
        messageKey="Materieelvoorraad.ophalen_error"
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  else {
    const d = query.data;
    body = (
      <Stack gap="lg">
        <Card withBorder radius="md" padding="md" data-testid="plant-card">
          <Group align="flex-start" wrap="wrap" gap="lg">
            <ImagePreview src={d.imageUrl} alt={d.description} width={150} height={110} />
            <Stack gap="xs" style={{ flex: '1 1 260px' }}>
              <Title order={2} size="h3">
                {d.description}
              </Title>
              <Group gap="xs">
                <Anchor component={Link} to={paths.details.to(d.itemNo)}>
                  {d.itemNo}
                </Anchor>
                <Badge variant="light" styles={{ label: { textTransform: 'none' } }}>
                  {t(`Materieelvoorraad.stuk.status.${d.status}`)}
                </Badge>
                {d.external && <ExternalBadge />}
              </Group>
              <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md">
                <Field label={t('shared.materieelnummer')}>{d.plantNo}</Field>
                <Field label={t('Materieelvoorraad.stuk.serienummer')}>{d.serialNo}</Field>
                <Field label={t('Materieelvoorraad.stuk.bouwjaar')}>{d.buildYear}</Field>
                <Field label={t('Materieelvoorraad.stuk.locatie')}>
                  {d.locationNo ?? t('Materieelvoorraad.stuk.elders')}
                </Field>
                <Field label={t('Materieelvoorraad.sinds')}>
                  {d.onSiteSince ? format.day(d.onSiteSince) : ''}
                </Field>
                <Field label={t('Materieelvoorraad.dagen_op_locatie')}>
                  {d.daysOnSite !== null ? format.number(d.daysOnSite) : ''}
                </Field>
                <Field label={t('Materieelvoorraad.keuringsdatum')}>
                  <InspectionBadge due={d.nextInspection} level={d.inspectionLevel} />
                </Field>
                {d.showPrice && (
                  <Field label={t('Materieelvoorraad.huur_dag')}>{format.money(d.dayPrice)}</Field>
                )}
                {d.showPrice && (
                  <Field label={t('Materieelvoorraad.huur_week')}>{format.money(d.weekPrice)}</Field>
                )}
              </SimpleGrid>
              <Group gap="sm" mt="xs">
                {d.onMyRemovalList > 0 && (
                  <Badge color="grape" variant="light" styles={{ label: { textTransform: 'none' } }}>
                    {t('Materieelvoorraad.op_afvoerlijst', { count: d.onMyRemovalList })}
                  </Badge>
                )}
                {d.canRemove && access.canWrite && d.onMyRemovalList === 0 && d.availableForRemoval > 0 && (
                  <Button
                    mih={44}
                    loading={add.isPending}
                    onClick={() =>
                      add.mutate(
                        {
                          locationNo: location.locationNo,
                          input: { lines: [{ itemNo: d.itemNo, plantNo: d.plantNo, amount: 1 }] },
                        },
                        {
                          onSuccess: (list) => {
                            // null: no reception, kept on the phone until there is (decision 0031)
                            if (list) snackbar.success('Afvoerlijst.toegevoegd');
                            else snackbar.info('OfflineWachtrij.bewaard');
                            void query.refetch();
                          },
                          onError: (e) => snackbar.error(e),
                        },
                      )
                    }
                  >
                    {t('Materieelvoorraad.toevoegen_afvoerlijst')}
                  </Button>
                )}
                <Button
                  component={Link}
                  to={paths.voorraadverloop.to(d.itemNo, d.plantNo)}
                  variant="light"
                  mih={44}
                  leftSection={<IconHistory size={18} aria-hidden />}
                >
                  {t('Materieelvoorraad.voorraadverloop')}
                </Button>
              </Group>
              <ReadOnlyReason reasonKey={access.readOnlyKey} />
            </Stack>
          </Group>
        </Card>

        <Paper withBorder radius="md" p="md">
          <Title order={2} size="h4" mb="sm">
            {t('Materieelvoorraad.stuk.keuringen')}
          </Title>
          {d.inspections.length === 0 ? (
            <Text c="dimmed">{t('Materieelvoorraad.stuk.geen_keuringen')}</Text>
          ) : (
            <Table.ScrollContainer minWidth={560}>
              <Table striped verticalSpacing="xs" data-testid="inspection-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('Materieelvoorraad.stuk.gekeurd_op')}</Table.Th>
                    <Table.Th>{t('Materieelvoorraad.stuk.resultaat')}</Table.Th>
                    <Table.Th>{t('Materieelvoorraad.stuk.keurder')}</Table.Th>
                    <Table.Th>{t('Materieelvoorraad.stuk.volgende_keuring')}</Table.Th>
                    <Table.Th>{t('Materieelvoorraad.stuk.certificaat')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {d.inspections.map((i) => (
                    <Table.Tr key={`${i.inspectedOn}-${i.nextDueDate}`}>
                      <Table.Td>{format.day(i.inspectedOn)}</Table.Td>
                      <Table.Td>
                        {t(`Materieelvoorraad.stuk.resultaten.${i.result}`)}
                        {i.remarks && (
                          <Text size="xs" c="dimmed">
                            {i.remarks}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>{i.inspector ?? ''}</Table.Td>
                      <Table.Td>{format.day(i.nextDueDate)}</Table.Td>
                      <Table.Td>
                        {i.certificateDocumentId && (
                          <Button
                            variant="subtle"
                            size="compact-sm"
                            leftSection={<IconDownload size={16} aria-hidden />}
                            loading={downloading === i.certificateDocumentId}
                            onClick={async () => {
                              const docId = i.certificateDocumentId as string;
                              setDownloading(docId);
                              try {
                                await downloadFile(
                                  `/Documents/${encodeURIComponent(docId)}/content`,
                                  `${docId}.pdf`,
                                );
                              } catch (e) {
                                snackbar.error(e);
                              } finally {
                                setDownloading(null);
                              }
                            }}
                          >
                            {t('shared.downloaden')}
                          </Button>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Paper>

        <Paper withBorder radius="md" p="md">
          <Title order={2} size="h4" mb="sm">
            {t('Materieelvoorraad.stuk.geschiedenis')}
          </Title>
          {d.history.length === 0 ? <EmptyView /> : <HistoryTable entries={d.history} withLocation />}
        </Paper>
      </Stack>
    );
  }
  return (
    <AreaPage
      needsLocation
      locationMessageKey="Materieelvoorraad.kies_locatie"
      title={`${t('shared.materieelnummer')} ${number}`}
    >
      {body}
    </AreaPage>
  );
}

/** Voorraadverloop: the ledger of an item (nummer '-') or one plant on the selected location. */
export function VoorraadverloopPage() {
  const { t } = useTranslation();
  const { soort = '', nummer = '' } = useParams();
  const plantNo = nummer && nummer !== '-' ? nummer : null;
  const location = useStore(selectedLocationStore);
  const query = useHistory(location?.locationNo ?? null, soort, plantNo);
  const settings = useSettings();
  let body: ReactNode = null;
  if (!location) body = null;
  else if (query.isPending) body = <LoadingBlock />;
  else if (query.isError)
    body = (
      <ErrorView
        messageKey="Materieelvoorraad.verloop.ophalen_error"
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  else {
    const h = query.data;
    body = (
      <Stack gap="md">
        <Paper withBorder radius="md" p="sm">
          <Group justify="space-between" wrap="wrap">
            <div>
              <Text fw={700}>
                {h.itemNo}
                {h.plantNo ? ` · ${h.plantNo}` : ''}
              </Text>
              <Text size="sm">{h.description}</Text>
            </div>
            <Group gap="sm">
              <Text fw={600} role="status">
                {t('Materieelvoorraad.verloop.huidig', { count: h.current })}
              </Text>
              {settings.loaded &&
                settings.bool('Materieelvoorraad_ShowExportVoorraadVerloop') &&
                location && (
                  <ExportMenu
                    onExport={exportDownload(
                      `/PlantInventoryItems/${encodeURIComponent(soort)}/history/export`,
                      { plantLocation: location.locationNo, plantNo },
                    )}
                    testId="history-export"
                  />
                )}
            </Group>
          </Group>
        </Paper>
        {h.entries.length === 0 ? <EmptyView /> : <HistoryTable entries={h.entries} withLocation={false} />}
      </Stack>
    );
  }
  return (
    <AreaPage
      needsLocation
      locationMessageKey="Materieelvoorraad.kies_locatie"
      title={`${t('Materieelvoorraad.voorraadverloop')} ${soort}${plantNo ? ` · ${plantNo}` : ''}`}
    >
      {body}
    </AreaPage>
  );
}
