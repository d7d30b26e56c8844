import {
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { type LocationRequest, locationRequestInput, NEW_LOCATION_NO } from '@mp/contract/api/locations';
import { IconInbox } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useCustomers } from '../../../shared/api/get-customers';
import { serverFieldErrors, zodValidate } from '../../../shared/lib/form-errors';
import { paths } from '../../../shared/lib/paths';
import { AreaPage } from '../../../shared/ui/AreaPage';
import { LoadingBlock } from '../../../shared/ui/LoadingBlock';
import { Msg } from '../../../shared/ui/Msg';
import { EmptyView, ErrorView } from '../../../shared/ui/StateViews';
import { snackbar } from '../../../shared/ui/snackbar/snackbar-store';
import {
  type RequestStatus,
  useDecideLocationRequest,
  useLocationRequestQueue,
  useRequestLocation,
} from '../api/locations';

const input44 = { input: { minHeight: 44 } };
const fields = [
  'description',
  'description2',
  'projectNo',
  'street',
  'postcode',
  'city',
  'startDate',
  'endDate',
  'comment',
] as const;
type Field = (typeof fields)[number];
const validate = zodValidate(locationRequestInput);

function Failure({ error }: { error: unknown }) {
  const e = error as { code?: string; message?: string };
  return (
    <Alert color="red" variant="light" role="alert" data-testid="request-error">
      <Msg k={e?.code ?? 'error.algemene_error'} fallback={e?.message} />
    </Alert>
  );
}

/** /locatie-aanvragen: the request form; on success /locatie-aanvragen/voltooid. */
export function LocationRequestForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const send = useRequestLocation();
  const [v, setV] = useState<Record<Field, string>>(
    () => Object.fromEntries(fields.map((f) => [f, ''])) as Record<Field, string>,
  );
  const [errors, setErrors] = useState<Record<string, ReactNode>>({});
  const [failure, setFailure] = useState<unknown>(null);
  const submit = () => {
    const body = Object.fromEntries(
      Object.entries(v)
        .filter(([, x]) => x.trim() !== '')
        .map(([k, x]) => [k, x.trim()]),
    );
    const problems = validate(body);
    setErrors(problems);
    setFailure(null);
    if (Object.keys(problems).length) return;
    send.mutate(body as never, {
      onSuccess: (sent) =>
        navigate(paths.locatieAanvragenVoltooid.to(), {
          replace: true,
          state: { description: sent.description },
        }),
      onError: (e) => {
        const f = serverFieldErrors(e);
        if (f) setErrors(f);
        else setFailure(e);
      },
    });
  };
  const text = (f: Field, label: string, extra: Record<string, unknown> = {}) => (
    <TextInput
      label={label}
      value={v[f]}
      onChange={(e) => {
        const value = e.currentTarget.value;
        setV((p) => ({ ...p, [f]: value }));
      }}
      error={errors[f]}
      styles={input44}
      data-testid={`request-${f}`}
      {...extra}
    />
  );
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Stack gap="md" maw={820}>
        <Paper withBorder radius="md" p="md">
          <Stack gap="md">
            {text('description', t('Locatie.omschrijving'), {
              required: true,
              maxLength: 100,
              description: t('Locatie.aanvragen.omschrijving_hint'),
            })}
            {text('description2', t('Locatie.omschrijving2'), { maxLength: 100 })}
            {text('projectNo', t('Locatie.projectnummer'), { maxLength: 50 })}
            {text('street', t('Locatie.aanmaken.straat'), { maxLength: 200 })}
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {text('postcode', t('Locatie.aanmaken.postcode'), { maxLength: 20 })}
              {text('city', t('Locatie.aanmaken.plaats'), { maxLength: 100 })}
              {text('startDate', t('Locatie.aanvragen.startdatum'), { type: 'date' })}
              {text('endDate', t('Locatie.aanvragen.einddatum'), { type: 'date' })}
            </SimpleGrid>
            <Textarea
              label={t('Locatie.aanvragen.opmerking')}
              autosize
              minRows={2}
              maxLength={1000}
              value={v.comment}
              onChange={(e) => {
                const value = e.currentTarget.value;
                setV((p) => ({ ...p, comment: value }));
              }}
              error={errors.comment}
            />
          </Stack>
        </Paper>
        {failure !== null && <Failure error={failure} />}
        <Group justify="flex-end">
          <Button component={Link} to={paths.locatie.to()} variant="default" mih={44}>
            {t('shared.annuleren')}
          </Button>
          <Button type="submit" mih={44} loading={send.isPending} data-testid="request-submit">
            {t('Locatie.aanvragen.knop')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function Decide({ r }: { r: LocationRequest }) {
  const { t } = useTranslation();
  const decide = useDecideLocationRequest();
  const customers = useCustomers();
  const [locationNo, setLocationNo] = useState('');
  const [customerNo, setCustomerNo] = useState<string | null>(r.customerNo);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, ReactNode>>({});
  const [failure, setFailure] = useState<unknown>(null);
  const onError = (e: unknown) => {
    const f = serverFieldErrors(e);
    if (f && !f.status) setErrors(f);
    else setFailure(e);
  };
  const approve = () => {
    const problems: Record<string, ReactNode> = {};
    if (!NEW_LOCATION_NO.test(locationNo)) problems.locationNo = t('Locatie.aanmaken.nummer_formaat');
    if (!customerNo) problems.customerNo = t('validation.verplicht');
    setErrors(problems);
    setFailure(null);
    if (Object.keys(problems).length || !customerNo) return;
    decide.mutate(
      { id: r.id, approve: { locationNo, customerNo } },
      {
        onSuccess: () =>
          snackbar.success('Locatie.aanvragen.dienst.goedgekeurd_melding', { location: locationNo }),
        onError,
      },
    );
  };
  const reject = () => {
    setFailure(null);
    if (!reason.trim()) {
      setErrors({ reason: t('validation.verplicht') });
      return;
    }
    decide.mutate(
      { id: r.id, reject: { reason: reason.trim() } },
      { onSuccess: () => snackbar.success('Locatie.aanvragen.dienst.afgewezen_melding'), onError },
    );
  };
  const options = (customers.data ?? [])
    .filter((c) => !c.blocked)
    .map((c) => ({ value: c.customerNo, label: `${c.customerNo} – ${c.name}` }));
  if (r.customerNo && !options.some((o) => o.value === r.customerNo))
    options.unshift({ value: r.customerNo, label: `${r.customerNo} – ${r.customerName ?? ''}` });
  return (
    <Stack gap="sm" mt="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t('Locatie.nummer')}
          description={t('Locatie.aanmaken.nummer_hint')}
          value={locationNo}
          onChange={(e) => setLocationNo(e.currentTarget.value.toUpperCase())}
          error={errors.locationNo}
          styles={input44}
          data-testid="approve-locationNo"
        />
        <Select
          label={t('Locatie.aanmaken.klant')}
          data={options}
          value={customerNo}
          onChange={setCustomerNo}
          searchable
          error={errors.customerNo}
          styles={input44}
          data-testid="approve-customer"
        />
      </SimpleGrid>
      <Group justify="flex-end">
        <Button mih={44} onClick={approve} loading={decide.isPending} data-testid="approve-submit">
          {t('Locatie.aanvragen.dienst.goedkeuren')}
        </Button>
      </Group>
      <Textarea
        label={t('Locatie.aanvragen.dienst.reden')}
        autosize
        minRows={2}
        maxLength={1000}
        value={reason}
        onChange={(e) => setReason(e.currentTarget.value)}
        error={errors.reason}
        data-testid="reject-reason"
      />
      <Group justify="flex-end">
        <Button
          color="red.9"
          variant="light"
          mih={44}
          onClick={reject}
          loading={decide.isPending}
          data-testid="reject-submit"
        >
          {t('Locatie.aanvragen.dienst.afwijzen')}
        </Button>
      </Group>
      {failure !== null && <Failure error={failure} />}
    </Stack>
  );
}

/** /materieeldienst/locatie-aanvragen: the department's queue of location requests. */
export function MaterieeldienstLocatieAanvragenPage() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<RequestStatus>('open');
  const queue = useLocationRequestQueue(status);
  return (
    <AreaPage title={t('Locatie.aanvragen.dienst.titel')}>
      <Stack gap="md">
        <SegmentedControl
          value={status}
          onChange={(v) => setStatus(v as RequestStatus)}
          data={[
            { value: 'open', label: t('Locatie.aanvragen.dienst.open') },
            { value: 'approved', label: t('Locatie.aanvragen.dienst.goedgekeurd') },
            { value: 'rejected', label: t('Locatie.aanvragen.dienst.afgewezen') },
          ]}
          style={{ alignSelf: 'flex-start' }}
        />
        {queue.isPending ? (
          <LoadingBlock />
        ) : queue.isError ? (
          <ErrorView error={queue.error} onRetry={() => void queue.refetch()} />
        ) : queue.data.requests.length === 0 ? (
          <EmptyView title={t('Locatie.aanvragen.dienst.leeg')} icon={<IconInbox size={28} aria-hidden />} />
        ) : (
          queue.data.requests.map((r) => (
            <Paper key={r.id} withBorder radius="md" p="md" data-testid="location-request">
              <Group justify="space-between" align="flex-start">
                <div style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                  <Text fw={600}>{r.description}</Text>
                  <Text size="xs" c="dimmed" data-testid="location-request-no">
                    {r.requestNo}
                  </Text>
                  {r.description2 && <Text size="sm">{r.description2}</Text>}
                  <Text size="sm">
                    {[r.street, [r.postcode, r.city].filter(Boolean).join(' ')].filter(Boolean).join(', ')}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {t('Locatie.aanvragen.dienst.aanvrager')}: {r.requester.name} ({r.requester.email})
                    {r.customerName ? ` · ${r.customerName}` : ''}
                  </Text>
                  {r.comment && <Text size="sm">{r.comment}</Text>}
                  {r.rejectReason && <Text size="sm">{r.rejectReason}</Text>}
                </div>
                {r.locationNo && (
                  <Badge variant="light">
                    {t('Locatie.aanvragen.dienst.locatie', { location: r.locationNo })}
                  </Badge>
                )}
              </Group>
              {r.status === 'open' && <Decide r={r} />}
            </Paper>
          ))
        )}
      </Stack>
    </AreaPage>
  );
}
