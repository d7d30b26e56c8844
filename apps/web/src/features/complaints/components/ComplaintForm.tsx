import {
  Alert,
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
import { IconCloudOff, IconInfoCircle, IconSend } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { serverFieldErrors } from '../../../shared/lib/form-errors';
import { paths } from '../../../shared/lib/paths';
import { isOnline, useOnline } from '../../../shared/offline/online';
import { useFormat } from '../../../shared/ui/format';
import { QueryState } from '../../../shared/ui/QueryState';
import { snackbar } from '../../../shared/ui/snackbar/snackbar-store';
import { useComplaintOptions, useCreateComplaint } from '../api/complaints';
import { checkFiles, FilePicker } from './ComplaintFiles';
import { ErrorText, typeLabel } from './complaint-parts';

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

/** A new complaint on a location: type, subject, description, what it is about, files. */
export function ComplaintForm({ locationNo }: { locationNo: string }) {
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

  // offline the complaint is not sent (nor queued): the reason beside the button, what was typed stays (decision 0031)
  const online = useOnline();

  const submit = () => {
    if (!isOnline()) return;
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
    <QueryState query={options} errorKey="Klachten.opties_error">
      {(o) => (
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
                    o.orders.map((x) => ({
                      value: x.orderNo,
                      label: `${x.orderNo} · ${format.day(x.date)}`,
                    })),
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
            {!online && (
              <Alert
                color="yellow"
                variant="light"
                role="status"
                icon={<IconCloudOff aria-hidden />}
                id="complaint-offline"
                data-testid="complaint-offline"
              >
                {t('Offline.klacht_versturen')}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button component={Link} to={paths.klachten.to()} variant="default" mih={44}>
                {t('shared.annuleren')}
              </Button>
              <Button
                type="submit"
                mih={44}
                loading={create.isPending}
                disabled={!online}
                leftSection={
                  online ? <IconSend size={18} aria-hidden /> : <IconCloudOff size={18} aria-hidden />
                }
                aria-describedby={online ? undefined : 'complaint-offline'}
                data-testid="complaint-submit"
              >
                {online ? t('Klachten.indienen') : t('Offline.versturen_knop')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </QueryState>
  );
}
