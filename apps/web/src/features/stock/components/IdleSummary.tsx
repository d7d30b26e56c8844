import { Alert, Button, Group, Text } from '@mantine/core';
import type { AddRemovalLinesInput } from '@mp/contract/api/stock';
import { IconZzz } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { stockKeys } from '../../../shared/api/query-keys';
import { useAddToRemovalList } from '../../../shared/api/use-add-to-removal-list';
import { useFormat } from '../../../shared/ui/format';
import { snackbar } from '../../../shared/ui/snackbar/snackbar-store';
import { useIdleEquipment } from '../api/get-idle';

// why: a long label (German, on a phone) wraps inside its button instead of pushing the page sideways
const wrapping = {
  root: { maxWidth: '100%', display: 'flex', alignItems: 'center', justifyContent: 'center' },
  label: { whiteSpace: 'normal' as const, textAlign: 'center' as const },
};
/**
 * Idle equipment on the location (decision 0034), said in words above the stock: "3 stuks geen beweging sinds 12
 * dagen — nu afvoeren bespaart ca. € 1.840 tot einde project", with one tap to put them on the removal list and
 * one to show them first. Nothing when nothing stands idle.
 */
export function IdleSummary({
  locationNo,
  canWrite,
  bulkReturn,
  sortedFirst,
  onShowFirst,
}: {
  locationNo: string;
  canWrite: boolean;
  bulkReturn: boolean;
  sortedFirst: boolean;
  onShowFirst: () => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const queryClient = useQueryClient();
  const idle = useIdleEquipment(locationNo);
  const add = useAddToRemovalList();
  const [busy, setBusy] = useState(false);
  const data = idle.data;
  if (!data || data.lines.length === 0 || data.fewestDays === null) return null;
  const free = data.lines.filter((l) => l.availableForRemoval > 0);
  const idleWords = t('Stilstand.samenvatting', { count: data.pieces, days: data.fewestDays });
  // without prices (product §6) the sentence names no figure
  const sentence = !data.pricesShown
    ? idleWords
    : [
        idleWords,
        data.saving === null
          ? t('Stilstand.geen_einddatum')
          : t('Stilstand.besparing', { amount: format.money(data.saving, 0) }),
      ].join(' — ');

  const putOnList = async () => {
    const lines: NonNullable<AddRemovalLinesInput['lines']> = free.map((l) => ({
      itemNo: l.itemNo,
      plantNo: l.plantNo ?? undefined,
      amount: l.availableForRemoval,
    }));
    setBusy(true);
    try {
      // without MaterieelvoorraadBulkTerugsturenEnabled the server takes one line per call (decision 0014)
      const calls = bulkReturn ? [lines] : lines.map((l) => [l]);
      let kept = false;
      for (const batch of calls) {
        const list = await add.mutateAsync({ locationNo, input: { lines: batch } });
        if (!list) kept = true;
      }
      if (kept) snackbar.info('OfflineWachtrij.bewaard');
      else snackbar.success('Stilstand.toegevoegd', { count: lines.length });
    } catch (e) {
      snackbar.error(e);
    } finally {
      setBusy(false);
      await queryClient.invalidateQueries({ queryKey: stockKeys.all });
    }
  };

  return (
    <Alert
      color="orange.9"
      variant="outline"
      icon={<IconZzz size={20} aria-hidden />}
      data-testid="idle-summary"
      styles={{ body: { minWidth: 0 }, message: { color: 'var(--mantine-color-text)' } }}
    >
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm" fw={600} style={{ flex: '1 1 260px', minWidth: 0 }} data-testid="idle-sentence">
          {sentence}
        </Text>
        <Group gap="xs" wrap="wrap">
          {!sortedFirst && (
            <Button
              variant="default"
              mih={44}
              h="auto"
              styles={wrapping}
              onClick={onShowFirst}
              data-testid="idle-show-first"
            >
              {t('Materieelvoorraad.sort.idle')}
            </Button>
          )}
          {canWrite && data.canRemove && (
            <Button
              variant="filled"
              mih={44}
              h="auto"
              styles={wrapping}
              loading={busy}
              disabled={free.length === 0}
              title={free.length === 0 ? t('Stilstand.niets_meer') : undefined}
              onClick={() => void putOnList()}
              data-testid="idle-to-removal-list"
            >
              {t('Stilstand.op_afvoerlijst')}
            </Button>
          )}
        </Group>
      </Group>
    </Alert>
  );
}
