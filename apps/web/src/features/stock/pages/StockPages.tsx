import { Button, Group, Loader, Pagination, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { EMPTY_GUID } from '@mp/contract';
import type { StockLine, StockSort } from '@mp/contract/api/stock';
import { DEFAULT_PAGE_SIZE, pageSizes } from '@mp/contract/rules/limits';
import { stockSortOrders } from '@mp/contract/rules/stock';
import { IconBuildingWarehouse, IconQrcode, IconSearch, IconTruckReturn } from '@tabler/icons-react';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { exportDownload } from '../../../shared/api/download-file';
import { useSelectedLocationAccess } from '../../../shared/api/get-plant-locations';
import { useSettings } from '../../../shared/api/get-settings';
import { useAddToRemovalList } from '../../../shared/api/use-add-to-removal-list';
import { laterPart, useLaterPart } from '../../../shared/lib/later-part';
import { paths } from '../../../shared/lib/paths';
import { useStore } from '../../../shared/lib/store';
import { selectedLocationStore } from '../../../shared/session/location';
import { AreaPage } from '../../../shared/ui/AreaPage';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { ExportMenu } from '../../../shared/ui/ExportMenu';
import { LoadingBlock } from '../../../shared/ui/LoadingBlock';
import { PlainSelect } from '../../../shared/ui/PlainSelect';
import { ReadOnlyReason } from '../../../shared/ui/ReadOnlyReason';
import { EmptyView, ErrorView } from '../../../shared/ui/StateViews';
import { snackbar } from '../../../shared/ui/snackbar/snackbar-store';
import { TransportRequestLink } from '../../../shared/ui/TransportRequestLink';
import { useStock } from '../api/get-stock';
import { IdleSummary } from '../components/IdleSummary';
import { InspectionsDue } from '../components/InspectionsDue';
import type { RemovalCandidate } from '../components/RemovalDialog';
import { StockCards, StockTable } from '../components/StockList';

/** The amounts dialog (Modal, NumberInput with react-number-format): loaded after the page's first paint. */
const removalDialogPart = laterPart(() => import('../components/RemovalDialog'));

const isSort = (v: string | null): v is StockSort => (stockSortOrders as readonly string[]).includes(v ?? '');

function useStockParams() {
  const [sp, setSp] = useSearchParams();
  const size = Number(sp.get('size'));
  const page = Number(sp.get('page'));
  const sortParam = sp.get('sort');
  const params = {
    query: sp.get('q') ?? '',
    categoryId: sp.get('cat') ?? EMPTY_GUID,
    sortBy: isSort(sortParam) ? sortParam : ('default' as StockSort),
    pageNumber: Number.isInteger(page) && page >= 1 ? page : 1,
    pageSize: (pageSizes as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
  };
  const set = (change: Record<string, string | null>, resetPage = true) =>
    setSp(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(change)) {
          if (v === null || v === '') next.delete(k);
          else next.set(k, v);
        }
        if (resetPage) next.delete('page');
        return next;
      },
      { replace: true },
    );
  return { params, set };
}

const toCandidate = (l: StockLine): RemovalCandidate => ({
  key: l.key,
  itemNo: l.itemNo,
  plantNo: l.plantNo,
  description: l.description,
  available: l.availableForRemoval,
  current: Math.min(l.onMyRemovalList, l.availableForRemoval),
});

/** Materieelvoorraad: what stands on the selected location, sorted, filtered, paged; lines onto the removal list. */
export function MaterieelvoorraadPage() {
  const { t } = useTranslation();
  const location = useStore(selectedLocationStore);
  const narrow = useMediaQuery('(max-width: 48em)') ?? false;
  const settings = useSettings();
  const access = useSelectedLocationAccess();
  const { params, set } = useStockParams();
  const [text, setText] = useState(params.query);
  const [debounced] = useDebouncedValue(text, 400);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new debounced text writes the address
  useEffect(() => {
    if (debounced.trim() !== params.query) set({ q: debounced.trim() || null });
  }, [debounced]);
  const query = useStock(location ? { locationNo: location.locationNo, ...params } : null);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [dialog, setDialog] = useState<RemovalCandidate[] | null>(null);
  // until it has loaded a chosen line waits for it (the dialog opens when it arrives)
  const RemovalDialog = useLaterPart(removalDialogPart)?.RemovalDialog;
  const [confirmAll, setConfirmAll] = useState(false);
  const add = useAddToRemovalList();
  // A new location or filter starts with nothing selected.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on these changes only
  useEffect(() => setSelected(new Set()), [location?.locationNo, params.query, params.categoryId]);

  const page = query.data;
  const lines = page?.items ?? [];
  const byKey = useMemo(() => new Map(lines.map((l) => [l.key, l])), [lines]);
  const canRemove = (page?.canRemove ?? false) && access.canWrite;
  const bulk = canRemove && (page?.bulkReturn ?? false);
  const noRemoval = settings.loaded && settings.bool('Materieelvoorraad_NietMeerAfvoeren');

  const submit = (amounts: Map<string, number>) => {
    if (!location || !dialog) return;
    add.mutate(
      {
        locationNo: location.locationNo,
        input: {
          lines: dialog.map((c) => ({
            itemNo: c.itemNo,
            plantNo: c.plantNo ?? undefined,
            amount: amounts.get(c.key) ?? 1,
          })),
        },
      },
      {
        onSuccess: (list) => {
          // null: no reception, kept on the phone until there is (decision 0031)
          if (list) snackbar.success('Afvoerlijst.toegevoegd');
          else snackbar.info('OfflineWachtrij.bewaard');
          setDialog(null);
          setSelected(new Set());
          void query.refetch();
        },
        onError: (e) => snackbar.error(e),
      },
    );
  };

  let body: ReactNode;
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
  else if (!page || page.total === 0) {
    const filtered = params.query !== '' || params.categoryId !== EMPTY_GUID;
    body = (
      <EmptyView
        title={
          filtered ? t('Materieelvoorraad.geen_resultaten_filter') : t('Materieelvoorraad.geen_voorraad')
        }
        icon={<IconBuildingWarehouse size={28} aria-hidden />}
      >
        {filtered && (
          <Button
            variant="light"
            mih={44}
            onClick={() => {
              setText('');
              set({ q: null, cat: null });
            }}
          >
            {t('shared.filters_wissen')}
          </Button>
        )}
      </EmptyView>
    );
  } else {
    const pages = Math.max(1, Math.ceil(page.total / page.pageSize));
    const listProps = {
      items: lines,
      sort: params.sortBy,
      onSort: (s: StockSort) => set({ sort: s === 'default' ? null : s }),
      selectable: bulk,
      selected,
      onToggle: (key: string, on: boolean) =>
        setSelected((prev) => {
          const next = new Set(prev);
          if (on) next.add(key);
          else next.delete(key);
          return next;
        }),
      onToggleAll: (on: boolean) =>
        setSelected(
          on ? new Set(lines.filter((l) => l.availableForRemoval > 0).map((l) => l.key)) : new Set(),
        ),
      onRemove: (l: StockLine) => setDialog([toCandidate(l)]),
      priceDecimals: settings.loaded ? settings.int('Prijzen_AantalDecimalen') : 2,
      projectEnd: page.projectEnd,
    };
    body = (
      <Stack gap="md" aria-busy={query.isPlaceholderData || undefined}>
        <Group justify="space-between" gap="sm">
          <Group gap="xs">
            <Text size="sm" c="dimmed" role="status">
              {t('shared.aantal_resultaten', { count: page.total })} ·{' '}
              {t('Materieelvoorraad.totaal_aantal', { count: page.totalQuantity })}
              {lines.some((l) => l.priceOnDemand) &&
                ` · ${t('Materieelvoorraad.huur')}: ${t('shared.prijs_op_aanvraag')}`}
            </Text>
            {query.isPlaceholderData && <Loader size="xs" aria-hidden />}
          </Group>
          {bulk && (
            <Group gap="xs">
              <Button
                variant="filled"
                mih={44}
                disabled={selected.size === 0}
                onClick={() =>
                  setDialog(
                    [...selected].flatMap((k) =>
                      byKey.get(k) ? [toCandidate(byKey.get(k) as StockLine)] : [],
                    ),
                  )
                }
                data-testid="remove-selection"
              >
                {t('Materieelvoorraad.alles_afvoerlijst')}
                {selected.size > 0 ? ` (${selected.size})` : ''}
              </Button>
              <Button
                variant="light"
                mih={44}
                leftSection={<IconTruckReturn size={18} aria-hidden />}
                onClick={() => setConfirmAll(true)}
                data-testid="return-all"
              >
                {t('Materieelvoorraad.alles_retour')}
              </Button>
            </Group>
          )}
        </Group>
        <IdleSummary
          locationNo={location.locationNo}
          canWrite={access.canWrite}
          bulkReturn={bulk}
          sortedFirst={params.sortBy === 'idle'}
          onShowFirst={() => set({ sort: 'idle' })}
        />
        <InspectionsDue locationNo={location.locationNo} canWrite={access.canWrite} />
        {narrow ? <StockCards {...listProps} /> : <StockTable {...listProps} />}
        {pages > 1 && (
          <Group justify="center">
            <Pagination
              total={pages}
              value={page.pageNumber}
              onChange={(n) => set({ page: n > 1 ? String(n) : null }, false)}
              size="lg"
              siblings={narrow ? 0 : 1}
              getControlProps={(c) => ({
                'aria-label':
                  c === 'next' ? t('shared.volgende') : c === 'previous' ? t('shared.vorige') : undefined,
              })}
              getItemProps={(n) => ({ 'aria-label': t('shared.pagina_van', { page: n, pages }) })}
            />
          </Group>
        )}
      </Stack>
    );
  }

  const categories = page?.categories ?? [];
  const actions = location && access.canWrite ? <TransportRequestLink /> : undefined;
  return (
    <AreaPage needsLocation locationMessageKey="Materieelvoorraad.kies_locatie" actions={actions}>
      {location && (
        <Stack gap="sm" mb="md">
          <Group gap="sm" align="flex-end" wrap="wrap">
            <TextInput
              label={t('shared.zoeken')}
              placeholder={t('Materieelvoorraad.zoeken_placeholder')}
              leftSection={<IconSearch size={16} aria-hidden />}
              value={text}
              onChange={(e) => setText(e.currentTarget.value)}
              style={{ flex: '1 1 220px' }}
              styles={{ input: { minHeight: 44 } }}
              data-testid="stock-search"
            />
            <PlainSelect
              label={t('Materieelvoorraad.categorie')}
              data={[
                { value: EMPTY_GUID, label: t('Materieelvoorraad.alle_categorieen') },
                ...categories.map((c) => ({ value: c.id, label: `${c.name} (${c.lines})` })),
              ]}
              value={params.categoryId}
              onChange={(v) => set({ cat: v !== EMPTY_GUID ? v : null })}
              style={{ flex: '1 1 200px' }}
              data-testid="stock-category"
            />
            <PlainSelect
              label={t('shared.sorteren_op')}
              data={stockSortOrders.map((s) => ({ value: s, label: t(`Materieelvoorraad.sort.${s}`) }))}
              value={params.sortBy}
              onChange={(v) => isSort(v) && set({ sort: v === 'default' ? null : v })}
              style={{ flex: '1 1 200px' }}
              data-testid="stock-sort"
            />
            <PlainSelect
              label={t('shared.per_pagina')}
              data={pageSizes.map((s) => ({ value: String(s), label: String(s) }))}
              value={String(params.pageSize)}
              onChange={(v) => set({ size: v === String(DEFAULT_PAGE_SIZE) ? null : v })}
              w={100}
            />
            {settings.loaded && settings.bool('Materieelvoorraad_ScannenEnabled') && (
              <Group gap="xs" wrap="nowrap">
                <Button
                  component={Link}
                  to={paths.materieelScannen.to()}
                  variant="default"
                  mih={44}
                  leftSection={<IconQrcode size={18} aria-hidden />}
                  data-testid="stock-scan"
                >
                  {t('Afvoerlijst.scannen')}
                </Button>
                <Button
                  component={Link}
                  to={paths.materieelLabels.to()}
                  variant="default"
                  mih={44}
                  data-testid="stock-labels"
                >
                  {t('Materieelvoorraad.labels')}
                </Button>
              </Group>
            )}
            {settings.loaded && settings.bool('Materieelvoorraad_ShowExportVoorraad') && (
              <ExportMenu
                onExport={exportDownload(
                  `/PlantInventoryItems/${encodeURIComponent(params.categoryId)}/export`,
                  { plantLocation: location.locationNo, sortBy: params.sortBy, query: params.query },
                )}
                testId="stock-export"
              />
            )}
          </Group>
          <ReadOnlyReason
            reasonKey={access.readOnlyKey ?? (noRemoval ? 'Materieelvoorraad.alleen_inzage' : null)}
          />
        </Stack>
      )}
      {body}
      {RemovalDialog && (
        <RemovalDialog
          opened={dialog !== null}
          lines={dialog ?? []}
          pending={add.isPending}
          onClose={() => setDialog(null)}
          onConfirm={submit}
        />
      )}
      <ConfirmDialog
        opened={confirmAll}
        title={t('Materieelvoorraad.alles_retour')}
        message={t('Materieelvoorraad.alles_retour_bevestigen')}
        danger={false}
        action={async () => {
          if (!location) return;
          const list = await add.mutateAsync({ locationNo: location.locationNo, input: { all: true } });
          // null: no reception, kept on the phone (decision 0031); the stock is read again once it has been sent
          if (!list) return snackbar.info('OfflineWachtrij.bewaard');
          snackbar.success('Afvoerlijst.toegevoegd');
          await query.refetch();
        }}
        onClose={() => setConfirmAll(false)}
      />
    </AreaPage>
  );
}
