import { Button, Card, FileInput, Group, Image, Paper, SimpleGrid, Text, Title } from '@mantine/core';
import {
  complaintFileTypes,
  MAX_COMPLAINT_FILE_BYTES,
  MAX_COMPLAINT_FILES,
} from '@mp/contract/api/complaints';
import { IconDownload, IconFileText, IconPaperclip } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '../../../shared/api/download-file';
import { snackbar } from '../../../shared/ui/snackbar/snackbar-store';
import { type ComplaintDetail, type ComplaintDocument, useAddDocuments, useFileUrl } from '../api/complaints';
import { ErrorText } from './complaint-parts';

const MB = MAX_COMPLAINT_FILE_BYTES / 1024 / 1024;

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
export function ComplaintDocuments({
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
