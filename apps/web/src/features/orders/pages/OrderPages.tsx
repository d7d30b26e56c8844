import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Image,
  Modal,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { orderKindKey } from '@mp/contract/rules/labels';
import { IconDownload, IconFileText, IconPackage, IconSearch } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { downloadFile } from '../../../shared/api/download-file';
import { isApiError } from '../../../shared/api/errors';
import { paths } from '../../../shared/lib/paths';
import { useStore } from '../../../shared/lib/store';
import { selectedLocationStore } from '../../../shared/session/location';
import { useFormat } from '../../../shared/ui/format';
import { ListPager } from '../../../shared/ui/ListPager';
import { LoadingBlock } from '../../../shared/ui/LoadingBlock';
import { LocationPrompt } from '../../../shared/ui/LocationPrompt';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { EmptyView, ErrorView } from '../../../shared/ui/StateViews';
import { snackbar } from '../../../shared/ui/snackbar/snackbar-store';
import {
  type ExitOrderDetail,
  type ListedKind,
  type OrderDetail,
  type OrderSummary,
  useExitOrder,
  useExitOrders,
  useOrder,
  useOrders,
  usePhoto,
} from '../api/orders';

// The customer's order pages (issue #12 part 5): per selected location the incoming, outgoing, move-to and
// move-from orders the equipment department posted, each order with its lines, costs and documents, and the exit
// orders (what left the location for good, in what state). Errors show as errors, never as an empty list.

const PAGE_SIZE = 25;
const num = { textAlign: 'right' as const, fontVariantNumeric: 'tabular-nums' as const };
type Kind = OrderSummary['kind'];

const kindKey: Record<Kind, string> = orderKindKey;
const statusColor: Record<OrderSummary['status'], string> = {
  planned: 'violet',
  in_transit: 'yellow',
  done: 'green',
  cancelled: 'gray',
};
const conditionColor = { good: 'green', dirty: 'yellow', damaged: 'red', missing: 'red' } as const;

/** Where an order's page is (a transport order has none of its own). */
function orderPath(kind: Kind, id: string): string | null {
  switch (kind) {
    case 'delivery':
      return paths.orderAanvoer.to(id);
    case 'removal':
      return paths.orderAfvoer.to(id);
    case 'move_to':
      return paths.orderNaarVerplaatsing.to(id);
    case 'move_from':
      return paths.orderVanVerplaatsing.to(id);
    default:
      return null;
  }
}

function OrderStatus({ status }: { status: OrderSummary['status'] }) {
  const { t } = useTranslation();
  return (
    <Badge color={statusColor[status]} c="dark.8" variant="light" size="sm">
      {t(`Orders.status.${status}`)}
    </Badge>
  );
}

/** The lists are newest order date first; a carried-out order also shows the day it was carried out. */
const dayOf = (o: OrderSummary) => o.orderDate;

function OrderListView({ kind }: { kind: ListedKind }) {
  const { t } = useTranslation();
  const format = useFormat();
  const location = useStore(selectedLocationStore);
  const narrow = useMediaQuery('(max-width: 48em)') ?? false;
  const [sp, setSp] = useSearchParams();
  const page = Math.max(1, Number(sp.get('page')) || 1);
  const status = sp.get('status') ?? '';
  const query = sp.get('q') ?? '';
  const [draft, setDraft] = useState(query);
  const orders = useOrders(
    location ? { locationNo: location.locationNo, kind, status, query, page, pageSize: PAGE_SIZE } : null,
  );
  const set = (next: Record<string, string | undefined>) =>
    setSp(
      (prev) => {
        const p = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(next)) {
          if (v) p.set(k, v);
          else p.delete(k);
        }
        if (!('page' in next)) p.delete('page');
        return p;
      },
      { replace: true },
    );
  const moves = kind === 'move_to' || kind === 'move_from';

  let body: ReactNode;
  if (!location) body = <LocationPrompt messageKey="Orders.kies_locatie" />;
  else if (orders.isPending) body = <LoadingBlock />;
  else if (orders.isError)
    body = (
      <ErrorView
        messageKey="Orders.ophalen_error"
        error={orders.error}
        onRetry={() => void orders.refetch()}
      />
    );
  else if (orders.data.items.length === 0)
    body = (
      <EmptyView
        title={status || query ? t('Orders.geen_orders_filter') : t('Orders.geen_orders')}
        icon={<IconPackage size={28} aria-hidden />}
      />
    );
  else {
    const items = orders.data.items;
    body = (
      <Stack gap="md" aria-busy={orders.isPlaceholderData || undefined}>
        <Text size="sm" c="dimmed" role="status">
          {t('shared.aantal_resultaten', { count: orders.data.total })}
        </Text>
        {narrow ? (
          <Stack gap="sm">
            {items.map((o) => (
              <Card key={o.id} withBorder radius="md" padding="sm" data-testid="order-row">
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Anchor component={Link} to={orderPath(o.kind, o.id) ?? '#'} fw={700}>
                    {o.orderNo}
                  </Anchor>
                  <OrderStatus status={o.status} />
                </Group>
                <Text size="sm">
                  {format.day(dayOf(o))} · {t('Orders.aantal_regels', { count: o.lineCount })}
                </Text>
                {moves && o.counterpartLocationNo && (
                  <Text size="sm" c="dimmed">
                    {t(kind === 'move_to' ? 'Orders.van_locatie' : 'Orders.naar_locatie')}:{' '}
                    {o.counterpartLocationNo} – {o.counterpartLocationDescription}
                  </Text>
                )}
                {o.requestNo && (
                  <Text size="sm" c="dimmed">
                    {t('Aanvragen.aanvraag')}: {o.requestNo}
                  </Text>
                )}
              </Card>
            ))}
          </Stack>
        ) : (
          <Table.ScrollContainer minWidth={760}>
            <Table striped verticalSpacing="sm" data-testid="order-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('Orders.ordernummer')}</Table.Th>
                  <Table.Th>{t('Orders.orderdatum')}</Table.Th>
                  <Table.Th>{t('Orders.uitgevoerd_op')}</Table.Th>
                  <Table.Th>{t('shared.status')}</Table.Th>
                  <Table.Th>
                    {moves
                      ? t(kind === 'move_to' ? 'Orders.van_locatie' : 'Orders.naar_locatie')
                      : t('Orders.depot')}
                  </Table.Th>
                  <Table.Th>{t('Aanvragen.aanvraag')}</Table.Th>
                  <Table.Th>{t('Bestellen.referentie')}</Table.Th>
                  <Table.Th style={num}>{t('Orders.regels')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((o) => (
                  <Table.Tr key={o.id} data-testid="order-row">
                    <Table.Td>
                      <Anchor component={Link} to={orderPath(o.kind, o.id) ?? '#'} fw={600}>
                        {o.orderNo}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{format.day(dayOf(o))}</Table.Td>
                    <Table.Td>{o.executedDate ? format.day(o.executedDate) : ''}</Table.Td>
                    <Table.Td>
                      <OrderStatus status={o.status} />
                    </Table.Td>
                    <Table.Td>
                      {moves ? (o.counterpartLocationNo ?? '') : (o.depotName ?? o.depotNo ?? '')}
                      {moves && o.counterpartLocationDescription && (
                        <Text size="xs" c="dimmed">
                          {o.counterpartLocationDescription}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      {o.requestId && o.requestNo ? (
                        <Anchor component={Link} to={paths.aanvraag.to(o.requestId)}>
                          {o.requestNo}
                        </Anchor>
                      ) : (
                        ''
                      )}
                    </Table.Td>
                    <Table.Td>{o.reference ?? ''}</Table.Td>
                    <Table.Td style={num}>{format.number(o.lineCount)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <ListPager
          pageSize={PAGE_SIZE}
          page={page}
          total={orders.data.total}
          onChange={(p) => set({ page: p > 1 ? String(p) : undefined })}
        />
      </Stack>
    );
  }

  return (
    <>
      <PageHeader description={location ? `${t('Locatie.titel')}: ${location.label}` : undefined} />
      {location && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            set({ q: draft.trim() || undefined });
          }}
        >
          <Group align="end" gap="sm" mb="md" wrap="wrap">
            <TextInput
              label={t('Orders.zoeken')}
              placeholder={t('Orders.zoeken_hint')}
              value={draft}
              onChange={(e) => setDraft(e.currentTarget.value)}
              leftSection={<IconSearch size={16} aria-hidden />}
              maxLength={100}
              styles={{ input: { minHeight: 44 } }}
              style={{ flex: 1, minWidth: 200 }}
              data-testid="order-search"
            />
            <Select
              label={t('shared.status')}
              placeholder={t('shared.alle')}
              data={(['planned', 'in_transit', 'done', 'cancelled'] as const).map((s) => ({
                value: s,
                label: t(`Orders.status.${s}`),
              }))}
              value={status || null}
              onChange={(v) => set({ status: v ?? undefined })}
              clearable
              clearButtonProps={{ 'aria-label': t('shared.wissen') }}
              w={200}
              styles={{ input: { minHeight: 44 } }}
            />
            <Button type="submit" mih={44}>
              {t('shared.zoeken')}
            </Button>
          </Group>
        </form>
      )}
      {body}
    </>
  );
}

export const OrdersAanvoerPage = () => <OrderListView kind="delivery" />;
export const OrdersAfvoerPage = () => <OrderListView kind="removal" />;
export const OrdersNaarVerplaatsingPage = () => <OrderListView kind="move_to" />;
export const OrdersVanVerplaatsingPage = () => <OrderListView kind="move_from" />;

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text component="div" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
        {children || '–'}
      </Text>
    </div>
  );
}

function Documents({ documents }: { documents: OrderDetail['documents'] }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="order-documents">
      <Title order={2} size="h4" mb="sm" id="order-documents">
        {t('Orders.documenten')}
      </Title>
      {documents.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('Orders.geen_documenten')}
        </Text>
      ) : (
        <Stack gap="xs" data-testid="order-documents">
          {documents.map((d) => (
            <Group key={d.id} justify="space-between" wrap="nowrap" gap="sm">
              <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                <IconFileText size={18} aria-hidden />
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {d.title}
                  {d.date ? ` · ${format.day(d.date)}` : ''}
                </Text>
              </Group>
              <Button
                variant="light"
                size="sm"
                mih={44}
                leftSection={<IconDownload size={16} aria-hidden />}
                onClick={() => downloadFile(d.url, d.title).catch((e) => snackbar.error(e))}
                aria-label={`${t('shared.downloaden')}: ${d.title}`}
              >
                {t('shared.downloaden')}
              </Button>
            </Group>
          ))}
        </Stack>
      )}
    </Paper>
  );
}

function DetailFrame({
  query,
  back,
  render,
}: {
  query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  back: { to: string; label: string };
  render: () => ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isPending)
    return (
      <>
        <PageHeader />
        <LoadingBlock />
      </>
    );
  if (query.isError)
    return (
      <>
        <PageHeader />
        {isApiError(query.error) && (query.error.status === 404 || query.error.status === 400) ? (
          <EmptyView title={t('error.niet_gevonden')}>
            <Anchor component={Link} to={back.to}>
              {back.label}
            </Anchor>
          </EmptyView>
        ) : (
          <ErrorView
            messageKey="Orders.ophalen_error"
            error={query.error}
            onRetry={() => void query.refetch()}
          />
        )}
      </>
    );
  return render();
}

const listPath: Record<Kind, string> = {
  delivery: paths.ordersAanvoer.to(),
  removal: paths.ordersAfvoer.to(),
  move_to: paths.ordersNaarVerplaatsing.to(),
  move_from: paths.ordersVanVerplaatsing.to(),
  transport: paths.aanvragen.to(),
};

/** One order: its data, lines with plant numbers, costs with the total, documents and where it came from. */
export function OrderDetailPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const { id = '' } = useParams();
  const query = useOrder(id);
  return (
    <DetailFrame
      query={query}
      back={{ to: paths.ordersAanvoer.to(), label: t('routes.OrdersAanvoer') }}
      render={() => {
        const o = query.data as OrderDetail;
        const moves = o.kind === 'move_to' || o.kind === 'move_from';
        const linkedPath = o.linkedOrder ? orderPath(o.linkedOrder.kind, o.linkedOrder.id) : null;
        return (
          <>
            <PageHeader
              title={`${t('Orders.order')} ${o.orderNo}`}
              description={`${t(kindKey[o.kind])} · ${o.locationNo} – ${o.locationDescription}`}
            />
            <Stack gap="lg">
              <Paper withBorder radius="md" p="md">
                <Group gap="sm" mb="md">
                  <OrderStatus status={o.status} />
                  <Anchor component={Link} to={listPath[o.kind]} size="sm">
                    {t('Orders.naar_lijst')}
                  </Anchor>
                </Group>
                <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
                  <Field label={t('Orders.orderdatum')}>{format.day(o.orderDate)}</Field>
                  <Field label={t('Aanvragen.geplande_datum')}>{format.day(o.plannedDate)}</Field>
                  <Field label={t('Orders.uitgevoerd_op')}>{format.day(o.executedDate)}</Field>
                  {moves ? (
                    <Field label={t(o.kind === 'move_to' ? 'Orders.van_locatie' : 'Orders.naar_locatie')}>
                      {o.counterpartLocationNo
                        ? `${o.counterpartLocationNo} – ${o.counterpartLocationDescription ?? ''}`
                        : ''}
                    </Field>
                  ) : (
                    <Field label={t('Orders.depot')}>{o.depotName ?? o.depotNo ?? ''}</Field>
                  )}
                  <Field label={t('Bestellen.adres')}>
                    {[o.street, [o.postcode, o.city].filter(Boolean).join(' ')].filter(Boolean).join('\n')}
                  </Field>
                  <Field label={t('Bestellen.contactpersoon')}>
                    {[o.contactPerson, o.phone].filter(Boolean).join(' · ')}
                  </Field>
                  <Field label={t('Bestellen.referentie')}>{o.reference}</Field>
                  <Field label={t('Aanvragen.aanvraag')}>
                    {o.requestId && o.requestNo ? (
                      <Anchor
                        component={Link}
                        to={paths.aanvraag.to(o.requestId)}
                        data-testid="order-request"
                      >
                        {o.requestNo}
                      </Anchor>
                    ) : null}
                  </Field>
                  {o.linkedOrder && (
                    <Field label={t('Orders.gekoppelde_order')}>
                      {linkedPath ? (
                        <Anchor component={Link} to={linkedPath}>
                          {o.linkedOrder.orderNo}
                        </Anchor>
                      ) : (
                        o.linkedOrder.orderNo
                      )}
                    </Field>
                  )}
                  {o.exitOrder && (
                    <Field label={t('routes.ExitOrders')}>
                      <Anchor
                        component={Link}
                        to={paths.exitOrder.to(o.exitOrder.id)}
                        data-testid="order-exit"
                      >
                        {o.exitOrder.exitOrderNo}
                      </Anchor>
                    </Field>
                  )}
                </SimpleGrid>
                {o.comment && (
                  <div style={{ marginTop: 16 }}>
                    <Field label={t('Bestellen.opmerking')}>{o.comment}</Field>
                  </div>
                )}
              </Paper>

              <Paper withBorder radius="md" p="md" component="section" aria-labelledby="order-lines">
                <Title order={2} size="h4" mb="sm" id="order-lines">
                  {t('Orders.regels')}
                </Title>

                <Table striped data-testid="order-lines">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('shared.omschrijving')}</Table.Th>
                      <Table.Th>{t('shared.materieelnummer')}</Table.Th>
                      <Table.Th style={num}>{t('shared.aantal')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {o.lines.map((l) => (
                      <Table.Tr key={l.lineNo}>
                        <Table.Td style={{ overflowWrap: 'anywhere' }}>
                          {l.description}
                          <Text size="xs" c="dimmed">
                            {l.itemNo}
                            {l.comment ? ` · ${l.comment}` : ''}
                          </Text>
                        </Table.Td>
                        <Table.Td style={{ overflowWrap: 'anywhere' }}>{l.plantNo ?? ''}</Table.Td>
                        <Table.Td style={num}>{format.number(l.quantity)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Paper>

              <Paper withBorder radius="md" p="md" component="section" aria-labelledby="order-costs">
                <Title order={2} size="h4" mb="sm" id="order-costs">
                  {t('Orders.kosten')}
                </Title>
                {o.costs.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    {t('Orders.geen_kosten')}
                  </Text>
                ) : (
                  <Table data-testid="order-costs">
                    <Table.Tbody>
                      {o.costs.map((c, i) => (
                        // biome-ignore lint/suspicious/noArrayIndexKey: costs have no key of their own here
                        <Table.Tr key={i}>
                          <Table.Td>{c.description}</Table.Td>
                          <Table.Td style={num}>
                            {format.number(c.quantity)} × {format.money(c.unitPrice)}
                          </Table.Td>
                          <Table.Td style={num}>{format.money(c.amount)}</Table.Td>
                        </Table.Tr>
                      ))}
                      <Table.Tr>
                        <Table.Td fw={700}>{t('shared.totaal')}</Table.Td>
                        <Table.Td />
                        <Table.Td style={num} fw={700}>
                          {format.money(o.costTotal)}
                        </Table.Td>
                      </Table.Tr>
                    </Table.Tbody>
                  </Table>
                )}
              </Paper>
              <Documents documents={o.documents} />
            </Stack>
          </>
        );
      }}
    />
  );
}

/** Exitorders: what left the selected location for good. */
export function ExitOrdersPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const location = useStore(selectedLocationStore);
  const [sp, setSp] = useSearchParams();
  const page = Math.max(1, Number(sp.get('page')) || 1);
  const list = useExitOrders(location?.locationNo ?? null, page, PAGE_SIZE);
  let body: ReactNode;
  if (!location) body = <LocationPrompt messageKey="Orders.kies_locatie" />;
  else if (list.isPending) body = <LoadingBlock />;
  else if (list.isError)
    body = (
      <ErrorView messageKey="Orders.ophalen_error" error={list.error} onRetry={() => void list.refetch()} />
    );
  else if (list.data.items.length === 0)
    body = <EmptyView title={t('ExitOrders.geen_exitorders')} icon={<IconPackage size={28} aria-hidden />} />;
  else
    body = (
      <Stack gap="md">
        <Text size="sm" c="dimmed" role="status">
          {t('shared.aantal_resultaten', { count: list.data.total })}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
          {list.data.items.map((x) => (
            <Card key={x.id} withBorder radius="md" padding="sm" data-testid="exit-row">
              <Group justify="space-between" wrap="nowrap">
                <Anchor component={Link} to={paths.exitOrder.to(x.id)} fw={700}>
                  {x.exitOrderNo}
                </Anchor>
                <Text size="sm">{format.day(x.exitDate)}</Text>
              </Group>
              <Text size="sm">{t('Orders.aantal_regels', { count: x.lineCount })}</Text>
              {x.problemCount > 0 ? (
                <Text size="sm" c="red.9">
                  {t('ExitOrders.afwijkingen', { count: x.problemCount })}
                  {Number(x.damageTotal) > 0 ? ` · ${format.money(x.damageTotal)}` : ''}
                </Text>
              ) : (
                <Text size="sm" c="dimmed">
                  {t('ExitOrders.alles_goed')}
                </Text>
              )}
              {x.orderNo && (
                <Text size="xs" c="dimmed">
                  {t('Orders.order')}: {x.orderNo}
                </Text>
              )}
            </Card>
          ))}
        </SimpleGrid>
        <ListPager
          pageSize={PAGE_SIZE}
          page={page}
          total={list.data.total}
          onChange={(p) =>
            setSp((prev) => {
              const n = new URLSearchParams(prev);
              if (p > 1) n.set('page', String(p));
              else n.delete('page');
              return n;
            })
          }
        />
      </Stack>
    );
  return (
    <>
      <PageHeader description={location ? `${t('Locatie.titel')}: ${location.label}` : undefined} />
      {body}
    </>
  );
}

function Photo({ photo, alt }: { photo: ExitOrderDetail['photos'][number]; alt: string }) {
  const { t } = useTranslation();
  const src = usePhoto(photo.url);
  const [open, setOpen] = useState(false);
  if (src.isPending) return <Skeleton h={120} radius="sm" />;
  if (src.isError)
    return (
      <Text size="sm" c="red.9">
        {t('ExitOrders.foto_fout')}
      </Text>
    );
  return (
    <>
      <UnstyledButton
        onClick={() => setOpen(true)}
        aria-label={`${t('shared.afbeelding_vergroten')}: ${alt}`}
      >
        <Image src={src.data} alt={alt} h={120} fit="cover" radius="sm" />
        {photo.caption && (
          <Text size="xs" c="dimmed" mt={4}>
            {photo.caption}
          </Text>
        )}
      </UnstyledButton>
      <Modal opened={open} onClose={() => setOpen(false)} title={alt} size="xl" centered>
        <Image src={src.data} alt={alt} fit="contain" mah="75vh" />
      </Modal>
    </>
  );
}

/** One exit order: each line's condition on return, damage, photos and documents. */
export function ExitOrderPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const { id = '' } = useParams();
  const query = useExitOrder(id);
  return (
    <DetailFrame
      query={query}
      back={{ to: paths.exitOrders.to(), label: t('routes.ExitOrders') }}
      render={() => {
        const x = query.data as ExitOrderDetail;
        return (
          <>
            <PageHeader
              title={`${t('ExitOrders.exitorder')} ${x.exitOrderNo}`}
              description={`${format.day(x.exitDate)} · ${x.locationNo} – ${x.locationDescription}`}
            />
            <Stack gap="lg">
              {x.remarks && (
                <Paper withBorder radius="md" p="md">
                  <Field label={t('Bestellen.opmerking')}>{x.remarks}</Field>
                </Paper>
              )}
              {x.orderId && x.orderNo && (
                <Text>
                  {t('Orders.order')}:{' '}
                  <Anchor component={Link} to={paths.orderAfvoer.to(x.orderId)}>
                    {x.orderNo}
                  </Anchor>
                </Text>
              )}
              <Paper withBorder radius="md" p="md" component="section" aria-labelledby="exit-lines">
                <Title order={2} size="h4" mb="sm" id="exit-lines">
                  {t('Orders.regels')}
                </Title>
                <Stack gap="sm" data-testid="exit-lines">
                  {x.lines.map((l) => (
                    <Group key={l.lineNo} justify="space-between" wrap="wrap" gap="xs">
                      <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
                        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                          {format.number(l.quantity)} × {l.description}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {l.itemNo}
                          {l.plantNo ? ` · ${t('shared.materieelnummer')}: ${l.plantNo}` : ''}
                          {l.remarks ? ` · ${l.remarks}` : ''}
                        </Text>
                      </Stack>
                      <Group gap="xs">
                        {l.damageAmount && Number(l.damageAmount) > 0 && (
                          <Text size="sm" fw={600}>
                            {format.money(l.damageAmount)}
                          </Text>
                        )}
                        <Badge color={conditionColor[l.condition]} c="dark.8" variant="light">
                          {t(`Materieeldienst.conditie.${l.condition}`)}
                        </Badge>
                      </Group>
                    </Group>
                  ))}
                </Stack>
                {Number(x.damageTotal) > 0 && (
                  <Text fw={700} mt="sm" ta="right">
                    {t('ExitOrders.schade_totaal')}: {format.money(x.damageTotal)}
                  </Text>
                )}
              </Paper>
              <Paper withBorder radius="md" p="md" component="section" aria-labelledby="exit-photos">
                <Title order={2} size="h4" mb="sm" id="exit-photos">
                  {t('ExitOrders.fotos')}
                </Title>
                {x.photos.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    {t('ExitOrders.geen_fotos')}
                  </Text>
                ) : (
                  <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" data-testid="exit-photos">
                    {x.photos.map((p) => {
                      const line = x.lines.find((l) => l.lineNo === p.lineNo);
                      return (
                        <Photo
                          key={p.id}
                          photo={p}
                          alt={
                            p.caption ??
                            (line ? `${line.itemNo} ${line.plantNo ?? ''}`.trim() : x.exitOrderNo)
                          }
                        />
                      );
                    })}
                  </SimpleGrid>
                )}
              </Paper>
              <Documents documents={x.documents} />
            </Stack>
          </>
        );
      }}
    />
  );
}
