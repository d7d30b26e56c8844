import { Button, FileInput, Group, Paper, Select, SimpleGrid, Text, TextInput, Title } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { snackbar } from '../../../shared/ui/snackbar/snackbar-store';
import { type DepartmentRequest, useAddReturnPhoto } from '../api/department';

export function ReturnPhotos({
  r,
  exitOrder,
}: {
  r: DepartmentRequest;
  exitOrder: NonNullable<DepartmentRequest['exitOrder']>;
}) {
  const { t } = useTranslation();
  const add = useAddReturnPhoto();
  const [file, setFile] = useState<File | null>(null);
  const [lineId, setLineId] = useState<string | null>(null);
  const [caption, setCaption] = useState('');
  const lines = r.lines.filter((l) => l.type === 'item');
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="section"
      aria-labelledby="return-photos"
      data-testid="return-photos"
    >
      <Title order={2} size="h4" mb="xs" id="return-photos">
        {t('Materieeldienst.fotos_retour')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('Materieeldienst.fotos_uitleg', {
          exitOrderNo: exitOrder.exitOrderNo,
          count: exitOrder.photoCount,
        })}
      </Text>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!file) return;
          add.mutate(
            { id: r.id, file, lineId: lineId ?? undefined, caption: caption.trim() || undefined },
            {
              onSuccess: () => {
                snackbar.success('Materieeldienst.foto_toegevoegd');
                setFile(null);
                setCaption('');
              },
              onError: (err) => snackbar.error(err),
            },
          );
        }}
      >
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <FileInput
            label={t('Materieeldienst.foto')}
            accept="image/png,image/jpeg,image/webp,image/gif"
            value={file}
            onChange={setFile}
            clearable
            leftSection={<IconPhoto size={16} aria-hidden />}
            styles={{ input: { minHeight: 44 } }}
            data-testid="photo-file"
          />
          <Select
            label={t('Aanvragen.regels')}
            placeholder={t('Materieeldienst.hele_exitorder')}
            data={lines.map((l) => ({
              value: l.lineId,
              label: `${l.itemNo}${l.plantNo ? ` (${l.plantNo})` : ''}`,
            }))}
            value={lineId}
            onChange={setLineId}
            clearable
            styles={{ input: { minHeight: 44 } }}
          />
          <TextInput
            label={t('Materieeldienst.bijschrift')}
            value={caption}
            onChange={(e) => setCaption(e.currentTarget.value)}
            maxLength={200}
            styles={{ input: { minHeight: 44 } }}
          />
        </SimpleGrid>
        <Group justify="flex-end" mt="sm">
          <Button type="submit" disabled={!file} loading={add.isPending} mih={44} data-testid="photo-submit">
            {t('Materieeldienst.foto_toevoegen')}
          </Button>
        </Group>
      </form>
    </Paper>
  );
}
