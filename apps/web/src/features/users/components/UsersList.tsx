import { Button, Group, Modal, SegmentedControl, Select, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { type SyncAnswer, userSorts } from '@mp/contract/api/users';
import { IconFileImport, IconRefresh, IconSearch, IconUserPlus, IconWebhook } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../shared/lib/paths';
import { useStore } from '../../../shared/lib/store';
import { sessionStore } from '../../../shared/session/session';
import { AreaPage } from '../../../shared/ui/AreaPage';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { QueryState } from '../../../shared/ui/QueryState';
import { ResultList } from '../../../shared/ui/ResultList';
import { EmptyView } from '../../../shared/ui/StateViews';
import { snackbar } from '../../../shared/ui/snackbar/snackbar-store';
import {
  type ListParams,
  type UserSummary,
  useDeleteUser,
  useRejectUser,
  useSyncUsers,
  useUsers,
} from '../api/users';
import { EditUser } from './EditUser';
import { UserRowActions } from './UserRowActions';
import { UserRows } from './UserRows';

/** The users: search, sort and page on the server; the pending filter with approve and reject; edit and delete. */
export function UsersList() {
  const { t } = useTranslation();
  const isAdmin = useStore(sessionStore, (s) => s?.user.isAdmin === true);
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
  const reject = useRejectUser();
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
      {/* the customer's systems, managed where its users are (decision 0032) */}
      <Button
        variant="light"
        component={Link}
        to={paths.webhooks.to()}
        leftSection={<IconWebhook size={18} aria-hidden />}
        data-testid="users-webhooks"
      >
        {t('routes.Webhooks')}
      </Button>
      {isAdmin && (
        <Button
          variant="subtle"
          leftSection={<IconRefresh size={18} aria-hidden />}
          loading={sync.isPending}
          onClick={() =>
            sync.mutate(undefined, {
              onSuccess: (a) => snackbar.info(a.code, syncValues(a, t)),
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
        <QueryState
          query={list}
          isEmpty={(data) => data.items.length === 0}
          empty={<EmptyView title={t('Gebruikers.leeg')} />}
        >
          {(data) => (
            <ResultList
              total={data.total}
              page={params.page}
              pageSize={params.pageSize}
              onPage={(page) => setParams((p) => ({ ...p, page }))}
            >
              <UserRows
                items={data.items}
                actions={(u) => (
                  <UserRowActions u={u} onEdit={setEditing} onDelete={setDeleting} onReject={setRejecting} />
                )}
              />
            </ResultList>
          )}
        </QueryState>
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

/**
 * The values of the sync's answer for its text: without an ERP the users checked and linked, with one (decision
 * 0027) the counts of the ERP sync or the entities it queued.
 */
function syncValues(a: SyncAnswer, t: (key: string) => string) {
  const results = a.results ?? [];
  const sum = (k: 'upserted' | 'deleted' | 'skipped') => results.reduce((n, r) => n + r[k], 0);
  return {
    checked: a.checked,
    relinked: a.relinked.length,
    upserted: sum('upserted'),
    deleted: sum('deleted'),
    skipped: sum('skipped'),
    entities: results.map((r) => t(`Koppelingen.entiteit.${r.entity}`)).join(', '),
  };
}
