import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Menu,
  Modal,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconDownload,
  IconFileInvoice,
  IconFileSpreadsheet,
  IconFileText,
  IconFileTypeCsv,
  IconSearch,
  IconTableExport,
} from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { buildUrl } from '../../../shared/api/client';
import { downloadFile } from '../../../shared/api/download-file';
import { isApiError } from '../../../shared/api/errors';
import { translateCode } from '../../../shared/i18n/i18n';
import { useStore } from '../../../shared/lib/store';
import { selectedLocationStore } from '../../../shared/session/location';
import { sessionStore } from '../../../shared/session/session';
import { useFormat } from '../../../shared/ui/format';
import { ListPager } from '../../../shared/ui/ListPager';
import { LoadingBlock } from '../../../shared/ui/LoadingBlock';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { EmptyView, ErrorView } from '../../../shared/ui/StateViews';
import { snackbar } from '../../../shared/ui/snackbar/snackbar-store';
import {
  type InvoiceDetail,
  type InvoiceLine,
  type InvoiceSummary,
  invoiceQuery,
  useCreditMemo,
  useInvoice,
  useInvoiceStatus,
  useInvoices,
  useInvoicingRun,
} from '../api/invoices';

// The invoices page (issue #13 part 3): the selected location's invoices and credit memos, or those of all my
// locations; filters by kind, status, period and words; one document's lines in a dialog with its PDF; the list as
// XLSX or CSV. The equipment department also marks a document paid and corrects an invoice with a credit memo.

const PAGE_SIZE = 25;
const num = { textAlign: 'right' as const, fontVariantNumeric: 'tabular-nums' as const };
const kindKey = { invoice: 'Facturen.soort.factuur', credit_memo: 'Facturen.soort.creditnota' } as const;
const lineKindKey = {
  rental: 'Facturen.regelsoort.rental',
  sale: 'Facturen.regelsoort.sale',
  cost: 'Facturen.regelsoort.cost',
  credit: 'Facturen.regelsoort.credit',
} as const;

function StatusBadge({ invoice }: { invoice: Pick<InvoiceSummary, 'status' | 'overdue'> }) {
  const { t } = useTranslation();
  const state = invoice.overdue ? 'overdue' : invoice.status;
  const color = { open: 'blue', paid: 'green', overdue: 'red' }[state];
  return (
    <Badge color={color} c="dark.8" variant="light" size="sm">
      {t(`Facturen.status.${state}`)}
    </Badge>
  );
}

function downloadPdf(invoice: Pick<InvoiceSummary, 'pdfUrl' | 'documentNo'>) {
  downloadFile(invoice.pdfUrl, `${invoice.documentNo}.pdf`).catch((e) => snackbar.error(e));
}

/** The period of a document or line as the language writes it. */
function usePeriod() {
  const format = useFormat();
  return (from: string | null, to: string | null) =>
    from && to ? (from === to ? format.day(from) : `${format.day(from)} – ${format.day(to)}`) : '';
}

export function FacturenPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const period = usePeriod();
  const location = useStore(selectedLocationStore);
  const narrow = useMediaQuery('(max-width: 48em)') ?? false;
  const [sp, setSp] = useSearchParams();
  const all = sp.get('scope') === 'all' || !location;
  const page = Math.max(1, Number(sp.get('page')) || 1);
  const filter = {
    locationNo: all ? null : (location?.locationNo ?? null),
    kind: sp.get('kind') ?? '',
    status: sp.get('status') ?? '',
    from: sp.get('from') ?? '',
    until: sp.get('until') ?? '',
    query: sp.get('q') ?? '',
  };
  const [draft, setDraft] = useState(filter.query);
  const open = sp.get('invoice');
  const invoices = useInvoices({ ...filter, page, pageSize: PAGE_SIZE });
  const set = (next: Record<string, string | undefined>) =>
    setSp(
      (prev) => {
        const p = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(next)) {
          if (v) p.set(k, v);
          else p.delete(k);
        }
        if (!('page' in next) && !('invoice' in next)) p.delete('page');
        return p;
      },
      { replace: !('invoice' in next) },
    );
  const filtered = Boolean(filter.kind || filter.status || filter.from || filter.until || filter.query);
  const exportTo = (format: 'xlsx' | 'csv') =>
    downloadFile(
      buildUrl('/SalesInvoices/export', { ...invoiceQuery(filter), format }),
      `facturen.${format}`,
    ).catch((e) => snackbar.error(e));

  let body: ReactNode;
  if (invoices.isPending) body = <LoadingBlock />;
  else if (invoices.isError)
    body = (
      <ErrorView
        messageKey="Facturen.ophalen_error"
        error={invoices.error}
        onRetry={() => void invoices.refetch()}
      />
    );
  else if (invoices.data.items.length === 0)
    body = (
      <EmptyView
        title={
          filtered
            ? t('Facturen.geen_facturen_filter')
            : t(all ? 'Facturen.geen_facturen_alle' : 'Facturen.geen_facturen')
        }
        icon={<IconFileInvoice size={28} aria-hidden />}
      />
    );
  else {
    const { items, total, totals } = invoices.data;
    const openRow = (i: InvoiceSummary) => set({ invoice: i.id });
    body = (
      <Stack gap="md" aria-busy={invoices.isPlaceholderData || undefined}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text size="sm" c="dimmed" role="status">
            {t('shared.aantal_resultaten', { count: total })}
          </Text>
          <Text size="sm" data-testid="invoice-totals">
            {t('Facturen.totaal_incl')}: <strong>{format.money(totals.amountInclVat)}</strong> ·{' '}
            {t('Facturen.openstaand')}: <strong>{format.money(totals.openInclVat)}</strong>
          </Text>
        </Group>
        {narrow ? (
          <Stack gap="sm">
            {items.map((i) => (
              <Card key={i.id} withBorder radius="md" padding="sm" data-testid="invoice-row">
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Anchor component="button" type="button" fw={700} onClick={() => openRow(i)}>
                    {i.documentNo}
                  </Anchor>
                  <StatusBadge invoice={i} />
                </Group>
                <Text size="sm">
                  {t(kindKey[i.kind])} · {format.day(i.documentDate)} ·{' '}
                  <strong>{format.money(i.amountInclVat)}</strong>
                </Text>
                <Text size="sm" c="dimmed">
                  {t('Facturen.vervaldatum')}: {format.day(i.dueDate)}
                  {i.periodFrom ? ` · ${period(i.periodFrom, i.periodTo)}` : ''}
                </Text>
                {all && (
                  <Text size="sm" c="dimmed">
                    {i.locationNo} – {i.locationDescription}
                  </Text>
                )}
              </Card>
            ))}
          </Stack>
        ) : (
          <Table.ScrollContainer minWidth={860}>
            <Table striped highlightOnHover verticalSpacing="sm" data-testid="invoice-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('Facturen.factuurnummer')}</Table.Th>
                  <Table.Th>{t('Facturen.soort_kolom')}</Table.Th>
                  {all && <Table.Th>{t('Facturen.locatie')}</Table.Th>}
                  <Table.Th>{t('Facturen.factuurdatum')}</Table.Th>
                  <Table.Th>{t('Facturen.vervaldatum')}</Table.Th>
                  <Table.Th>{t('Facturen.periode')}</Table.Th>
                  <Table.Th style={num}>{t('Facturen.bedrag_excl')}</Table.Th>
                  <Table.Th style={num}>{t('Facturen.bedrag_incl')}</Table.Th>
                  <Table.Th>{t('shared.status')}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>{t('Facturen.document_downloaden')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((i) => (
                  <Table.Tr key={i.id} data-testid="invoice-row">
                    <Table.Td>
                      <Anchor component="button" type="button" fw={600} onClick={() => openRow(i)}>
                        {i.documentNo}
                      </Anchor>
                      {i.appliesToDocumentNo && (
                        <Text size="xs" c="dimmed">
                          {t('Facturen.corrigeert', { number: i.appliesToDocumentNo })}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>{t(kindKey[i.kind])}</Table.Td>
                    {all && (
                      <Table.Td>
                        {i.locationNo}
                        <Text size="xs" c="dimmed">
                          {i.locationDescription}
                        </Text>
                      </Table.Td>
                    )}
                    <Table.Td>{format.day(i.documentDate)}</Table.Td>
                    <Table.Td>{format.day(i.dueDate)}</Table.Td>
                    <Table.Td>{period(i.periodFrom, i.periodTo)}</Table.Td>
                    <Table.Td style={num}>{format.money(i.amountExclVat)}</Table.Td>
                    <Table.Td style={num}>{format.money(i.amountInclVat)}</Table.Td>
                    <Table.Td>
                      <StatusBadge invoice={i} />
                    </Table.Td>
                    <Table.Td>
                      <Button
                        variant="subtle"
                        size="compact-md"
                        mih={36}
                        onClick={() => downloadPdf(i)}
                        aria-label={`${t('Facturen.document_downloaden')}: ${i.documentNo}`}
                      >
                        <IconDownload size={18} aria-hidden />
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <ListPager
          pageSize={PAGE_SIZE}
          page={page}
          total={total}
          onChange={(p) => set({ page: p > 1 ? String(p) : undefined })}
        />
      </Stack>
    );
  }

  return (
    <>
      <PageHeader
        description={
          all ? t('Facturen.alle_locaties_uitleg') : `${t('Locatie.titel')}: ${location?.label ?? ''}`
        }
        actions={
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <Button
                variant="default"
                mih={44}
                leftSection={<IconTableExport size={18} aria-hidden />}
                data-testid="invoice-export"
              >
                {t('Facturen.exporteren')}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item
                leftSection={<IconFileSpreadsheet size={18} aria-hidden />}
                onClick={() => void exportTo('xlsx')}
                data-testid="invoice-export-xlsx"
              >
                {t('Materieelvoorraad.export.xlsx')}
              </Menu.Item>
              <Menu.Item
                leftSection={<IconFileTypeCsv size={18} aria-hidden />}
                onClick={() => void exportTo('csv')}
              >
                {t('Materieelvoorraad.export.csv')}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        }
      />
      {location && (
        <SegmentedControl
          mb="md"
          value={all ? 'all' : 'location'}
          onChange={(v) => set({ scope: v === 'all' ? 'all' : undefined })}
          data={[
            { value: 'location', label: `${t('Facturen.deze_locatie')} (${location.locationNo})` },
            { value: 'all', label: t('Facturen.alle_locaties') },
          ]}
          aria-label={t('Facturen.bereik')}
          data-testid="invoice-scope"
        />
      )}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          set({ q: draft.trim() || undefined });
        }}
      >
        <Group align="end" gap="sm" mb="md" wrap="wrap">
          <TextInput
            label={t('Facturen.zoeken')}
            placeholder={t('Facturen.zoeken_hint')}
            value={draft}
            onChange={(e) => setDraft(e.currentTarget.value)}
            leftSection={<IconSearch size={16} aria-hidden />}
            maxLength={100}
            styles={{ input: { minHeight: 44 } }}
            style={{ flex: 1, minWidth: 200 }}
            data-testid="invoice-search"
          />
          <Select
            label={t('Facturen.soort_kolom')}
            placeholder={t('shared.alle')}
            data={(['invoice', 'credit_memo'] as const).map((k) => ({ value: k, label: t(kindKey[k]) }))}
            value={filter.kind || null}
            onChange={(v) => set({ kind: v ?? undefined })}
            clearable
            clearButtonProps={{ 'aria-label': t('shared.wissen') }}
            w={170}
            styles={{ input: { minHeight: 44 } }}
            data-testid="invoice-kind"
          />
          <Select
            label={t('shared.status')}
            placeholder={t('shared.alle')}
            data={(['open', 'overdue', 'paid'] as const).map((s) => ({
              value: s,
              label: t(`Facturen.status.${s}`),
            }))}
            value={filter.status || null}
            onChange={(v) => set({ status: v ?? undefined })}
            clearable
            clearButtonProps={{ 'aria-label': t('shared.wissen') }}
            w={170}
            styles={{ input: { minHeight: 44 } }}
            data-testid="invoice-status"
          />
          <TextInput
            type="date"
            label={t('Facturen.vanaf')}
            value={filter.from}
            onChange={(e) => set({ from: e.currentTarget.value || undefined })}
            styles={{ input: { minHeight: 44 } }}
            w={170}
          />
          <TextInput
            type="date"
            label={t('Facturen.tot_en_met')}
            value={filter.until}
            onChange={(e) => set({ until: e.currentTarget.value || undefined })}
            styles={{ input: { minHeight: 44 } }}
            w={170}
          />
          <Button type="submit" mih={44}>
            {t('shared.zoeken')}
          </Button>
        </Group>
      </form>
      {body}
      <InvoiceDialog id={open} onClose={() => set({ invoice: undefined })} />
    </>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text component="div" style={{ overflowWrap: 'anywhere' }}>
        {children || '–'}
      </Text>
    </div>
  );
}

/** One document: its data, lines, totals, attachments and PDF; for the department also paid / credit memo. */
function InvoiceDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const narrow = useMediaQuery('(max-width: 48em)') ?? false;
  const invoice = useInvoice(id);
  const title = invoice.data
    ? `${t(kindKey[invoice.data.kind])} ${invoice.data.documentNo}`
    : t('Facturen.regels');
  return (
    <Modal
      opened={id !== null}
      onClose={onClose}
      // the modal's title is its h2 already
      title={title}
      styles={{ title: { fontSize: 'var(--mantine-h4-font-size)', fontWeight: 700 } }}
      size="calc(min(1100px, 100vw - 32px))"
      fullScreen={narrow}
      closeButtonProps={{ 'aria-label': t('shared.sluiten') }}
    >
      {invoice.isPending ? (
        <LoadingBlock />
      ) : invoice.isError ? (
        isApiError(invoice.error) && invoice.error.status === 404 ? (
          <EmptyView title={t('error.niet_gevonden')} />
        ) : (
          <ErrorView
            messageKey="Facturen.ophalen_error"
            error={invoice.error}
            onRetry={() => void invoice.refetch()}
          />
        )
      ) : (
        <InvoiceView invoice={invoice.data} />
      )}
    </Modal>
  );
}

/**
 * A line's duration and price as its amount was computed (issue #31 item 16, decision 0022): rent shows how many
 * days or weeks at what price per day or week; a rent line written before lines knew their unit shows its days.
 */
function useLinePrice() {
  const { t } = useTranslation();
  const format = useFormat();
  const per = (unit: 'day' | 'week') => t(unit === 'week' ? 'Facturen.per_week' : 'Facturen.per_dag');
  return {
    per,
    duration: (l: InvoiceLine) =>
      l.priceUnit === 'week' && l.unitCount !== null
        ? t('Facturen.weken_aantal', { count: l.unitCount })
        : l.unitCount !== null || (l.kind === 'rental' && l.days !== null)
          ? t('Facturen.dagen_aantal', { count: l.unitCount ?? l.days ?? 0 })
          : '',
    unitPrice: (l: InvoiceLine) =>
      l.priceUnit ? `${format.money(l.unitPrice)} ${per(l.priceUnit)}` : format.money(l.unitPrice),
  };
}

function InvoiceView({ invoice: i }: { invoice: InvoiceDetail }) {
  const { t } = useTranslation();
  const format = useFormat();
  const period = usePeriod();
  const { duration, per, unitPrice } = useLinePrice();
  const narrow = useMediaQuery('(max-width: 48em)') ?? false;
  const user = useStore(sessionStore, (s) => s?.user ?? null);
  const department = Boolean(user?.isAdmin || user?.isDepartment);
  return (
    <Stack gap="md" data-testid="invoice-detail">
      <Group gap="sm">
        <StatusBadge invoice={i} />
        <Button
          leftSection={<IconFileText size={18} aria-hidden />}
          mih={44}
          onClick={() => downloadPdf(i)}
          data-testid="invoice-pdf"
        >
          {t('Facturen.document_downloaden')}
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
        <Field label={t('Facturen.factuurdatum')}>{format.day(i.documentDate)}</Field>
        <Field label={t('Facturen.vervaldatum')}>{format.day(i.dueDate)}</Field>
        <Field label={t('Facturen.periode')}>{period(i.periodFrom, i.periodTo)}</Field>
        <Field label={t('Facturen.uw_referentie')}>{i.yourReference}</Field>
        <Field label={t('Facturen.klant')}>{`${i.customerNo} – ${i.customerName}`}</Field>
        <Field label={t('Facturen.locatie')}>{`${i.locationNo} – ${i.locationDescription}`}</Field>
        {i.appliesToDocumentNo && (
          <Field label={t('Facturen.gecorrigeerde_factuur')}>{i.appliesToDocumentNo}</Field>
        )}
        {i.creditMemos.length > 0 && (
          <Field label={t('Facturen.creditnotas')}>
            {i.creditMemos.map((c) => `${c.documentNo} (${format.money(c.amountInclVat)})`).join(', ')}
          </Field>
        )}
      </SimpleGrid>
      <Title order={3} size="h5">
        {t('Facturen.regels')}
      </Title>
      {narrow ? (
        <Stack gap="xs" data-testid="invoice-lines">
          {i.lines.map((l) => (
            <Paper key={l.lineNo} withBorder p="xs" radius="sm">
              <Group justify="space-between" wrap="nowrap" align="start">
                <div style={{ minWidth: 0 }}>
                  <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {l.description}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t(lineKindKey[l.kind])}
                    {l.plantNo ? ` · ${l.plantNo}` : ''}
                    {l.orderNo ? ` · ${l.orderNo}` : ''}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {period(l.periodFrom, l.periodTo)} · {format.number(l.quantity)} ×{' '}
                    {duration(l) ? `${duration(l)} × ` : ''}
                    {unitPrice(l)}
                    {Number(l.discountPercent) > 0 ? ` −${format.number(l.discountPercent)} %` : ''}
                  </Text>
                </div>
                <Text size="sm" fw={600} style={num}>
                  {format.money(l.amount)}
                </Text>
              </Group>
            </Paper>
          ))}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={900}>
          <Table striped verticalSpacing="xs" data-testid="invoice-lines">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('shared.omschrijving')}</Table.Th>
                <Table.Th>{t('Facturen.soort_kolom')}</Table.Th>
                <Table.Th>{t('shared.materieelnummer')}</Table.Th>
                <Table.Th>{t('Facturen.order')}</Table.Th>
                <Table.Th>{t('Facturen.periode')}</Table.Th>
                <Table.Th style={num}>{t('Facturen.duur')}</Table.Th>
                <Table.Th style={num}>{t('shared.aantal')}</Table.Th>
                <Table.Th style={num}>{t('shared.prijs')}</Table.Th>
                <Table.Th style={num}>{t('Facturen.korting')}</Table.Th>
                <Table.Th style={num}>{t('Facturen.bedrag')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {i.lines.map((l) => (
                <Table.Tr key={l.lineNo}>
                  <Table.Td>
                    {l.description}
                    {l.itemNo && (
                      <Text size="xs" c="dimmed">
                        {l.itemNo}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{t(lineKindKey[l.kind])}</Table.Td>
                  <Table.Td>{l.plantNo ?? ''}</Table.Td>
                  <Table.Td>{l.orderNo ?? ''}</Table.Td>
                  <Table.Td>{period(l.periodFrom, l.periodTo)}</Table.Td>
                  <Table.Td style={{ ...num, whiteSpace: 'nowrap' }}>{duration(l)}</Table.Td>
                  <Table.Td style={num}>{format.number(l.quantity)}</Table.Td>
                  <Table.Td style={{ ...num, whiteSpace: 'nowrap' }}>
                    {format.money(l.unitPrice)}
                    {l.priceUnit && (
                      <Text span size="xs" c="dimmed" display="block">
                        {' '}
                        {per(l.priceUnit)}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td style={num}>
                    {Number(l.discountPercent) > 0 ? `${format.number(l.discountPercent)} %` : ''}
                  </Table.Td>
                  <Table.Td style={num}>{format.money(l.amount)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Stack gap={2} align="end" data-testid="invoice-sum">
        <Text size="sm">
          {t('Facturen.bedrag_excl')}: {format.money(i.amountExclVat)}
        </Text>
        <Text size="sm">
          {t('Facturen.btw_percentage', { percent: format.number(i.vatPercent) })}:{' '}
          {format.money(i.vatAmount)}
        </Text>
        <Text fw={700}>
          {t('Facturen.bedrag_incl')}: {format.money(i.amountInclVat)}
        </Text>
      </Stack>
      {i.attachments.length > 0 && (
        <Stack gap="xs">
          <Title order={3} size="h5">
            {t('Facturen.bijlagen')}
          </Title>
          {i.attachments.map((a) => (
            <Group key={a.id} justify="space-between" wrap="nowrap">
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {a.fileName}
              </Text>
              <Button
                variant="light"
                mih={44}
                leftSection={<IconDownload size={16} aria-hidden />}
                onClick={() => downloadFile(a.url, a.fileName).catch((e) => snackbar.error(e))}
                aria-label={`${t('shared.downloaden')}: ${a.fileName}`}
              >
                {t('shared.downloaden')}
              </Button>
            </Group>
          ))}
        </Stack>
      )}
      {department && <DepartmentActions invoice={i} />}
    </Stack>
  );
}

/** The department's corrections: paid / open, and a credit memo on an invoice. */
function DepartmentActions({ invoice: i }: { invoice: InvoiceDetail }) {
  const { t } = useTranslation();
  const status = useInvoiceStatus(i.id);
  const credit = useCreditMemo(i.id);
  const [description, setDescription] = useState('');
  const [amount, setAmount] = useState('');
  const fieldError = (field: string) => {
    const e = credit.error;
    if (!isApiError(e)) return undefined;
    const f = (e.details as { fields?: Record<string, { code: string; message?: string }> } | undefined)
      ?.fields?.[field];
    return f ? translateCode(f.code, f.message ?? '') : undefined;
  };
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="invoice-department">
      <Title order={3} size="h5" id="invoice-department" mb="sm">
        {t('routes.Materieeldienst')}
      </Title>
      <Group gap="sm" mb="md">
        <Button
          variant="light"
          mih={44}
          loading={status.isPending}
          onClick={() =>
            status.mutate(i.status === 'paid' ? 'open' : 'paid', {
              onSuccess: () => snackbar.success('shared.wijzigingen_opgeslagen'),
              onError: (e) => snackbar.error(e),
            })
          }
          data-testid="invoice-mark"
        >
          {i.status === 'paid' ? t('Facturen.markeer_open') : t('Facturen.markeer_betaald')}
        </Button>
      </Group>
      {i.kind === 'invoice' && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            credit.mutate(
              { description: description.trim(), amountExclVat: amount.trim().replace(',', '.') },
              {
                onSuccess: (r) => {
                  snackbar.success('Facturen.creditnota.gemaakt', { number: r.documentNo });
                  setDescription('');
                  setAmount('');
                },
                onError: (e) => {
                  if (!isApiError(e) || !(e.status === 400 || e.status === 422)) snackbar.error(e);
                },
              },
            );
          }}
        >
          <Group align="start" gap="sm" wrap="wrap">
            <TextInput
              label={t('Facturen.creditnota.reden')}
              value={description}
              onChange={(e) => setDescription(e.currentTarget.value)}
              maxLength={200}
              required
              error={fieldError('description')}
              style={{ flex: 1, minWidth: 220 }}
              styles={{ input: { minHeight: 44 } }}
            />
            <TextInput
              label={t('Facturen.creditnota.bedrag')}
              value={amount}
              onChange={(e) => setAmount(e.currentTarget.value)}
              inputMode="decimal"
              required
              error={fieldError('amountExclVat')}
              w={180}
              styles={{ input: { minHeight: 44 } }}
            />
            <Button type="submit" mt={25} mih={44} loading={credit.isPending} data-testid="invoice-credit">
              {t('Facturen.creditnota.maken')}
            </Button>
          </Group>
        </form>
      )}
    </Paper>
  );
}

const monthOf = (day: Date) => `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}`;

/** The department's invoicing run (/materieeldienst/facturatie): a month that is over, all locations or some. */
export function FacturatiePage() {
  const { t } = useTranslation();
  const format = useFormat();
  const run = useInvoicingRun();
  const now = new Date();
  const [month, setMonth] = useState(monthOf(new Date(now.getFullYear(), now.getMonth() - 1, 1)));
  const [locations, setLocations] = useState('');
  const fieldError = (field: string) => {
    const e = run.error;
    if (!isApiError(e)) return undefined;
    const f = (
      e.details as
        | { fields?: Record<string, { code: string; message?: string; params?: Record<string, unknown> }> }
        | undefined
    )?.fields?.[field];
    return f ? translateCode(f.code, f.message ?? '', f.params) : undefined;
  };
  const result = run.data;
  return (
    <>
      <PageHeader description={t('Facturen.run.uitleg')} />
      <Paper withBorder radius="md" p="md" mb="lg">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            const numbers = locations
              .split(/[\s,;]+/)
              .map((n) => n.trim())
              .filter(Boolean);
            run.mutate(
              { month, ...(numbers.length ? { locations: numbers } : {}) },
              {
                onError: (err) =>
                  !isApiError(err) || !(err.status === 400 || err.status === 422)
                    ? snackbar.error(err)
                    : undefined,
              },
            );
          }}
        >
          <Group align="start" gap="sm" wrap="wrap">
            <TextInput
              type="month"
              label={t('Facturen.run.maand')}
              value={month}
              onChange={(e) => setMonth(e.currentTarget.value)}
              required
              error={fieldError('month')}
              w={200}
              styles={{ input: { minHeight: 44 } }}
              data-testid="run-month"
            />
            <TextInput
              label={t('Facturen.run.locaties')}
              description={t('Facturen.run.locaties_hint')}
              value={locations}
              onChange={(e) => setLocations(e.currentTarget.value)}
              error={fieldError('locations')}
              style={{ flex: 1, minWidth: 220 }}
              styles={{ input: { minHeight: 44 } }}
              data-testid="run-locations"
            />
            <Button type="submit" mt={25} mih={44} loading={run.isPending} data-testid="run-start">
              {t('Facturen.run.starten')}
            </Button>
          </Group>
        </form>
      </Paper>
      {result && (
        <Stack gap="sm" data-testid="run-result">
          <Text role="status">
            {t('Facturen.run.resultaat', {
              period: `${format.day(result.periodFrom)} – ${format.day(result.periodTo)}`,
              locations: result.locations,
              created: result.created.length,
              skipped: result.skipped,
            })}
          </Text>
          {result.created.length > 0 && (
            <Table.ScrollContainer minWidth={560}>
              <Table striped verticalSpacing="xs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('Facturen.factuurnummer')}</Table.Th>
                    <Table.Th>{t('Facturen.soort_kolom')}</Table.Th>
                    <Table.Th>{t('Facturen.locatie')}</Table.Th>
                    <Table.Th style={num}>{t('Facturen.aantal_regels')}</Table.Th>
                    <Table.Th style={num}>{t('Facturen.bedrag_incl')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {result.created.map((c) => (
                    <Table.Tr key={c.id}>
                      <Table.Td>{c.documentNo}</Table.Td>
                      <Table.Td>{t(kindKey[c.kind])}</Table.Td>
                      <Table.Td>{c.locationNo}</Table.Td>
                      <Table.Td style={num}>{c.lineCount}</Table.Td>
                      <Table.Td style={num}>{format.money(c.amountInclVat)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Stack>
      )}
    </>
  );
}
