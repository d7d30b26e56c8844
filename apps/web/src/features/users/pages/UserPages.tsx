import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  FileInput,
  Group,
  Modal,
  Paper,
  Progress,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { userSorts } from '@mp/contract/api/users';
import { locales } from '@mp/contract/i18n';
import {
  IconCheck,
  IconCircleCheck,
  IconFileImport,
  IconMailForward,
  IconPencil,
  IconRefresh,
  IconSearch,
  IconTrash,
  IconUserPlus,
  IconX,
} from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../shared/lib/paths';
import { useStore } from '../../../shared/lib/store';
import { sessionStore } from '../../../shared/session/session';
import { AreaPage } from '../../../shared/ui/AreaPage';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { useFormat } from '../../../shared/ui/format';
import { ListPager } from '../../../shared/ui/ListPager';
import { LoadingBlock } from '../../../shared/ui/LoadingBlock';
import { EmptyView, ErrorView } from '../../../shared/ui/StateViews';
import { snackbar } from '../../../shared/ui/snackbar/snackbar-store';
import {
  fileToBase64,
  type ImportPreview,
  type ListParams,
  type UserSummary,
  useApproveUser,
  useCreateUser,
  useDeleteUser,
  useImportJob,
  usePreviewImport,
  useRejectUser,
  useResendInvitation,
  useStartImport,
  useSyncUsers,
  useUpdateUser,
  useUser,
  useUserFormOptions,
  useUsers,
} from '../api/users';
import { initialValues, UserForm } from '../components/UserForm';

/** The user pages are for admins and key users (decision 0023); others see why (the server refuses anyway). */
function UsersGate({ children }: { children: ReactNode }) {
  const allowed = useStore(sessionStore, (s) => s?.user.isAdmin === true || s?.user.isKeyUser === true);
  return allowed ? children : <ErrorView messageKey="error.geen_toegang" />;
}

/** A status word on a light badge, dark text (AA contrast), the whole word also in a narrow column. */
function Tag({ color, children }: { color: string; children: ReactNode }) {
  return (
    <Badge
      color={color}
      c="dark.8"
      variant="light"
      size="sm"
      styles={{ root: { maxWidth: 'none', flexShrink: 0 }, label: { overflow: 'visible' } }}
    >
      {children}
    </Badge>
  );
}

function StatusBadge({ u }: { u: UserSummary }) {
  const { t } = useTranslation();
  if (u.pending) return <Tag color="yellow">{t('Gebruikers.status.wacht')}</Tag>;
  if (u.disabled) return <Tag color="gray">{t('Gebruikers.status.geblokkeerd')}</Tag>;
  if (u.invited) return <Tag color="blue">{t('Gebruikers.status.uitgenodigd')}</Tag>;
  return <Tag color="green">{t('Gebruikers.status.actief')}</Tag>;
}

/** /gebruikers: search, sort and page on the server; the pending filter with approve and reject; edit and delete. */
export function GebruikersPage() {
  return (
    <UsersGate>
      <UsersList />
    </UsersGate>
  );
}

function UsersList() {
  const { t } = useTranslation();
  const format = useFormat();
  const isAdmin = useStore(sessionStore, (s) => s?.user.isAdmin === true);
  const myId = useStore(sessionStore, (s) => s?.user.id ?? null);
  const narrow = useMediaQuery('(max-width: 48em)') ?? false;
  const [query, setQuery] = useState('');
  const [debounced] = useDebouncedValue(query, 300);
  const [params, setParams] = useState<Omit<ListParams, 'query'>>({
    sort: 'name',
    direction: 'asc',
    page: 1,
    pageSize: 25,
    pending: false,
  });
  const list = useUsers({ ...params, query: debounced.trim() });
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<UserSummary | null>(null);
  const [rejecting, setRejecting] = useState<UserSummary | null>(null);
  const remove = useDeleteUser();
  const approve = useApproveUser();
  const reject = useRejectUser();
  const invite = useResendInvitation();
  const sync = useSyncUsers();
  const set = (patch: Partial<typeof params>) => setParams((p) => ({ ...p, page: 1, ...patch }));

  const actions = (
    <Group gap="xs">
      <Button
        component={Link}
        to={paths.gebruikerAanmaken.to()}
        leftSection={<IconUserPlus size={18} aria-hidden />}
      >
        {t('Gebruikers.nieuwe_gebruiker')}
      </Button>
      <Button
        variant="light"
        component={Link}
        to={paths.gebruikersImporteren.to()}
        leftSection={<IconFileImport size={18} aria-hidden />}
      >
        {t('Gebruikers.importeren')}
      </Button>
      {isAdmin && (
        <Button
          variant="subtle"
          leftSection={<IconRefresh size={18} aria-hidden />}
          loading={sync.isPending}
          onClick={() =>
            sync.mutate(undefined, {
              onSuccess: (a) => snackbar.info(a.code, { checked: a.checked, relinked: a.relinked.length }),
              onError: (e) => snackbar.error(e),
            })
          }
          data-testid="users-sync"
        >
          {t('Gebruikers.synchroniseren')}
        </Button>
      )}
    </Group>
  );

  const rowActions = (u: UserSummary) => (
    <Group gap={4} wrap={narrow ? 'wrap' : 'nowrap'} justify="flex-end">
      {u.pending ? (
        <>
          <Button
            size="xs"
            h={44}
            color="green.9"
            leftSection={<IconCheck size={16} aria-hidden />}
            loading={approve.isPending && approve.variables === u.id}
            onClick={() =>
              approve.mutate(u.id, {
                onSuccess: () => snackbar.success('Gebruikers.goedgekeurd'),
                onError: (e) => snackbar.error(e),
              })
            }
            data-testid={`user-approve-${u.email}`}
          >
            {t('Gebruikers.goedkeuren')}
          </Button>
          <Button
            size="xs"
            h={44}
            variant="light"
            color="red"
            leftSection={<IconX size={16} aria-hidden />}
            onClick={() => setRejecting(u)}
            data-testid={`user-reject-${u.email}`}
          >
            {t('Gebruikers.afwijzen')}
          </Button>
        </>
      ) : (
        <>
          {u.invited && !u.disabled && (
            <Button
              size="xs"
              h={44}
              variant="subtle"
              leftSection={<IconMailForward size={16} aria-hidden />}
              loading={invite.isPending && invite.variables === u.id}
              onClick={() =>
                invite.mutate(u.id, {
                  onSuccess: () => snackbar.success('Gebruikers.uitnodiging_opnieuw_verstuurd'),
                  onError: (e) => snackbar.error(e),
                })
              }
              aria-label={`${t('Gebruikers.opnieuw_uitnodigen')}: ${u.name}`}
              data-testid={`user-invite-${u.email}`}
            >
              {t('Gebruikers.opnieuw_uitnodigen')}
            </Button>
          )}
          <Button
            size="xs"
            h={44}
            variant="subtle"
            leftSection={<IconPencil size={16} aria-hidden />}
            onClick={() => setEditing(u.id)}
            aria-label={`${t('shared.bewerken')}: ${u.name}`}
            data-testid={`user-edit-${u.email}`}
          >
            {t('shared.bewerken')}
          </Button>
          <Button
            size="xs"
            h={44}
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={16} aria-hidden />}
            disabled={u.id === myId}
            title={u.id === myId ? t('Gebruikers.niet_zelf') : undefined}
            onClick={() => setDeleting(u)}
            aria-label={`${t('shared.verwijderen')}: ${u.name}`}
            data-testid={`user-delete-${u.email}`}
          >
            {t('shared.verwijderen')}
          </Button>
        </>
      )}
    </Group>
  );

  const data = list.data;
  return (
    <AreaPage actions={actions}>
      <Stack gap="md">
        <Group align="flex-end" wrap="wrap">
          <TextInput
            label={t('shared.zoeken')}
            placeholder={t('Gebruikers.zoeken')}
            leftSection={<IconSearch size={16} aria-hidden />}
            value={query}
            onChange={(e) => {
              setQuery(e.currentTarget.value);
              set({});
            }}
            w={narrow ? '100%' : 320}
            data-testid="users-search"
          />
          <SegmentedControl
            aria-label={t('shared.filters')}
            data={[
              { value: 'all', label: t('Gebruikers.filter.alle') },
              { value: 'pending', label: t('Gebruikers.filter.wachtend') },
            ]}
            value={params.pending ? 'pending' : 'all'}
            onChange={(f) => set({ pending: f === 'pending' })}
            data-testid="users-filter"
          />
          <Select
            label={t('shared.sorteren_op')}
            data={userSorts.map((s) => ({ value: s, label: t(`Gebruikers.sort.${s}`) }))}
            value={params.sort}
            allowDeselect={false}
            onChange={(sort) => sort && set({ sort: sort as ListParams['sort'] })}
            w={180}
            data-testid="users-sort"
          />
          <Select
            label={t('shared.sorteren')}
            data={(['asc', 'desc'] as const).map((d) => ({ value: d, label: t(`Gebruikers.richting.${d}`) }))}
            value={params.direction}
            allowDeselect={false}
            onChange={(direction) => direction && set({ direction: direction as ListParams['direction'] })}
            w={150}
            data-testid="users-direction"
          />
        </Group>
        {list.isPending ? (
          <LoadingBlock />
        ) : list.isError ? (
          <ErrorView error={list.error} onRetry={() => void list.refetch()} />
        ) : !data || data.items.length === 0 ? (
          <EmptyView title={t('Gebruikers.leeg')} />
        ) : (
          <>
            <Text size="sm" c="dimmed" role="status">
              {t('shared.aantal_resultaten', { count: data.total })}
            </Text>
            {narrow ? (
              <Stack gap="sm" data-testid="users-list">
                {data.items.map((u) => (
                  <Paper key={u.id} withBorder radius="md" p="sm" data-testid="user-row">
                    <Group justify="space-between" wrap="nowrap" align="flex-start">
                      <div style={{ minWidth: 0 }}>
                        <Text fw={600} truncate>
                          {u.name}
                        </Text>
                        <Text size="sm" truncate>
                          {u.email}
                        </Text>
                        <Text size="sm" c="dimmed">
                          {u.customerName ?? t('Gebruikers.geen_klant')}
                        </Text>
                      </div>
                      <StatusBadge u={u} />
                    </Group>
                    <Group mt="xs" justify="flex-end">
                      {rowActions(u)}
                    </Group>
                  </Paper>
                ))}
              </Stack>
            ) : (
              <Table.ScrollContainer minWidth={900}>
                <Table striped highlightOnHover data-testid="users-list">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('Gebruikers.naam')}</Table.Th>
                      <Table.Th>{t('Gebruikers.email')}</Table.Th>
                      <Table.Th>{t('Gebruikers.klant')}</Table.Th>
                      <Table.Th>{t('Gebruikers.soort')}</Table.Th>
                      <Table.Th>{t('Gebruikers.laatste_login')}</Table.Th>
                      <Table.Th>{t('shared.status')}</Table.Th>
                      <Table.Th>
                        <span style={{ position: 'absolute', left: -9999 }}>{t('shared.acties')}</span>
                      </Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.items.map((u) => (
                      <Table.Tr key={u.id} data-testid="user-row">
                        <Table.Td>
                          <Text size="sm" fw={600}>
                            {u.name}
                          </Text>
                          {(u.isAdmin || u.isKeyUser) && (
                            <Text size="xs" c="dimmed">
                              {t(u.isAdmin ? 'Gebruikers.beheerder' : 'Gebruikers.sleutelgebruiker')}
                            </Text>
                          )}
                        </Table.Td>
                        <Table.Td>{u.email}</Table.Td>
                        <Table.Td>{u.customerName ?? t('Gebruikers.geen_klant')}</Table.Td>
                        <Table.Td>
                          {t(u.kind === 'internal' ? 'Gebruikers.intern' : 'Gebruikers.extern')}
                        </Table.Td>
                        <Table.Td>
                          {u.lastLoginAt ? format.dateTime(u.lastLoginAt) : t('Gebruikers.nooit')}
                        </Table.Td>
                        <Table.Td>
                          <StatusBadge u={u} />
                        </Table.Td>
                        <Table.Td>{rowActions(u)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
            <ListPager
              page={params.page}
              total={data.total}
              pageSize={params.pageSize}
              onChange={(page) => setParams((p) => ({ ...p, page }))}
            />
          </>
        )}
      </Stack>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={t('Gebruikers.wijzigen')}
        size="xl"
        fullScreen={narrow}
      >
        {editing && <EditUser id={editing} onDone={() => setEditing(null)} />}
      </Modal>
      <ConfirmDialog
        opened={deleting !== null}
        title={t('shared.verwijderen')}
        message={t('Gebruikers.verwijderen_bevestigen', { name: deleting?.name ?? '' })}
        action={() => remove.mutateAsync(deleting?.id ?? '')}
        successKey="Gebruikers.verwijderd"
        onClose={() => setDeleting(null)}
      />
      <ConfirmDialog
        opened={rejecting !== null}
        title={t('Gebruikers.afwijzen')}
        message={t('Gebruikers.afwijzen_bevestigen', { name: rejecting?.name ?? '' })}
        confirmLabel={t('Gebruikers.afwijzen')}
        action={() => reject.mutateAsync(rejecting?.id ?? '')}
        successKey="Gebruikers.afgewezen"
        onClose={() => setRejecting(null)}
      />
    </AreaPage>
  );
}

function EditUser({ id, onDone }: { id: string; onDone: () => void }) {
  const { t } = useTranslation();
  const user = useUser(id);
  const options = useUserFormOptions();
  const update = useUpdateUser();
  const myId = useStore(sessionStore, (s) => s?.user.id ?? null);
  if (user.isPending || options.isPending) return <LoadingBlock />;
  if (user.isError || options.isError)
    return (
      <ErrorView
        error={user.error ?? options.error}
        onRetry={() => {
          void user.refetch();
          void options.refetch();
        }}
      />
    );
  return (
    <UserForm
      options={options.data}
      initial={initialValues(options.data, user.data)}
      isSelf={user.data.id === myId}
      submitLabel={t('shared.opslaan')}
      pending={update.isPending}
      onSubmit={async (input) => {
        await update.mutateAsync({ id, input });
        snackbar.success('Gebruikers.gewijzigd');
        onDone();
      }}
    />
  );
}

/** /gebruiker-aanmaken: the form, and an invitation mail with a link to set the password (default on). */
export function GebruikerAanmakenPage() {
  return (
    <UsersGate>
      <CreateUser />
    </UsersGate>
  );
}

function CreateUser() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const options = useUserFormOptions();
  const create = useCreateUser();
  const [sendEmail, setSendEmail] = useState(true);
  const [language, setLanguage] = useState<string | null>(null);
  if (options.isPending)
    return (
      <AreaPage>
        <LoadingBlock />
      </AreaPage>
    );
  if (options.isError)
    return (
      <AreaPage>
        <ErrorView error={options.error} onRetry={() => void options.refetch()} />
      </AreaPage>
    );
  return (
    <AreaPage>
      <UserForm
        options={options.data}
        initial={initialValues(options.data)}
        submitLabel={t('Gebruikers.nieuwe_gebruiker')}
        pending={create.isPending}
        extra={
          <Paper withBorder radius="md" p="md">
            <Stack gap="sm">
              <Checkbox
                label={t('Gebruikers.uitnodiging_sturen')}
                checked={sendEmail}
                onChange={(e) => setSendEmail(e.currentTarget.checked)}
                data-testid="user-send-email"
              />
              {sendEmail && (
                <Select
                  label={t('Gebruikers.uitnodiging_taal')}
                  placeholder={t('shared.taal')}
                  data={locales.map((l) => ({ value: l, label: t(`talen.${l}`) }))}
                  value={language}
                  onChange={setLanguage}
                  clearable
                  clearButtonProps={{ 'aria-label': t('shared.wissen') }}
                  maw={320}
                  data-testid="user-invite-language"
                />
              )}
            </Stack>
          </Paper>
        }
        onSubmit={async (input) => {
          const created = await create.mutateAsync({ input, sendEmail, language: language ?? undefined });
          snackbar.success(created.invited ? 'Gebruikers.uitnodiging_verstuurd' : 'Gebruikers.aangemaakt');
          navigate(paths.gebruikers.to());
        }}
      />
    </AreaPage>
  );
}

/** /gebruikers-importeren: choose a file, check it (an error per row), import it in one go with progress. */
export function GebruikersImporterenPage() {
  return (
    <UsersGate>
      <ImportUsers />
    </UsersGate>
  );
}

function ImportUsers() {
  const { t } = useTranslation();
  const narrow = useMediaQuery('(max-width: 48em)') ?? false;
  const [file, setFile] = useState<File | null>(null);
  const [content, setContent] = useState<string | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [onlyErrors, setOnlyErrors] = useState(false);
  const [sendEmail, setSendEmail] = useState(false);
  const [jobId, setJobId] = useState<string | null>(null);
  const check = usePreviewImport();
  const start = useStartImport();
  const job = useImportJob(jobId);

  const choose = async (f: File | null) => {
    setFile(f);
    setPreview(null);
    setJobId(null);
    setContent(f ? await fileToBase64(f) : null);
  };
  const runCheck = () => {
    if (!content) return;
    setJobId(null);
    check.mutate(content, { onSuccess: setPreview, onError: () => setPreview(null) });
  };
  const runImport = () => {
    if (!content) return;
    start.mutate(
      { content, sendEmail },
      { onSuccess: (r) => setJobId(r.id), onError: (e) => snackbar.error(e) },
    );
  };

  const j = job.data;
  const rows = (preview?.rows ?? []).filter((r) => !onlyErrors || r.status === 'error');
  const hasErrors = (preview?.counts.error ?? 0) > 0;
  const statusColor = { create: 'green', update: 'blue', unchanged: 'gray', error: 'red' } as const;

  return (
    <AreaPage description={t('Gebruikers.import.kolommen')}>
      <Stack gap="md" maw={1000}>
        <Paper withBorder radius="md" p="md">
          <Stack gap="sm">
            <FileInput
              label={t('Gebruikers.import.kies_bestand')}
              placeholder={t('shared.bestand_kiezen')}
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              value={file}
              onChange={(f) => void choose(f)}
              clearable
              clearButtonProps={{ 'aria-label': t('shared.wissen') }}
              data-testid="import-file"
            />
            <Group>
              <Button
                onClick={runCheck}
                disabled={!content}
                loading={check.isPending}
                data-testid="import-check"
              >
                {t('Gebruikers.import.controleren')}
              </Button>
            </Group>
            {check.isError && <ErrorView error={check.error} />}
          </Stack>
        </Paper>

        {preview && (
          <Paper withBorder radius="md" p="md">
            <Stack gap="sm">
              <Text fw={600} role="status" data-testid="import-counts">
                {t('Gebruikers.import.overzicht', preview.counts)}
              </Text>
              {hasErrors && (
                <Alert color="red" variant="light" data-testid="import-has-errors">
                  {t('Gebruikers.import.eerst_fouten')}
                </Alert>
              )}
              <Checkbox
                label={t('Gebruikers.import.alleen_fouten')}
                checked={onlyErrors}
                onChange={(e) => setOnlyErrors(e.currentTarget.checked)}
              />
              {narrow ? (
                <Stack gap="xs" data-testid="import-rows">
                  {rows.slice(0, 500).map((r) => (
                    <Paper key={r.row} withBorder radius="sm" p="xs">
                      <Group justify="space-between" wrap="nowrap">
                        <Text size="sm" fw={600} truncate>
                          {t('Gebruikers.import.regel')} {r.row}: {r.email}
                        </Text>
                        <Tag color={statusColor[r.status]}>{t(`Gebruikers.import.status.${r.status}`)}</Tag>
                      </Group>
                      {r.errors.map((e) => (
                        <Text key={`${e.column}-${e.code}`} size="sm" c="red.9">
                          {e.message}
                        </Text>
                      ))}
                    </Paper>
                  ))}
                </Stack>
              ) : (
                <Table data-testid="import-rows">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('Gebruikers.import.regel')}</Table.Th>
                      <Table.Th>{t('Gebruikers.email')}</Table.Th>
                      <Table.Th>{t('Gebruikers.naam')}</Table.Th>
                      <Table.Th>{t('shared.status')}</Table.Th>
                      <Table.Th>{t('Gebruikers.import.fouten_kolom')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {rows.slice(0, 500).map((r) => (
                      <Table.Tr key={r.row}>
                        <Table.Td>{r.row}</Table.Td>
                        <Table.Td>{r.email}</Table.Td>
                        <Table.Td>{r.name}</Table.Td>
                        <Table.Td>
                          <Badge color={statusColor[r.status]}>
                            {t(`Gebruikers.import.status.${r.status}`)}
                          </Badge>
                        </Table.Td>
                        <Table.Td>
                          {r.errors.map((e) => (
                            <Text key={`${e.column}-${e.code}`} size="sm" c="red.9">
                              {e.message}
                            </Text>
                          ))}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              )}
              <Checkbox
                label={t('Gebruikers.import.uitnodigen')}
                checked={sendEmail}
                onChange={(e) => setSendEmail(e.currentTarget.checked)}
                data-testid="import-send-email"
              />
              <Group>
                <Button
                  onClick={runImport}
                  disabled={hasErrors || jobId !== null}
                  loading={start.isPending || j?.state === 'running'}
                  leftSection={<IconFileImport size={18} aria-hidden />}
                  data-testid="import-start"
                >
                  {t('Gebruikers.import.starten')}
                </Button>
              </Group>
            </Stack>
          </Paper>
        )}

        {jobId && job.isError && <ErrorView error={job.error} onRetry={() => void job.refetch()} />}
        {j?.state === 'running' && (
          <Stack gap={4} data-testid="import-progress">
            <Text size="sm" role="status">
              {t('Gebruikers.import.bezig', { processed: j.processed, total: j.total })}
            </Text>
            <Progress
              value={j.total ? (j.processed / j.total) * 100 : 0}
              aria-label={t('Gebruikers.import.bezig', { processed: j.processed, total: j.total })}
            />
          </Stack>
        )}
        {j?.state === 'done' && (
          <Alert
            color="green"
            variant="light"
            icon={<IconCircleCheck aria-hidden />}
            data-testid="import-done"
          >
            {t('Gebruikers.import.klaar', j)}{' '}
            <Anchor component={Link} to={paths.gebruikers.to()}>
              {t('Gebruikers.titel')}
            </Anchor>
          </Alert>
        )}
        {j?.state === 'failed' && (
          <Alert color="red" variant="light" data-testid="import-failed">
            {j.errorMessage}
            {j.rows.slice(0, 20).map((r) => (
              <div key={r.row}>
                {t('Gebruikers.import_regel_fout', {
                  line: r.row,
                  message: r.errors.map((e) => e.message).join(', '),
                })}
              </div>
            ))}
          </Alert>
        )}
      </Stack>
    </AreaPage>
  );
}
