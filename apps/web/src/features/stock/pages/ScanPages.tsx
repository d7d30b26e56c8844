import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { ScanResult, StockLine } from '@mp/contract/api/stock';
import { locationLabel } from '@mp/contract/rules/location-filter';
import {
  IconCamera,
  IconCameraOff,
  IconPrinter,
  IconQrcode,
  IconSearch,
  IconTruckReturn,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { generate } from 'lean-qr';
import { toSvgPath } from 'lean-qr/extras/svg';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { api } from '../../../shared/api/client';
import { isApiError, NETWORK_ERROR_CODE } from '../../../shared/api/errors';
import { usePlantLocations } from '../../../shared/api/get-plant-locations';
import { useSettings } from '../../../shared/api/get-settings';
import { stockKeys } from '../../../shared/api/query-keys';
import { useAddToRemovalList } from '../../../shared/api/use-add-to-removal-list';
import { translateCode } from '../../../shared/i18n/i18n';
import { paths } from '../../../shared/lib/paths';
import { useStore } from '../../../shared/lib/store';
import { offlineQueue } from '../../../shared/offline/lazy';
import { useOnline } from '../../../shared/offline/online';
import { selectedLocationStore, selectLocation } from '../../../shared/session/location';
import { AreaPage } from '../../../shared/ui/AreaPage';
import { LoadingBlock } from '../../../shared/ui/LoadingBlock';
import { EmptyView, ErrorView } from '../../../shared/ui/StateViews';
import { snackbar } from '../../../shared/ui/snackbar/snackbar-store';
import { getStock } from '../api/get-stock';
import { cameraAvailable, startScanning } from '../components/camera-scanner';
import { ExternalBadge } from '../components/stock-labels';
import classes from './labels.module.css';

/** GET /api/v2.0/PlantInventoryItems/scan?code= */
function scanCode(code: string, signal?: AbortSignal): Promise<ScanResult> {
  return api.get('/PlantInventoryItems/scan', { signal, query: { code }, answer: (c) => c.stock.scanResult });
}

function ScanDisabled() {
  const { t } = useTranslation();
  return <EmptyView title={t('Materieelvoorraad.scannen_uit')} icon={<IconQrcode size={28} aria-hidden />} />;
}

/** The piece a code named: what it is, where it stands, open it, put it on the removal list. */
function Found({ plant }: { plant: ScanResult }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const locations = usePlantLocations();
  const add = useAddToRemovalList();
  const location = locations.data?.find((l) => l.locationNo === plant.locationNo);
  const canWrite = location?.role !== 'administration';
  const select = () => {
    if (location) selectLocation({ locationNo: location.locationNo, label: locationLabel(location) });
  };
  return (
    <Card withBorder radius="md" padding="md" data-testid="scan-result">
      <Stack gap="sm">
        <Group gap="xs" wrap="wrap">
          <Title order={2} size="h4">
            {plant.description}
          </Title>
          {plant.external && <ExternalBadge />}
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
          <div>
            <Text size="xs" c="dimmed">
              {t('shared.materieelnummer')}
            </Text>
            <Text fw={700}>{plant.plantNo}</Text>
          </div>
          <div>
            <Text size="xs" c="dimmed">
              {t('shared.artikelnummer')}
            </Text>
            <Text>{plant.itemNo}</Text>
          </div>
          <div>
            <Text size="xs" c="dimmed">
              {t('Materieelvoorraad.stuk.locatie')}
            </Text>
            <Text>{location ? locationLabel(location) : plant.locationNo}</Text>
          </div>
        </SimpleGrid>
        <Group gap="sm">
          <Button
            mih={44}
            variant="light"
            onClick={() => {
              select();
              navigate(paths.materieelvoorraadDetails.to(plant.itemNo, plant.plantNo));
            }}
            data-testid="scan-open"
          >
            {t('Materieelvoorraad.scan_openen')}
          </Button>
          {canWrite && (
            <Button
              mih={44}
              leftSection={<IconTruckReturn size={18} aria-hidden />}
              loading={add.isPending}
              onClick={() => {
                select();
                add.mutate(
                  {
                    locationNo: plant.locationNo,
                    input: { lines: [{ itemNo: plant.itemNo, plantNo: plant.plantNo, amount: 1 }] },
                  },
                  {
                    // null: no reception, kept on the phone until there is (decision 0031)
                    onSuccess: (list) =>
                      list
                        ? snackbar.success('Afvoerlijst.toegevoegd')
                        : snackbar.info('OfflineWachtrij.bewaard'),
                    onError: (e) => snackbar.error(e),
                  },
                );
              }}
              data-testid="scan-remove"
            >
              {t('Materieelvoorraad.toevoegen_afvoerlijst')}
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}

/**
 * A code scanned without reception (issue #36 point 4b): it cannot be looked up, but it can go onto the removal list
 * — queued, sent when there is reception, onto the list of the location the plant stands on (the server finds it;
 * a plant that is gone meanwhile is refused then, and the refusal shown).
 */
function OfflineScan({ code }: { code: string }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const put = async () => {
    setBusy(true);
    try {
      const { sendOrQueue } = await offlineQueue();
      const out = await sendOrQueue({ kind: 'removal.scan', code }, code);
      if (out.queued) snackbar.info('OfflineWachtrij.bewaard');
      else snackbar.success('Afvoerlijst.toegevoegd');
      setDone(true);
    } catch (e) {
      snackbar.error(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card withBorder radius="md" padding="md" data-testid="scan-offline">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {code}
        </Title>
        <Text size="sm">{t('OfflineWachtrij.scan_offline')}</Text>
        <Group>
          <Button
            mih={44}
            leftSection={<IconTruckReturn size={18} aria-hidden />}
            loading={busy}
            disabled={done}
            onClick={() => void put()}
            data-testid="scan-offline-remove"
          >
            {t('OfflineWachtrij.scan_offline_knop')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** Materieel scannen: type a plant number, or scan its label with the camera; the piece opens. */
export function ScanPage() {
  const { t } = useTranslation();
  const settings = useSettings();
  const [text, setText] = useState('');
  const [code, setCode] = useState<string | null>(null);
  const [camera, setCamera] = useState<'off' | 'starting' | 'on'>('off');
  const [cameraError, setCameraError] = useState(false);
  const video = useRef<HTMLVideoElement>(null);
  const stopRef = useRef<(() => void) | null>(null);
  const online = useOnline();
  const result = useQuery({
    queryKey: stockKeys.scan(code),
    queryFn: ({ signal }) => scanCode(code ?? '', signal),
    enabled: code !== null && online,
    retry: false,
  });
  useEffect(() => () => stopRef.current?.(), []);

  if (!settings.loaded)
    return (
      <AreaPage>
        <LoadingBlock />
      </AreaPage>
    );
  if (!settings.bool('Materieelvoorraad_ScannenEnabled'))
    return (
      <AreaPage>
        <ScanDisabled />
      </AreaPage>
    );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (text.trim()) setCode(text.trim());
  };
  const stopCamera = () => {
    stopRef.current?.();
    stopRef.current = null;
    setCamera('off');
  };
  const startCamera = async () => {
    if (!video.current) return;
    setCameraError(false);
    setCamera('starting');
    try {
      stopRef.current = await startScanning(video.current, (found) => {
        stopRef.current = null;
        setCamera('off');
        setText(found);
        setCode(found);
      });
      setCamera('on');
    } catch {
      setCamera('off');
      setCameraError(true);
    }
  };

  let answer = null;
  const noReception =
    !online || (result.isError && isApiError(result.error) && result.error.code === NETWORK_ERROR_CODE);
  if (code !== null && noReception && !result.data) answer = <OfflineScan key={code} code={code} />;
  else if (code !== null) {
    if (result.isPending) answer = <LoadingBlock />;
    else if (result.isError)
      answer =
        isApiError(result.error) && result.error.status === 404 ? (
          <Alert color="yellow" variant="light" role="alert" data-testid="scan-not-found">
            {translateCode(result.error.code, result.error.message)}
          </Alert>
        ) : (
          <ErrorView error={result.error} onRetry={() => void result.refetch()} />
        );
    else answer = <Found plant={result.data} />;
  }

  return (
    <AreaPage>
      <Stack gap="md" maw={720}>
        <Text>{t('Afvoerlijst.scan_uitleg')}</Text>
        <Paper withBorder radius="md" p="md">
          <form onSubmit={submit}>
            <Group align="flex-end" gap="sm" wrap="wrap">
              <TextInput
                label={t('Materieelvoorraad.scan_nummer')}
                value={text}
                onChange={(e) => setText(e.currentTarget.value)}
                autoCapitalize="characters"
                autoComplete="off"
                style={{ flex: '1 1 220px' }}
                styles={{ input: { minHeight: 44 } }}
                data-testid="scan-input"
              />
              <Button
                type="submit"
                mih={44}
                leftSection={<IconSearch size={18} aria-hidden />}
                data-testid="scan-submit"
              >
                {t('Materieelvoorraad.scan_zoek')}
              </Button>
            </Group>
          </form>
          {cameraAvailable() && (
            <Stack gap="xs" mt="md">
              {camera === 'off' ? (
                <Button
                  variant="light"
                  mih={44}
                  leftSection={<IconCamera size={18} aria-hidden />}
                  onClick={() => void startCamera()}
                  data-testid="scan-camera"
                >
                  {t('Materieelvoorraad.scan_camera')}
                </Button>
              ) : (
                <Button
                  variant="default"
                  mih={44}
                  loading={camera === 'starting'}
                  leftSection={<IconCameraOff size={18} aria-hidden />}
                  onClick={stopCamera}
                >
                  {t('Materieelvoorraad.scan_stop')}
                </Button>
              )}
              <video
                ref={video}
                muted
                playsInline
                aria-label={t('Materieelvoorraad.scan_camera')}
                style={{
                  display: camera === 'off' ? 'none' : 'block',
                  width: '100%',
                  maxHeight: 360,
                  borderRadius: 8,
                  background: '#000',
                }}
              />
              {cameraError && (
                <Alert color="red" variant="light" role="alert">
                  {t('Afvoerlijst.camera_geen_toegang')}
                </Alert>
              )}
            </Stack>
          )}
        </Paper>
        {answer}
      </Stack>
    </AreaPage>
  );
}

/** A QR code as an SVG path (lean-qr): no canvas, no inserted HTML, sharp when printed. */
function QrCode({ text, size = 112 }: { text: string; size?: number }) {
  const { path, modules } = useMemo(() => {
    const code = generate(text);
    return { path: toSvgPath(code), modules: code.size };
  }, [text]);
  return (
    <svg
      width={size}
      height={size}
      viewBox={`-2 -2 ${modules + 4} ${modules + 4}`}
      role="img"
      aria-label={text}
      shapeRendering="crispEdges"
      style={{ flexShrink: 0 }}
    >
      <rect x={-2} y={-2} width={modules + 4} height={modules + 4} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}

/** Every numbered plant on the location, in plant-number order (all pages of the stock). */
async function plantsOn(locationNo: string, signal?: AbortSignal): Promise<StockLine[]> {
  const out: StockLine[] = [];
  for (let page = 1; ; page++) {
    const answer = await getStock(
      {
        locationNo,
        categoryId: '00000000-0000-0000-0000-000000000000',
        sortBy: 'plantNo',
        pageSize: 250,
        pageNumber: page,
        query: '',
      },
      signal,
    );
    out.push(...answer.items.filter((l) => l.plantNo));
    if (page * answer.pageSize >= answer.total) break;
  }
  return out;
}

/** Materieellabels: a printable page of QR labels, one per numbered plant on the selected location. */
export function LabelsPage() {
  const { t } = useTranslation();
  const settings = useSettings();
  const location = useStore(selectedLocationStore);
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  const plants = useQuery({
    queryKey: stockKeys.labels(location?.locationNo),
    queryFn: ({ signal }) => plantsOn(location?.locationNo ?? '', signal),
    enabled: location !== null,
  });
  let body = null;
  if (!settings.loaded) body = <LoadingBlock />;
  else if (!settings.bool('Materieelvoorraad_ScannenEnabled')) body = <ScanDisabled />;
  else if (!location) body = null;
  else if (plants.isPending) body = <LoadingBlock />;
  else if (plants.isError) body = <ErrorView error={plants.error} onRetry={() => void plants.refetch()} />;
  else if (plants.data.length === 0)
    body = (
      <EmptyView title={t('Materieelvoorraad.labels_geen')} icon={<IconQrcode size={28} aria-hidden />} />
    );
  else
    body = (
      <Stack gap="md">
        <Group justify="space-between" className={classes.noPrint} wrap="wrap">
          <Text>{t('Materieelvoorraad.labels_uitleg')}</Text>
          <Button
            mih={44}
            leftSection={<IconPrinter size={18} aria-hidden />}
            onClick={() => window.print()}
            data-testid="labels-print"
          >
            {t('Materieelvoorraad.labels_printen')}
          </Button>
        </Group>
        <div className={classes.sheet} data-testid="labels">
          {plants.data.map((l) => {
            const url = `${origin}${paths.materieelvoorraadDetails.to(l.itemNo, l.plantNo ?? '')}`;
            return (
              <div key={l.key} className={classes.label} data-testid="label">
                <QrCode text={url} />
                <div className={classes.text}>
                  <Text fw={800} size="lg" lh={1.1}>
                    {l.plantNo}
                  </Text>
                  <Text size="xs" lh={1.2}>
                    {l.itemNo}
                  </Text>
                  <Text size="xs" lh={1.2} lineClamp={2}>
                    {l.description}
                  </Text>
                  <Badge
                    size="xs"
                    variant="outline"
                    color="dark"
                    mt={4}
                    styles={{ label: { textTransform: 'none' } }}
                  >
                    {location?.locationNo}
                  </Badge>
                </div>
              </div>
            );
          })}
        </div>
        <Anchor component={Link} to={paths.materieelScannen.to()} className={classes.noPrint}>
          {t('routes.MaterieelScannen')}
        </Anchor>
      </Stack>
    );
  return (
    <AreaPage needsLocation locationMessageKey="Materieelvoorraad.kies_locatie_scannen">
      {body}
    </AreaPage>
  );
}
