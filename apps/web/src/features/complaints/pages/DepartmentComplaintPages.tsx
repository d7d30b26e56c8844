import {
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { type ComplaintStatus, complaintStatuses, complaintStatusKey } from '@mp/contract/rules/complaints';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { serverFieldErrors } from '../../../shared/lib/form-errors';
import { paths } from '../../../shared/lib/paths';
import { useStore } from '../../../shared/lib/store';
import { sessionStore } from '../../../shared/session/session';
import { LoadingBlock } from '../../../shared/ui/LoadingBlock';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { EmptyView, ErrorView } from '../../../shared/ui/StateViews';
import { snackbar } from '../../../shared/ui/snackbar/snackbar-store';
import {
  type DepartmentComplaint,
  useAnswerComplaint,
  useComplaintQueue,
  useQueueComplaint,
} from '../api/complaints';
import {
  ComplaintFacts,
  ComplaintRows,
  Conversation,
  Documents,
  ErrorText,
  Fact,
  ListFilters,
  PAGE_SIZE,
  Pager,
  useListFilters,
} from '../components/ComplaintViews';

// The equipment department's complaint screens (issue #13 part 5): every customer's complaints by status, and one
// complaint to answer and move to another status. The user is mailed by the server.

function DepartmentGate({ children }: { children: ReactNode }) {
  const allowed = useStore(sessionStore, (s) => s?.user.isAdmin === true || s?.user.isDepartment === true);
  return allowed ? children : <ErrorView messageKey="error.geen_toegang" />;
}

/** /materieeldienst/klachten: the queue. */
export function MaterieeldienstKlachtenPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader
        description={t('Klachten.dienst.uitleg')}
        actions={
          <Anchor component={Link} to={paths.materieeldienst.to()} py={10}>
            {t('routes.Materieeldienst')}
          </Anchor>
        }
      />
      <DepartmentGate>
        <QueueView />
      </DepartmentGate>
    </>
  );
}

function QueueView() {
  const { t } = useTranslation();
  const { status, query, page, set } = useListFilters();
  const queue = useComplaintQueue({ status, query, page, pageSize: PAGE_SIZE });
  const counts = queue.data?.counts;
  const all = counts ? Object.values(counts).reduce((a, b) => a + b, 0) : undefined;
  const tab = (value: string, label: string, count: number | undefined) => (
    <Tabs.Tab
      key={value}
      value={value}
      rightSection={
        count !== undefined ? (
          <Badge size="sm" variant="light" c="dark.8">
            {count}
          </Badge>
        ) : null
      }
    >
      {label}
    </Tabs.Tab>
  );
  let body: ReactNode;
  if (queue.isPending) body = <LoadingBlock />;
  else if (queue.isError)
    body = (
      <ErrorView
        messageKey="Klachten.ophalen_error"
        error={queue.error}
        onRetry={() => void queue.refetch()}
      />
    );
  else if (queue.data.items.length === 0) body = <EmptyView title={t('Klachten.dienst.geen_klachten')} />;
  else
    body = (
      <Stack gap="md" aria-busy={queue.isPlaceholderData || undefined}>
        <Text size="sm" c="dimmed" role="status">
          {t('shared.aantal_resultaten', { count: queue.data.total })}
        </Text>
        <ComplaintRows
          items={queue.data.items}
          link={(id) => paths.materieeldienstKlacht.to(id)}
          showLocation
          extra={{
            label: t('Klachten.dienst.klant'),
            value: (c) => ('customerName' in c ? String(c.customerName ?? '') : ''),
          }}
        />
        <Pager
          page={page}
          total={queue.data.total}
          onChange={(p) => set({ page: p > 1 ? String(p) : undefined })}
        />
      </Stack>
    );
  return (
    <>
      <Tabs
        value={status ?? 'all'}
        onChange={(v) => set({ status: v && v !== 'all' ? v : undefined })}
        mb="md"
        keepMounted={false}
      >
        <Tabs.List style={{ flexWrap: 'wrap' }} data-testid="complaint-queue-tabs">
          {tab('all', t('shared.alle'), all)}
          {complaintStatuses.map((s) => tab(s, t(complaintStatusKey[s]), counts?.[s]))}
        </Tabs.List>
      </Tabs>
      <ListFilters status={status} query={query} set={set} searchLabel={t('Klachten.dienst.zoeken')} />
      {body}
    </>
  );
}

/** /materieeldienst/klachten/{id}: one complaint, answered and moved from here. */
export function MaterieeldienstKlachtPage() {
  return (
    <DepartmentGate>
      <AnswerView />
    </DepartmentGate>
  );
}

function AnswerView() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const complaint = useQueueComplaint(id);
  if (complaint.isPending)
    return (
      <>
        <PageHeader />
        <LoadingBlock />
      </>
    );
  if (complaint.isError)
    return (
      <>
        <PageHeader />
        <ErrorView
          messageKey="Klachten.klacht_ophalen_error"
          error={complaint.error}
          onRetry={() => void complaint.refetch()}
        />
      </>
    );
  const c = complaint.data;
  return (
    <>
      <PageHeader
        title={`${c.complaintNo} – ${c.subject}`}
        actions={
          <Anchor component={Link} to={paths.materieeldienstKlachten.to()} py={10}>
            {t('Klachten.dienst.naar_wachtrij')}
          </Anchor>
        }
      />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" style={{ alignItems: 'start' }}>
        <Stack gap="md">
          <ComplaintFacts
            c={c}
            orderLink={false}
            extra={
              <>
                <Fact label={t('Klachten.dienst.klant')}>
                  {[c.customerName, c.customerNo].filter(Boolean).join(' · ')}
                </Fact>
                <Fact label={t('Klachten.dienst.gebruiker_email')}>{c.userEmail ?? ''}</Fact>
              </>
            }
          />
          <Documents c={c} mayAdd department />
        </Stack>
        <Conversation c={c}>
          <AnswerForm c={c} />
        </Conversation>
      </SimpleGrid>
    </>
  );
}

function AnswerForm({ c }: { c: DepartmentComplaint }) {
  const { t } = useTranslation();
  const [message, setMessage] = useState('');
  const [status, setStatus] = useState<ComplaintStatus>(c.status);
  const [errors, setErrors] = useState<Record<string, ReactNode>>({});
  const answer = useAnswerComplaint();
  return (
    <Paper withBorder radius="md" p="md" mt="md" bg="var(--mantine-color-body)">
      <Title order={3} size="h5" mb={4}>
        {t('Klachten.dienst.antwoord')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('Klachten.dienst.antwoord_uitleg')}
      </Text>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!message.trim() && status === c.status)
            return setErrors({ message: t('Klachten.validatie.status_ongewijzigd') });
          setErrors({});
          answer.mutate(
            {
              id: c.id,
              message: message.trim() || undefined,
              status: status !== c.status ? status : undefined,
            },
            {
              onSuccess: () => {
                setMessage('');
                snackbar.success('Klachten.dienst.verzonden');
              },
              onError: (err) => setErrors(serverFieldErrors(err) ?? { message: <ErrorText error={err} /> }),
            },
          );
        }}
      >
        <Stack gap="sm">
          <Textarea
            label={t('Klachten.bericht_toevoegen')}
            placeholder={t('Klachten.bericht_placeholder')}
            value={message}
            onChange={(e) => setMessage(e.currentTarget.value)}
            autosize
            minRows={3}
            maxLength={4000}
            error={errors.message}
            data-testid="answer-message"
          />
          <Select
            label={t('Klachten.dienst.nieuwe_status')}
            data={complaintStatuses.map((s) => ({ value: s, label: t(complaintStatusKey[s]) }))}
            value={status}
            onChange={(v) => v && setStatus(v as ComplaintStatus)}
            allowDeselect={false}
            error={errors.status}
            styles={{ input: { minHeight: 44 } }}
            data-testid="answer-status"
          />
          <Group justify="flex-end">
            <Button type="submit" mih={44} loading={answer.isPending} data-testid="answer-send">
              {t('Klachten.dienst.versturen')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
