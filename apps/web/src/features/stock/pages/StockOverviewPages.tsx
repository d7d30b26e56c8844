import {
  Anchor,
  Button,
  Card,
  Group,
  Paper,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import type { LocationStock, StockLine } from '@mp/contract/api/stock';
import { locationLabel } from '@mp/contract/rules/location-filter';
import { IconBuildingWarehouse, IconDownload, IconSearch } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { downloadFile } from '../../../shared/api/download-file';
import { usePlantLocations } from '../../../shared/api/get-plant-locations';
import { paths } from '../../../shared/lib/paths';
import { useStore } from '../../../shared/lib/store';
import { selectedLocationStore, selectLocation } from '../../../shared/session/location';
import { AreaPage } from '../../../shared/ui/AreaPage';
import { useFormat } from '../../../shared/ui/format';
import { LoadingBlock } from '../../../shared/ui/LoadingBlock';
import { EmptyView, ErrorView } from '../../../shared/ui/StateViews';
import { snackbar } from '../../../shared/ui/snackbar/snackbar-store';
import { useAllStock } from '../api/get-all-stock';
import { useInspections } from '../api/get-inspections';
import { InspectionBadge } from '../components/stock-labels';

const num = { textAlign: 'right' as const, fontVariantNumeric: 'tabular-nums' as const };

/** Makes a location the selected one (the piece and history pages work on the selected location). */
function useOpenOn() {
  const locations = usePlantLocations();
  return (locationNo: string) => {
    const l = locations.data?.find((x) => x.locationNo === locationNo);
    if (l)
      selectLocation({
        locationNo: l.locationNo,
        label: locationLabel(l),
      });
  };
}

function LocationGroup({ group, query }: { group: LocationStock; query: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const narrow = useMediaQuery('(max-width: 48em)') ?? false;
  const openOn = useOpenOn();
  const link = (l: StockLine) =>
    l.plantNo
      ? paths.materieelvoorraadDetails.to(l.itemNo, l.plantNo)
      : paths.voorraadverloop.to(l.itemNo, '-');
  return (
    <Paper withBorder radius="md" p="md" data-testid="location-group" data-location={group.locationNo}>
      <Group justify="space-between" mb="sm" wrap="wrap" gap="xs">
        <Title order={2} size="h4">
          {group.locationNo} · {group.description}
        </Title>
        <Text size="sm" c="dimmed">
          {t('shared.aantal_resultaten', { count: group.totalLines })} ·{' '}
          {t('Materieelvoorraad.totaal_aantal', { count: group.totalQuantity })}
        </Text>
      </Group>
      {narrow ? (
        <Stack gap={6}>
          {group.items.map((l) => (
            <Card key={l.key} withBorder padding="xs" radius="sm">
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <div style={{ minWidth: 0 }}>
                  <Anchor component={Link} to={link(l)} onClick={() => openOn(group.locationNo)} fw={600}>
                    {l.plantNo ?? l.itemNo}
                  </Anchor>
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {l.description}
                  </Text>
                </div>
                <Text fw={700} style={{ whiteSpace: 'nowrap' }}>
                  {format.number(l.quantity)} ×
                </Text>
              </Group>
            </Card>
          ))}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('shared.artikelnummer')}</Table.Th>
                <Table.Th>{t('shared.omschrijving')}</Table.Th>
                <Table.Th>{t('shared.materieelnummer')}</Table.Th>
                <Table.Th style={num}>{t('shared.aantal')}</Table.Th>
                <Table.Th>{t('Materieelvoorraad.sinds')}</Table.Th>
                <Table.Th>{t('Materieelvoorraad.keuringsdatum')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {group.items.map((l) => (
                <Table.Tr key={l.key} data-testid="all-stock-row">
                  <Table.Td>
                    <Anchor
                      component={Link}
                      to={paths.voorraadverloop.to(l.itemNo, l.plantNo ?? '-')}
                      onClick={() => openOn(group.locationNo)}
                    >
                      {l.itemNo}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{l.description}</Table.Td>
                  <Table.Td>
                    {l.plantNo && (
                      <Anchor component={Link} to={link(l)} onClick={() => openOn(group.locationNo)}>
                        {l.plantNo}
                      </Anchor>
                    )}
                  </Table.Td>
                  <Table.Td style={num}>{format.number(l.quantity)}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{format.day(l.onSiteSince)}</Table.Td>
                  <Table.Td>
                    <InspectionBadge due={l.nextInspection} level={l.inspectionLevel} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {group.totalLines > group.items.length && (
        <Group gap="xs" mt="xs" wrap="wrap">
          <Text size="sm" c="dimmed">
            {t('Materieelvoorraad.meer_regels', { count: group.totalLines - group.items.length })}
          </Text>
          <Anchor
            component={Link}
            size="sm"
            to={`${paths.materieelvoorraad.to()}${query ? `?q=${encodeURIComponent(query)}` : ''}`}
            onClick={() => openOn(group.locationNo)}
            data-testid="location-all-lines"
          >
            {t('Materieelvoorraad.alle_regels_tonen', { count: group.totalLines })}
          </Anchor>
        </Group>
      )}
    </Paper>
  );
}

function StockEverywhere({ query, minLength }: { query: string; minLength: number }) {
  const { t } = useTranslation();
  const ready = query.length >= minLength;
  const result = useAllStock(query, ready);
  if (!ready) return <Text c="dimmed">{t('Materieelvoorraad.zoeken_min', { count: minLength })}</Text>;
  if (result.isPending) return <LoadingBlock />;
  if (result.isError)
    return (
      <ErrorView
        messageKey="Materieelvoorraad.ophalen_error"
        error={result.error}
        onRetry={() => void result.refetch()}
      />
    );
  if (result.data.locations.length === 0)
    return (
      <EmptyView
        title={query ? t('Materieelvoorraad.geen_resultaten_filter') : t('Materieelvoorraad.geen_voorraad')}
        icon={<IconBuildingWarehouse size={28} aria-hidden />}
      />
    );
  return (
    <Stack gap="md" aria-busy={result.isPlaceholderData || undefined}>
      <Text size="sm" c="dimmed" role="status">
        {t('Materieelvoorraad.locaties_aantal', { count: result.data.locations.length })} ·{' '}
        {t('Materieelvoorraad.totaal_aantal', { count: result.data.totalQuantity })}
      </Text>
      {result.data.locations.map((g) => (
        <LocationGroup key={g.locationNo} group={g} query={query} />
      ))}
    </Stack>
  );
}

function SearchField({
  value,
  onChange,
  label,
}: {
  value: string;
  onChange: (v: string) => void;
  label: string;
}) {
  const { t } = useTranslation();
  return (
    <TextInput
      label={label}
      placeholder={t('Materieelvoorraad.zoeken_placeholder')}
      leftSection={<IconSearch size={16} aria-hidden />}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      maw={520}
      mb="md"
      styles={{ input: { minHeight: 44 } }}
      data-testid="stock-search"
    />
  );
}

/** AlleMaterieelvoorraad: the stock of every location of the user, grouped by location with totals. */
export function AlleMaterieelvoorraadPage() {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [query] = useDebouncedValue(text.trim(), 400);
  return (
    <AreaPage>
      <SearchField value={text} onChange={setText} label={t('shared.zoeken')} />
      <StockEverywhere query={query} minLength={0} />
    </AreaPage>
  );
}

/** Materieel zoeken op locaties: where is item X or plant Y among my locations. */
export function MaterieelZoekenLocatiesPage() {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [query] = useDebouncedValue(text.trim(), 400);
  return (
    <AreaPage description={t('Materieelvoorraad.zoeken_op_locaties')}>
      <SearchField value={text} onChange={setText} label={t('shared.zoeken')} />
      <StockEverywhere query={query} minLength={2} />
    </AreaPage>
  );
}

/** Materieelkeuringen: plants on my locations by due date, overdue first, with colour and certificate. */
export function MaterieelkeuringenPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const location = useStore(selectedLocationStore);
  const [scope, setScope] = useState<'all' | 'selected'>('all');
  const narrow = useMediaQuery('(max-width: 48em)') ?? false;
  const result = useInspections(scope === 'selected' && location ? location.locationNo : null);
  const openOn = useOpenOn();
  const [downloading, setDownloading] = useState<string | null>(null);
  const download = async (id: string) => {
    setDownloading(id);
    try {
      await downloadFile(`/Documents/${encodeURIComponent(id)}/content`, `${id}.pdf`);
    } catch (e) {
      snackbar.error(e);
    } finally {
      setDownloading(null);
    }
  };
  let body: ReactNode;
  if (result.isPending) body = <LoadingBlock />;
  else if (result.isError)
    body = (
      <ErrorView
        messageKey="Materieelvoorraad.ophalen_error"
        error={result.error}
        onRetry={() => void result.refetch()}
      />
    );
  else if (result.data.items.length === 0) body = <EmptyView title={t('Keuringen.geen_keuringen')} />;
  else {
    const items = result.data.items;
    const days = (n: number) =>
      n < 0 ? t('Keuringen.dagen_te_laat', { count: -n }) : t('Keuringen.over_dagen', { count: n });
    const cert = (id: string | null) =>
      id ? (
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconDownload size={16} aria-hidden />}
          loading={downloading === id}
          onClick={() => void download(id)}
        >
          {t('shared.downloaden')}
        </Button>
      ) : null;
    body = (
      <Stack gap="sm">
        <Text size="sm" c="dimmed" role="status">
          {t('shared.aantal_resultaten', { count: items.length })}
          {!result.data.showsAll &&
            ` · ${t('Materieelvoorraad.keuringen_binnen', { count: result.data.infoDays })}`}
        </Text>
        {narrow ? (
          items.map((i) => (
            <Card key={i.plantNo} withBorder radius="md" padding="sm" data-testid="inspection-row">
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <div style={{ minWidth: 0 }}>
                  <Anchor
                    component={Link}
                    to={paths.materieelvoorraadDetails.to(i.itemNo, i.plantNo)}
                    onClick={() => openOn(i.locationNo)}
                    fw={600}
                  >
                    {i.plantNo}
                  </Anchor>
                  <Text size="sm">{i.description}</Text>
                  <Text size="sm" c="dimmed">
                    {i.locationNo} · {days(i.daysLeft)}
                  </Text>
                </div>
                <InspectionBadge due={i.nextDueDate} level={i.level} />
              </Group>
              {cert(i.certificateDocumentId)}
            </Card>
          ))
        ) : (
          <Table.ScrollContainer minWidth={800}>
            <Table striped verticalSpacing="xs" data-testid="inspections-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('Keuringen.volgende_keuring')}</Table.Th>
                  <Table.Th />
                  <Table.Th>{t('shared.materieelnummer')}</Table.Th>
                  <Table.Th>{t('shared.omschrijving')}</Table.Th>
                  <Table.Th>{t('Locatie.titel')}</Table.Th>
                  <Table.Th>{t('Keuringen.keuringsdatum')}</Table.Th>
                  <Table.Th>{t('Keuringen.certificaat')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((i) => (
                  <Table.Tr key={i.plantNo} data-testid="inspection-row">
                    <Table.Td>
                      <InspectionBadge due={i.nextDueDate} level={i.level} />
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{days(i.daysLeft)}</Table.Td>
                    <Table.Td>
                      <Anchor
                        component={Link}
                        to={paths.materieelvoorraadDetails.to(i.itemNo, i.plantNo)}
                        onClick={() => openOn(i.locationNo)}
                      >
                        {i.plantNo}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{i.description}</Table.Td>
                    <Table.Td>{i.locationNo}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{format.day(i.lastInspectedOn)}</Table.Td>
                    <Table.Td>{cert(i.certificateDocumentId)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    );
  }
  return (
    <AreaPage>
      {location && (
        <SegmentedControl
          mb="md"
          value={scope}
          onChange={(v) => setScope(v === 'selected' ? 'selected' : 'all')}
          data={[
            { value: 'all', label: t('Materieelvoorraad.alle_locaties') },
            { value: 'selected', label: location.locationNo },
          ]}
        />
      )}
      {body}
    </AreaPage>
  );
}
