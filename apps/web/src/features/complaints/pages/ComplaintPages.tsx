import {
  Alert,
  Anchor,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import type { ComplaintInput } from '@mp/contract/api/complaints';
import { IconInfoCircle, IconPlus } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { serverFieldErrors } from '../../../shared/lib/form-errors';
import { paths } from '../../../shared/lib/paths';
import { useStore } from '../../../shared/lib/store';
import { selectedLocationStore } from '../../../shared/session/location';
import { useFormat } from '../../../shared/ui/format';
import { LoadingBlock } from '../../../shared/ui/LoadingBlock';
import { LocationPrompt } from '../../../shared/ui/LocationPrompt';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { ErrorView } from '../../../shared/ui/StateViews';
import { snackbar } from '../../../shared/ui/snackbar/snackbar-store';
import { useComplaint, useComplaintOptions, useCreateComplaint, useIsManagement } from '../api/complaints';
import {
  ComplaintFacts,
  ComplaintListView,
  Conversation,
  checkFiles,
  Documents,
  ErrorText,
  FilePicker,
  ReplyForm,
  typeLabel,
} from '../components/ComplaintViews';

// The customer's complaint pages (klachten, issue #13 part 5): the selected location's complaints, all of mine,
// the management overview, the form, and one complaint with its conversation and documents. Errors show as
// errors with the server's reason, never as an empty list.

const detailLink = (id: string) => paths.klachtDetails.to(id);

/** Links between the three lists and to the form. */
function ListLinks({ current }: { current: 'location' | 'mine' | 'management' }) {
  const { t } = useTranslation();
  const management = useIsManagement();
  return (
    <Group gap="sm" wrap="wrap">
      {current !== 'location' && (
        <Anchor component={Link} to={paths.klachten.to()} py={10}>
          {t('routes.Klachten')}
        </Anchor>
      )}
      {current !== 'mine' && (
        <Anchor component={Link} to={paths.klachtenOverzicht.to()} py={10} data-testid="link-overzicht">
          {t('Klachten.bekijk_overzicht')}
        </Anchor>
      )}
      {current !== 'management' && management && (
        <Anchor
          component={Link}
          to={paths.klachtenOverzichtDirectie.to()}
          py={10}
          data-testid="link-directie"
        >
          {t('Klachten.bekijk_directie')}
        </Anchor>
      )}
      <Button
        component={Link}
        to={paths.klachtenAanmaken.to()}
        leftSection={<IconPlus size={18} aria-hidden />}
        mih={44}
        data-testid="new-complaint"
      >
        {t('Klachten.nieuwe_klacht')}
      </Button>
    </Group>
  );
}

/** /klachten: the selected location's complaints. */
export function KlachtenPage() {
  const { t } = useTranslation();
  const location = useStore(selectedLocationStore);
  return (
    <>
      <PageHeader
        description={location ? t('Klachten.uitleg_locatie', { location: location.locationNo }) : undefined}
        actions={<ListLinks current="location" />}
      />
      {location ? (
        <ComplaintListView
          key={location.locationNo}
          scope={{ kind: 'location', locationNo: location.locationNo }}
          link={detailLink}
        />
      ) : (
        <LocationPrompt messageKey="Klachten.kies_locatie" />
      )}
    </>
  );
}

/** /klachten-overzicht: the complaints of every location of mine. */
export function KlachtenOverzichtPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader description={t('Klachten.uitleg_overzicht')} actions={<ListLinks current="mine" />} />
      <ComplaintListView scope={{ kind: 'mine' }} link={detailLink} />
    </>
  );
}

/** /klachten-overzicht-directie: every complaint of my organisation (management; others see the server's 403). */
export function KlachtenOverzichtDirectiePage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader description={t('Klachten.uitleg_directie')} actions={<ListLinks current="management" />} />
      <ComplaintListView scope={{ kind: 'management' }} link={detailLink} />
    </>
  );
}

type FormState = {
  type: string | null;
  subject: string;
  description: string;
  itemNo: string | null;
  plantNo: string | null;
  orderNo: string | null;
  invoiceNo: string | null;
};
const empty: FormState = {
  type: null,
  subject: '',
  description: '',
  itemNo: null,
  plantNo: null,
  orderNo: null,
  invoiceNo: null,
};

/** /klachten-aanmaken: the form for the selected location. */
export function KlachtenAanmakenPage() {
  const location = useStore(selectedLocationStore);
  return (
    <>
      <PageHeader />
      {location ? (
        <ComplaintForm key={location.locationNo} locationNo={location.locationNo} />
      ) : (
        <LocationPrompt messageKey="Klachten.kies_locatie_aanmaken" />
      )}
    </>
  );
}

function ComplaintForm({ locationNo }: { locationNo: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const navigate = useNavigate();
  const options = useComplaintOptions(locationNo);
  const create = useCreateComplaint();
  const [v, setV] = useState<FormState>(empty);
  const [files, setFiles] = useState<File[]>([]);
  const [errors, setErrors] = useState<Record<string, ReactNode>>({});
  const [failure, setFailure] = useState<unknown>(null);
  const set = (patch: Partial<FormState>) => setV((prev) => ({ ...prev, ...patch }));

  if (options.isPending) return <LoadingBlock />;
  if (options.isError)
    return (
      <ErrorView
        messageKey="Klachten.opties_error"
        error={options.error}
        onRetry={() => void options.refetch()}
      />
    );
  const o = options.data;

  const submit = () => {
    const problems: Record<string, ReactNode> = {};
    if (!v.type) problems.type = t('validation.verplicht');
    if (!v.subject.trim()) problems.subject = t('validation.verplicht');
    if (!v.description.trim()) problems.description = t('validation.verplicht');
    const fileProblem = checkFiles(files);
    if (fileProblem) problems.files = t(fileProblem.key, fileProblem.params);
    setErrors(problems);
    setFailure(null);
    if (Object.keys(problems).length) return;
    const input: ComplaintInput = {
      plantLocation: locationNo,
      type: v.type as ComplaintInput['type'],
      subject: v.subject.trim(),
      description: v.description.trim(),
      ...(v.itemNo ? { itemNo: v.itemNo } : {}),
      ...(v.plantNo ? { plantNo: v.plantNo } : {}),
      ...(v.orderNo ? { orderNo: v.orderNo } : {}),
      ...(v.invoiceNo ? { invoiceNo: v.invoiceNo } : {}),
    };
    create.mutate(
      { input, files },
      {
        onSuccess: ({ complaint, uploadError }) => {
          if (uploadError) snackbar.warning('Klachten.upload_mislukt');
          else snackbar.success('Klachten.aangemaakt', { number: complaint.complaintNo });
          navigate(paths.klachtDetails.to(complaint.id));
        },
        onError: (e) => {
          const fields = serverFieldErrors(e);
          if (fields) setErrors(fields);
          else setFailure(e);
        },
      },
    );
  };

  const pick = (
    field: 'itemNo' | 'plantNo' | 'orderNo' | 'invoiceNo',
    label: string,
    data: { value: string; label: string }[],
  ) =>
    data.length > 0 && (
      <Select
        label={label}
        placeholder={t('Klachten.optioneel')}
        data={data}
        value={v[field]}
        onChange={(value) => set({ [field]: value })}
        searchable
        clearable
        clearButtonProps={{ 'aria-label': t('shared.wissen') }}
        nothingFoundMessage={t('shared.geen_resultaten')}
        error={errors[field]}
        styles={{ input: { minHeight: 44 } }}
        data-testid={`complaint-${field}`}
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
        <Alert color="brand" variant="light" icon={<IconInfoCircle aria-hidden />}>
          {t('Klachten.verwachte_oplossing_uitleg', { days: o.expectedDays })}
        </Alert>
        <Paper withBorder radius="md" p="md">
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              {t('Klachten.locatie')}: {locationNo}
            </Text>
            <Select
              label={t('Klachten.type')}
              required
              data={o.types.map((type) => ({ value: type, label: typeLabel(t, type) }))}
              value={v.type}
              onChange={(type) => set({ type })}
              error={errors.type}
              styles={{ input: { minHeight: 44 } }}
              data-testid="complaint-type"
            />
            <TextInput
              label={t('Klachten.onderwerp')}
              required
              maxLength={200}
              value={v.subject}
              onChange={(e) => set({ subject: e.currentTarget.value })}
              error={errors.subject}
              styles={{ input: { minHeight: 44 } }}
              data-testid="complaint-subject"
            />
            <Textarea
              label={t('Klachten.omschrijving')}
              required
              autosize
              minRows={4}
              maxLength={4000}
              value={v.description}
              onChange={(e) => set({ description: e.currentTarget.value })}
              error={errors.description}
              data-testid="complaint-description"
            />
          </Stack>
        </Paper>
        {o.items.length + o.plants.length + o.orders.length + o.invoices.length > 0 && (
          <Paper withBorder radius="md" p="md">
            <Text fw={600} mb={4}>
              {t('Klachten.betreft')}
            </Text>
            <Text size="sm" c="dimmed" mb="sm">
              {t('Klachten.betreft_uitleg')}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              {pick(
                'itemNo',
                t('Klachten.item'),
                o.items.map((i) => ({ value: i.itemNo, label: `${i.itemNo} – ${i.description}` })),
              )}
              {pick(
                'plantNo',
                t('Klachten.plant'),
                o.plants.map((p) => ({ value: p.plantNo, label: p.plantNo })),
              )}
              {pick(
                'orderNo',
                t('Klachten.order'),
                o.orders.map((x) => ({ value: x.orderNo, label: `${x.orderNo} · ${format.day(x.date)}` })),
              )}
              {pick(
                'invoiceNo',
                t('Klachten.factuur'),
                o.invoices.map((x) => ({
                  value: x.invoiceNo,
                  label: `${x.invoiceNo} · ${format.day(x.date)}`,
                })),
              )}
            </SimpleGrid>
          </Paper>
        )}
        <Paper withBorder radius="md" p="md">
          <FilePicker value={files} onChange={setFiles} error={errors.files} />
        </Paper>
        {failure !== null && (
          <Alert color="red" variant="light" role="alert" data-testid="complaint-error">
            <ErrorText error={failure} />
          </Alert>
        )}
        <Group justify="flex-end">
          <Button component={Link} to={paths.klachten.to()} variant="default" mih={44}>
            {t('shared.annuleren')}
          </Button>
          <Button type="submit" mih={44} loading={create.isPending} data-testid="complaint-submit">
            {t('Klachten.indienen')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** /klacht-details/{id}: status, expected date, the conversation and the documents; reply while not closed. */
export function KlachtDetailsPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const complaint = useComplaint(id);
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
      <PageHeader title={`${c.complaintNo} – ${c.subject}`} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" style={{ alignItems: 'start' }}>
        <Stack gap="md">
          <ComplaintFacts c={c} />
          <Documents c={c} mayAdd={c.mayAdd} />
        </Stack>
        <Conversation c={c}>
          <ReplyForm c={c} />
        </Conversation>
      </SimpleGrid>
      <Group mt="md">
        <Anchor component={Link} to={paths.klachten.to()} py={10}>
          {t('routes.Klachten')}
        </Anchor>
      </Group>
    </>
  );
}
