import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  FileInput,
  Flex,
  Group,
  Image,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  complaintFileTypes,
  MAX_COMPLAINT_FILE_BYTES,
  MAX_COMPLAINT_FILES,
} from '@mp/contract/api/complaints';
import { type ComplaintStatus, complaintStatuses, complaintStatusKey } from '@mp/contract/rules/complaints';
import { IconDownload, IconFileText, IconLock, IconMessageCircle, IconPaperclip } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { downloadFile } from '../../../shared/api/download-file';
import { serverFieldErrors } from '../../../shared/lib/form-errors';
import { paths } from '../../../shared/lib/paths';
import { useFormat } from '../../../shared/ui/format';
import { ListPager } from '../../../shared/ui/ListPager';
import { LoadingBlock } from '../../../shared/ui/LoadingBlock';
import { EmptyView, ErrorView } from '../../../shared/ui/StateViews';
import { snackbar } from '../../../shared/ui/snackbar/snackbar-store';
import {
  type ComplaintDetail,
  type ComplaintDocument,
  type ComplaintSummary,
  type ListScope,
  useAddDocuments,
  useAddLine,
  useComplaints,
  useFileUrl,
} from '../api/complaints';

// The pieces the complaint pages share (issue #13 part 5): status badge, list with filters, the complaint's data,
// its conversation, its documents, and the file picker with the server's limits checked before sending.

export const PAGE_SIZE = 25;
const MB = MAX_COMPLAINT_FILE_BYTES / 1024 / 1024;
const statusColor: Record<ComplaintStatus, string> = {
  open: 'blue',
  in_progress: 'yellow',
  resolved: 'green',
  closed: 'gray',
};

export function ComplaintStatusBadge({ status }: { status: ComplaintStatus }) {
  const { t } = useTranslation();
  return (
    <Badge
      color={statusColor[status]}
      c="dark.8"
      variant="light"
      size="sm"
      // the whole word, also in a narrow table column
      styles={{ root: { maxWidth: 'none', flexShrink: 0 }, label: { overflow: 'visible' } }}
      data-testid="complaint-status"
    >
      {t(complaintStatusKey[status])}
    </Badge>
  );
}

export const typeLabel = (t: (k: string) => string, type: string) => {
  const label = t(`Klachten.typen.${type}`);
  return label === `Klachten.typen.${type}` ? type : label;
};

/** The list's filters in the address (status, q, page), so a reload or a shared link shows the same. */
export function useListFilters() {
  const [sp, setSp] = useSearchParams();
  const statusParam = sp.get('status') ?? '';
  const status = (complaintStatuses as readonly string[]).includes(statusParam)
    ? (statusParam as ComplaintStatus)
    : undefined;
  const query = sp.get('q') ?? '';
  const page = Math.max(1, Number(sp.get('page')) || 1);
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
  return { status, query, page, set };
}

/** The page numbers of a complaint list (PAGE_SIZE a page). */
export function Pager(props: { page: number; total: number; onChange: (p: number) => void }) {
  return <ListPager {...props} pageSize={PAGE_SIZE} />;
}

/** Status filter and word search above a list. */
export function ListFilters({
  status,
  query,
  set,
  searchLabel,
}: {
  status?: ComplaintStatus;
  query: string;
  set: (next: Record<string, string | undefined>) => void;
  searchLabel: string;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(query);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        set({ q: draft.trim() || undefined });
      }}
    >
      <Group align="end" gap="sm" mb="md" wrap="wrap">
        <Select
          label={t('shared.status')}
          placeholder={t('Klachten.alle_statussen')}
          data={complaintStatuses.map((s) => ({ value: s, label: t(complaintStatusKey[s]) }))}
          value={status ?? null}
          onChange={(v) => set({ status: v ?? undefined })}
          clearable
          clearButtonProps={{ 'aria-label': t('shared.wissen') }}
          styles={{ input: { minHeight: 44 } }}
          w={{ base: '100%', xs: 200 }}
          data-testid="complaint-status-filter"
        />
        <TextInput
          label={searchLabel}
          value={draft}
          onChange={(e) => setDraft(e.currentTarget.value)}
          styles={{ input: { minHeight: 44 } }}
          w={{ base: '100%', xs: 320 }}
          data-testid="complaint-search"
        />
        <Button type="submit" mih={44}>
          {t('shared.zoeken')}
        </Button>
      </Group>
    </form>
  );
}

function ComplaintCard({ c, to, showLocation }: { c: ComplaintSummary; to: string; showLocation: boolean }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <Card withBorder radius="md" padding="sm" data-testid="complaint-row" data-complaint-no={c.complaintNo}>
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Anchor component={Link} to={to} fw={700}>
            {c.complaintNo}
          </Anchor>
          <ComplaintStatusBadge status={c.status} />
        </Group>
        <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
          {c.subject}
        </Text>
        <Text size="sm">
          {typeLabel(t, c.type)}
          {showLocation ? ` · ${c.locationNo} – ${c.locationDescription}` : ''}
        </Text>
        <Text size="sm" c="dimmed">
          {t('Klachten.ingediend_op')}: {format.day(c.createdAt.slice(0, 10))}
          {c.expectedResolutionDate
            ? ` · ${t('Klachten.verwachte_oplossing')}: ${format.day(c.expectedResolutionDate)}`
            : ''}
        </Text>
      </Stack>
    </Card>
  );
}

function ComplaintTable({
  items,
  link,
  showLocation,
  extra,
}: {
  items: ComplaintSummary[];
  link: (id: string) => string;
  showLocation: boolean;
  extra?: { label: string; value: (c: ComplaintSummary) => ReactNode };
}) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <Table.ScrollContainer minWidth={820}>
      <Table striped verticalSpacing="sm" data-testid="complaint-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('Klachten.klachtnummer')}</Table.Th>
            <Table.Th>{t('Klachten.onderwerp')}</Table.Th>
            <Table.Th>{t('Klachten.type')}</Table.Th>
            {extra && <Table.Th>{extra.label}</Table.Th>}
            {showLocation && <Table.Th>{t('Klachten.locatie')}</Table.Th>}
            <Table.Th>{t('shared.status')}</Table.Th>
            <Table.Th>{t('Klachten.ingediend_op')}</Table.Th>
            <Table.Th>{t('Klachten.verwachte_oplossing')}</Table.Th>
            <Table.Th>{t('Klachten.laatste_bericht')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((c) => (
            <Table.Tr key={c.id} data-testid="complaint-row" data-complaint-no={c.complaintNo}>
              <Table.Td>
                <Anchor component={Link} to={link(c.id)} fw={600}>
                  {c.complaintNo}
                </Anchor>
              </Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{c.subject}</Table.Td>
              <Table.Td>{typeLabel(t, c.type)}</Table.Td>
              {extra && <Table.Td>{extra.value(c)}</Table.Td>}
              {showLocation && (
                <Table.Td>
                  {c.locationNo}
                  <Text size="xs" c="dimmed">
                    {c.locationDescription}
                  </Text>
                </Table.Td>
              )}
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <ComplaintStatusBadge status={c.status} />
              </Table.Td>
              <Table.Td>{format.day(c.createdAt.slice(0, 10))}</Table.Td>
              <Table.Td>{c.expectedResolutionDate ? format.day(c.expectedResolutionDate) : ''}</Table.Td>
              <Table.Td>
                {format.dateTime(c.lastMessageAt)}
                {c.lastAuthor && (
                  <Text size="xs" c="dimmed">
                    {c.lastAuthor === 'department' ? t('Klachten.materieeldienst') : (c.userName ?? '')}
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The rows of a list, as a table on wide screens and as cards on a phone. */
export function ComplaintRows({
  items,
  link,
  showLocation,
  extra,
}: {
  items: ComplaintSummary[];
  link: (id: string) => string;
  showLocation: boolean;
  extra?: { label: string; value: (c: ComplaintSummary) => ReactNode };
}) {
  const narrow = useMediaQuery('(max-width: 48em)') ?? false;
  return narrow ? (
    <Stack gap="sm">
      {items.map((c) => (
        <ComplaintCard key={c.id} c={c} to={link(c.id)} showLocation={showLocation} />
      ))}
    </Stack>
  ) : (
    <ComplaintTable items={items} link={link} showLocation={showLocation} extra={extra} />
  );
}

/** A list of complaints (one location, all mine, management) with its states: loading, error, empty, rows. */
export function ComplaintListView({ scope, link }: { scope: ListScope; link: (id: string) => string }) {
  const { t } = useTranslation();
  const { status, query, page, set } = useListFilters();
  const list = useComplaints({ scope, status, query, page, pageSize: PAGE_SIZE });
  let body: ReactNode;
  if (list.isPending) body = <LoadingBlock />;
  else if (list.isError)
    body = (
      <ErrorView messageKey="Klachten.ophalen_error" error={list.error} onRetry={() => void list.refetch()} />
    );
  else if (list.data.items.length === 0)
    body = (
      <EmptyView
        title={status || query ? t('Klachten.geen_klachten_filter') : t('Klachten.geen_klachten')}
        icon={<IconMessageCircle size={28} aria-hidden />}
      />
    );
  else
    body = (
      <Stack gap="md" aria-busy={list.isPlaceholderData || undefined}>
        <Text size="sm" c="dimmed" role="status">
          {t('shared.aantal_resultaten', { count: list.data.total })}
        </Text>
        <ComplaintRows items={list.data.items} link={link} showLocation={scope.kind !== 'location'} />
        <Pager
          page={page}
          total={list.data.total}
          onChange={(p) => set({ page: p > 1 ? String(p) : undefined })}
        />
      </Stack>
    );
  return (
    <>
      <ListFilters status={status} query={query} set={set} searchLabel={t('Klachten.zoeken')} />
      {body}
    </>
  );
}

// ── one complaint ───────────────────────────────────────────────────────────────────────────────

/** The client's own check of the files against the server's limits (the server checks again, by content). */
export function checkFiles(files: File[]): { key: string; params: Record<string, string | number> } | null {
  if (files.length > MAX_COMPLAINT_FILES)
    return { key: 'Klachten.validatie.te_veel_bestanden', params: { max: MAX_COMPLAINT_FILES } };
  for (const f of files) {
    if (f.type && !complaintFileTypes.includes(f.type))
      return { key: 'Klachten.validatie.bestand_type', params: { name: f.name } };
    if (f.size > MAX_COMPLAINT_FILE_BYTES)
      return { key: 'Klachten.validatie.bestand_groot', params: { name: f.name, max: MB } };
  }
  return null;
}

export function FilePicker({
  value,
  onChange,
  error,
}: {
  value: File[];
  onChange: (files: File[]) => void;
  error?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <FileInput
      label={t('Klachten.bestanden')}
      description={t('Klachten.bestanden_uitleg', { max: MB, count: MAX_COMPLAINT_FILES })}
      placeholder={t('Klachten.bestanden_kiezen')}
      multiple
      accept={complaintFileTypes.join(',')}
      value={value}
      onChange={(files) => onChange(files ?? [])}
      clearable
      clearButtonProps={{ 'aria-label': t('shared.wissen') }}
      leftSection={<IconPaperclip size={16} aria-hidden />}
      error={error}
      styles={{ input: { minHeight: 44 } }}
      data-testid="complaint-files"
    />
  );
}

/** One fact: label beside its value, the label above it on a phone. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Flex
      direction={{ base: 'column', sm: 'row' }}
      gap={{ base: 0, sm: 'md' }}
      py={6}
      style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
    >
      <Text component="dt" size="sm" fw={700} w={{ sm: 180 }} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Flex>
  );
}

/** What the complaint is: number, type, location, who and when, the expected date, what it is about. */
/** An order's page on the customer's side (a transport order has none of its own). */
function orderPath(kind: string, id: string): string | null {
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

export function ComplaintFacts({
  c,
  extra,
  orderLink = true,
}: {
  c: ComplaintDetail;
  extra?: ReactNode;
  /** Link the order to its page (the customer's; the department reads orders elsewhere). */
  orderLink?: boolean;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={2} size="h4" mb="xs">
        {t('Klachten.gegevens')}
      </Title>
      <Box component="dl" m={0} data-testid="complaint-facts">
        <Fact label={t('shared.status')}>
          <ComplaintStatusBadge status={c.status} />
        </Fact>
        <Fact label={t('Klachten.type')}>{typeLabel(t, c.type)}</Fact>
        <Fact label={t('Klachten.locatie')}>
          {c.locationNo} – {c.locationDescription}
        </Fact>
        {extra}
        <Fact label={t('Klachten.ingediend_door')}>{c.userName ?? ''}</Fact>
        <Fact label={t('Klachten.ingediend_op')}>{format.dateTime(c.createdAt)}</Fact>
        <Fact label={t('Klachten.verwachte_oplossing')}>
          <span data-testid="complaint-expected">
            {c.expectedResolutionDate ? format.day(c.expectedResolutionDate) : ''}
          </span>
        </Fact>
        {c.resolvedAt && <Fact label={t('Klachten.opgelost_op')}>{format.dateTime(c.resolvedAt)}</Fact>}
        {c.item && (
          <Fact label={t('Klachten.item')}>
            <Anchor component={Link} to={paths.details.to(c.item.itemNo)} size="sm" underline="always">
              {c.item.itemNo}
            </Anchor>{' '}
            – {c.item.description}
          </Fact>
        )}
        {c.plant && <Fact label={t('Klachten.plant')}>{c.plant.plantNo}</Fact>}
        {c.order && (
          <Fact label={t('Klachten.order')}>
            {orderLink && orderPath(c.order.kind, c.order.id) ? (
              <Anchor
                component={Link}
                to={orderPath(c.order.kind, c.order.id) as string}
                size="sm"
                underline="always"
              >
                {c.order.orderNo}
              </Anchor>
            ) : (
              c.order.orderNo
            )}
          </Fact>
        )}
        {c.invoice && <Fact label={t('Klachten.factuur')}>{c.invoice.invoiceNo}</Fact>}
      </Box>
    </Paper>
  );
}

/** The lines of the user and the department, oldest first. */
export function Conversation({ c, children }: { c: ComplaintDetail; children?: ReactNode }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={2} size="h4" mb="sm">
        {t('Klachten.gesprek')}
      </Title>
      <Stack gap="sm" data-testid="complaint-lines">
        {c.lines.map((l) => {
          const dept = l.author === 'department';
          return (
            <Paper
              key={l.id}
              radius="md"
              p="sm"
              bg={dept ? 'var(--mantine-color-blue-light)' : 'var(--mantine-color-gray-light)'}
              ml={dept ? 0 : { base: 'md', sm: 'xl' }}
              mr={dept ? { base: 'md', sm: 'xl' } : 0}
              data-testid="complaint-line"
              data-author={l.author}
            >
              <Group justify="space-between" gap="xs" mb={4} wrap="wrap">
                <Text size="sm" fw={700}>
                  {l.authorName ?? (dept ? t('Klachten.materieeldienst') : '')}
                </Text>
                <Text size="xs" c="dimmed">
                  {format.dateTime(l.createdAt)}
                </Text>
              </Group>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {l.message}
              </Text>
            </Paper>
          );
        })}
      </Stack>
      {children}
    </Paper>
  );
}

function DocumentTile({ d }: { d: ComplaintDocument }) {
  const { t } = useTranslation();
  const photo = d.contentType.startsWith('image/');
  const src = useFileUrl(d.url, photo);
  return (
    <Card withBorder radius="md" padding="xs" data-testid="complaint-document">
      {photo && (
        <Card.Section>
          {src.data ? (
            <Image src={src.data} alt={d.fileName} h={120} fit="cover" />
          ) : (
            <div style={{ height: 120 }} />
          )}
        </Card.Section>
      )}
      <Group gap={6} mt={photo ? 'xs' : 0} wrap="nowrap">
        {!photo && <IconFileText size={18} aria-hidden />}
        <Text size="sm" truncate style={{ flex: 1 }} title={d.fileName}>
          {d.fileName}
        </Text>
      </Group>
      <Button
        variant="subtle"
        size="compact-sm"
        fullWidth
        px={2}
        mt={4}
        mih={36}
        leftSection={<IconDownload size={14} aria-hidden />}
        onClick={() => void downloadFile(d.url, d.fileName).catch((e) => snackbar.error(e))}
        aria-label={`${t('shared.downloaden')}: ${d.fileName}`}
      >
        {t('shared.downloaden')}
      </Button>
    </Card>
  );
}

/** The documents, and (when the caller may add) the picker to add more. */
export function Documents({
  c,
  mayAdd,
  department = false,
}: {
  c: ComplaintDetail;
  mayAdd: boolean;
  department?: boolean;
}) {
  const { t } = useTranslation();
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<ReactNode>(null);
  const add = useAddDocuments(department);
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={2} size="h4" mb="sm">
        {t('Klachten.documenten')}
      </Title>
      {c.documents.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('Klachten.geen_documenten')}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm" data-testid="complaint-documents">
          {c.documents.map((d) => (
            <DocumentTile key={d.id} d={d} />
          ))}
        </SimpleGrid>
      )}
      {mayAdd && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            const problem = checkFiles(files);
            if (problem) return setError(t(problem.key, problem.params));
            if (files.length === 0) return setError(t('validation.verplicht'));
            setError(null);
            add.mutate(
              { id: c.id, files },
              {
                onSuccess: () => {
                  setFiles([]);
                  snackbar.success('Klachten.documenten_toegevoegd');
                },
                onError: (e) => setError(<ErrorText error={e} />),
              },
            );
          }}
        >
          <Group align="end" gap="sm" mt="md" wrap="wrap">
            <div style={{ flex: 1, minWidth: 220 }}>
              <FilePicker value={files} onChange={setFiles} error={error} />
            </div>
            <Button type="submit" mih={44} loading={add.isPending} data-testid="complaint-upload">
              {t('Klachten.uploaden')}
            </Button>
          </Group>
        </form>
      )}
    </Paper>
  );
}

/** A refused call's reason, in the user's language. */
export function ErrorText({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const e = error as { code?: string; message?: string };
  const text = typeof e?.code === 'string' ? t(e.code, { defaultValue: e.message ?? '' }) : '';
  return <>{text || t('error.algemene_error')}</>;
}

/** The user's reply (while the complaint is not closed) or why there is none. */
export function ReplyForm({ c }: { c: ComplaintDetail }) {
  const { t } = useTranslation();
  const [message, setMessage] = useState('');
  const [error, setError] = useState<ReactNode>(null);
  const add = useAddLine();
  if (c.status === 'closed')
    return (
      <Alert
        color="gray"
        variant="light"
        icon={<IconLock aria-hidden />}
        mt="md"
        data-testid="complaint-closed"
      >
        {t('Klachten.gesloten')}
      </Alert>
    );
  if (!c.mayAdd) return null;
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (!message.trim()) return setError(t('validation.verplicht'));
        setError(null);
        add.mutate(
          { id: c.id, message: message.trim() },
          {
            onSuccess: () => {
              setMessage('');
              snackbar.success('Klachten.bericht_verzonden');
            },
            onError: (err) => setError(serverFieldErrors(err)?.message ?? <ErrorText error={err} />),
          },
        );
      }}
    >
      <Stack gap="xs" mt="md">
        <Textarea
          label={t('Klachten.bericht_toevoegen')}
          placeholder={t('Klachten.bericht_placeholder')}
          value={message}
          onChange={(e) => setMessage(e.currentTarget.value)}
          autosize
          minRows={3}
          maxLength={4000}
          error={error}
          data-testid="complaint-reply"
        />
        <Group justify="flex-end">
          <Button type="submit" mih={44} loading={add.isPending} data-testid="complaint-reply-send">
            {t('Klachten.versturen')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
