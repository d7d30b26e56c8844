import { Button, Group, Modal, Paper, Stack, Textarea, Title } from '@mantine/core';
import type { RequestStatus } from '@mp/contract/rules/request-status';
import { IconPlayerPlay, IconX } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { paths } from '../../../shared/lib/paths';
import { useStore } from '../../../shared/lib/store';
import { sessionStore } from '../../../shared/session/session';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { PageQueryState } from '../../../shared/ui/QueryState';
import { ErrorView } from '../../../shared/ui/StateViews';
import { snackbar } from '../../../shared/ui/snackbar/snackbar-store';
import { type DepartmentRequest, useChangeStatus, useDepartmentRequest } from '../api/department';
import { DepartmentQueue } from '../components/DepartmentQueue';
import { ExecuteForm } from '../components/ExecuteForm';
import { PlanForm } from '../components/PlanForm';
import { RequestDetailView } from '../components/RequestDetailView';
import { ReturnPhotos } from '../components/ReturnPhotos';
import { tellError } from '../components/tell-error';

// The equipment department's screens (issue #12, decision 0018): the queue of every customer's requests — opening on
// what needs the department now (issue #31 item 14) — and the processing of one: take, plan (date, depot, transport,
// which plants), execute (conditions, costs), reject, cancel. The server decides; these screens only offer what the
// request's allowed statuses permit.

/** Only the department sees its screens (the server refuses everyone else's calls anyway). */
function DepartmentGate({ children }: { children: ReactNode }) {
  const allowed = useStore(sessionStore, (s) => s?.user.isAdmin === true || s?.user.isDepartment === true);
  return allowed ? children : <ErrorView messageKey="error.geen_toegang" />;
}

/** Materieeldienst: what needs the department now first; every customer's requests by status, searchable. */
export function MaterieeldienstPage() {
  return (
    <DepartmentGate>
      <DepartmentQueue />
    </DepartmentGate>
  );
}

/** Materieeldienst › one request: the request and what the department can do with it now. */
export function MaterieeldienstAanvraagPage() {
  return (
    <DepartmentGate>
      <ProcessView />
    </DepartmentGate>
  );
}

function ProcessView() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const query = useDepartmentRequest(id);
  return (
    <PageQueryState
      query={query}
      errorKey="Materieeldienst.ophalen_error"
      back={{ to: paths.materieeldienst.to(), label: t('Materieeldienst.naar_wachtrij') }}
    >
      {(r) => (
        <>
          <PageHeader
            title={`${t('Aanvragen.aanvraag')} ${r.requestNo}`}
            description={[r.customerName, r.customerNo].filter(Boolean).join(' · ')}
          />
          <RequestDetailView r={r} aside={<Actions r={r} reload={() => void query.refetch()} />} />
        </>
      )}
    </PageQueryState>
  );
}

function Actions({ r, reload }: { r: DepartmentRequest; reload: () => void }) {
  const { t } = useTranslation();
  const change = useChangeStatus();
  const [noteFor, setNoteFor] = useState<'rejected' | 'cancelled' | null>(null);
  const [note, setNote] = useState('');
  const can = (s: RequestStatus) => r.allowedStatuses.includes(s);
  if (r.allowedStatuses.length === 0)
    return r.exitOrder ? <ReturnPhotos r={r} exitOrder={r.exitOrder} /> : null;
  const take = () =>
    change.mutate(
      { id: r.id, status: 'in_progress', version: r.version },
      {
        onSuccess: () => snackbar.success('Materieeldienst.in_behandeling_genomen'),
        onError: (e) => tellError(e, reload),
      },
    );
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="section"
      aria-labelledby="department-actions"
      data-testid="department-actions"
    >
      <Title order={2} size="h4" mb="sm" id="department-actions">
        {t('Materieeldienst.verwerken')}
      </Title>
      <Group gap="sm" mb="md" wrap="wrap">
        {r.status === 'submitted' && can('in_progress') && (
          <Button
            leftSection={<IconPlayerPlay size={18} aria-hidden />}
            onClick={take}
            loading={change.isPending}
            mih={44}
            data-testid="take-request"
          >
            {t('Materieeldienst.in_behandeling_nemen')}
          </Button>
        )}
        {can('rejected') && (
          <Button
            color="red"
            variant="light"
            leftSection={<IconX size={18} aria-hidden />}
            onClick={() => setNoteFor('rejected')}
            mih={44}
            data-testid="reject-request"
          >
            {t('Materieeldienst.afwijzen')}
          </Button>
        )}
        {can('cancelled') && (
          <Button
            color="gray"
            variant="light"
            onClick={() => setNoteFor('cancelled')}
            mih={44}
            data-testid="cancel-request"
          >
            {t('Aanvragen.annuleren')}
          </Button>
        )}
      </Group>
      {can('planned') && <PlanForm r={r} reload={reload} />}
      {r.status === 'planned' && can('done') && <ExecuteForm r={r} reload={reload} />}
      <Modal
        opened={noteFor !== null}
        onClose={() => setNoteFor(null)}
        title={noteFor === 'rejected' ? t('Materieeldienst.afwijzen') : t('Aanvragen.annuleren')}
        centered
      >
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (!noteFor || !note.trim()) return;
            change.mutate(
              { id: r.id, status: noteFor, note: note.trim(), version: r.version },
              {
                onSuccess: () => {
                  snackbar.success(
                    noteFor === 'rejected' ? 'Materieeldienst.afgewezen' : 'Aanvragen.geannuleerd_melding',
                  );
                  setNoteFor(null);
                  setNote('');
                },
                onError: (err) => tellError(err, reload),
              },
            );
          }}
        >
          <Stack>
            <Textarea
              label={t('Materieeldienst.reden')}
              description={t('Materieeldienst.reden_uitleg')}
              value={note}
              onChange={(e) => setNote(e.currentTarget.value)}
              required
              withAsterisk
              autosize
              minRows={3}
              maxLength={1000}
              data-autofocus
              data-testid="status-note"
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setNoteFor(null)} mih={44}>
                {t('shared.annuleren')}
              </Button>
              <Button
                type="submit"
                color={noteFor === 'rejected' ? 'red' : undefined}
                disabled={!note.trim()}
                loading={change.isPending}
                mih={44}
                data-testid="status-note-submit"
              >
                {t('shared.bevestigen')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Paper>
  );
}
