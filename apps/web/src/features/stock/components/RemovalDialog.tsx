import { Button, Group, Modal, NumberInput, Stack, Table, Text } from '@mantine/core';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface RemovalCandidate {
  key: string;
  itemNo: string;
  plantNo: string | null;
  description: string;
  available: number;
  current: number;
}

/**
 * Asks the amounts to put on the removal list: one per chosen line, at most what is available (what is on
 * site minus what others put on theirs); a plant always counts 1.
 */
export function RemovalDialog({
  opened,
  lines,
  pending,
  onClose,
  onConfirm,
}: {
  opened: boolean;
  lines: RemovalCandidate[];
  pending: boolean;
  onClose: () => void;
  onConfirm: (amounts: Map<string, number>) => void;
}) {
  const { t } = useTranslation();
  const [amounts, setAmounts] = useState<Map<string, number | ''>>(new Map());
  useEffect(() => {
    if (opened) setAmounts(new Map(lines.map((l) => [l.key, l.current > 0 ? l.current : l.available])));
  }, [opened, lines]);
  const invalid = lines.some((l) => {
    const a = amounts.get(l.key);
    return a === '' || a === undefined || a < 1 || a > l.available;
  });
  let body: ReactNode = (
    <Table verticalSpacing="xs">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('shared.omschrijving')}</Table.Th>
          <Table.Th w={150}>{t('Afvoerlijst.retourAantal')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {lines.map((l) => (
          <Table.Tr key={l.key}>
            <Table.Td>
              <Text size="sm" fw={600}>
                {l.itemNo}
                {l.plantNo ? ` · ${l.plantNo}` : ''}
              </Text>
              <Text size="xs" c="dimmed">
                {l.description}
              </Text>
            </Table.Td>
            <Table.Td>
              <NumberInput
                aria-label={`${t('Afvoerlijst.retourAantal')} ${l.itemNo} ${l.plantNo ?? ''}`.trim()}
                min={1}
                max={l.available}
                allowDecimal={false}
                allowNegative={false}
                disabled={l.plantNo !== null}
                value={amounts.get(l.key) ?? ''}
                onChange={(v) => setAmounts((m) => new Map(m).set(l.key, typeof v === 'number' ? v : ''))}
                description={t('Afvoerlijst.maximaal_beschikbaar', { max: l.available })}
                styles={{ input: { minHeight: 44 } }}
              />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
  if (lines.length === 0) body = <Text>{t('shared.leeg')}</Text>;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('Materieelvoorraad.toevoegen_afvoerlijst')}
      size="lg"
      centered
    >
      <Stack>
        {body}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} mih={44}>
            {t('shared.annuleren')}
          </Button>
          <Button
            onClick={() => onConfirm(new Map(lines.map((l) => [l.key, Number(amounts.get(l.key))])))}
            disabled={invalid || lines.length === 0}
            loading={pending}
            mih={44}
            data-testid="removal-confirm"
          >
            {t('Materieelvoorraad.toevoegen_afvoerlijst')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
