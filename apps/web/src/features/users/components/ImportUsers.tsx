import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  FileInput,
  Group,
  Paper,
  Progress,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCircleCheck, IconFileImport } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../shared/lib/paths';
import { AreaPage } from '../../../shared/ui/AreaPage';
import { ErrorView } from '../../../shared/ui/StateViews';
import { snackbar } from '../../../shared/ui/snackbar/snackbar-store';
import {
  fileToBase64,
  type ImportPreview,
  useImportJob,
  usePreviewImport,
  useStartImport,
} from '../api/users';
import { Tag } from './user-parts';

/** The import: choose a file, check it (an error per row), import it in one go with progress. */
export function ImportUsers() {
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
