import { ActionIcon, Anchor, Badge, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import type { OrderList, OrderListLine } from '@mp/contract/api/order-lists';
import { MAX_LINE_COMMENT } from '@mp/contract/rules/limits';
import { IconArrowRight, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useSelectedLocationAccess } from '../../../shared/api/get-plant-locations';
import { useSettings } from '../../../shared/api/get-settings';
import { orderListKeys } from '../../../shared/api/order-lists/keys';
import { toAmount } from '../../../shared/catalogue/selection';
import { useAutosaver } from '../../../shared/lib/autosave';
import { paths } from '../../../shared/lib/paths';
import { applyQueued } from '../../../shared/offline/optimistic';
// statically: a save when the page goes away must start at once (no load before it)
import { sendOrQueue } from '../../../shared/offline/queue';
import type { QueuedChange } from '../../../shared/offline/queue-db';
import { usePendingLineIds } from '../../../shared/offline/queue-store';
import { wrappingLabel } from '../../../shared/ui/button-styles';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { AmountInput } from '../../../shared/ui/catalogue/AmountInput';
import { PriceLines } from '../../../shared/ui/catalogue/PriceLines';
import { type Formatters, useFormat } from '../../../shared/ui/format';
import { ImagePreview } from '../../../shared/ui/ImagePreview';
import { LaterTooltip } from '../../../shared/ui/LaterTooltip';
import { BlockedActions, EditorHeader, TotalRow } from '../../../shared/ui/ListEditorParts';
import { snackbar } from '../../../shared/ui/snackbar/snackbar-store';
import {
  effectiveAmounts,
  type LineEdit,
  type LineEdits,
  linesInOrder,
  orderListTotals,
  processBlock,
} from './order-list-rules';

type Queued = { amount: number } | { comment: string | null };

function LineRow({
  line,
  parent,
  depth,
  edit,
  following,
  onEdit,
  onRemove,
  format,
  priceDecimals,
  weightDecimals,
  readOnly = false,
  waiting = false,
}: {
  readOnly?: boolean;
  /** A change of this line waits in the offline queue. */
  waiting?: boolean;
  line: OrderListLine;
  /** The line it hangs under: a set (its component) or an item (delivered with it). */
  parent: OrderListLine | undefined;
  depth: number;
  edit: LineEdit | undefined;
  /** The amount it will have: the saved one, or scaled with a set amount typed above it. */
  following: number;
  onEdit: (change: LineEdit) => void;
  onRemove?: () => void;
  format: Formatters;
  priceDecimals: number;
  weightDecimals: number;
}) {
  const { t } = useTranslation();
  const amount = edit?.amount ?? following;
  const comment = edit?.comment ?? line.comment ?? '';
  const invalid = edit?.amount !== undefined && toAmount(edit.amount) === null;
  const isSet = line.type === 'set';
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      ml={{ base: depth * 16, sm: depth * 32 }}
      bg={depth > 0 ? 'gray.0' : undefined}
      data-testid="order-line"
      data-item-no={line.itemNo}
      data-depth={depth}
    >
      <Stack gap="xs">
        <Group wrap="nowrap" gap="sm" align="flex-start">
          <ImagePreview src={line.imageUrl} alt={line.description} width={64} height={48} />
          <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
            <Group gap={6} wrap="wrap">
              {isSet && (
                <Badge size="sm" variant="light">
                  {t('shared.set_label').replace(/:$/, '')}
                </Badge>
              )}
              {waiting && (
                <Badge
                  size="sm"
                  color="yellow"
                  variant="light"
                  c="dark.8"
                  styles={{ label: { textTransform: 'none' } }}
                  data-testid="line-waiting"
                >
                  {t('OfflineWachtrij.wacht')}
                </Badge>
              )}
              <Anchor
                component={Link}
                to={isSet ? paths.set.to(line.itemNo) : paths.details.to(line.itemNo)}
                fw={600}
                c="inherit"
                size="sm"
                style={{ overflowWrap: 'anywhere' }}
              >
                {line.description}
              </Anchor>
            </Group>
            <Text size="xs" c="dimmed">
              {line.itemNo}
              {parent?.type === 'item'
                ? ` · ${t('Bestellijst.meegeleverd_met', { description: parent.description })}`
                : depth > 0
                  ? ` · ${t('Bestellijst.onderdeel_van_set')}`
                  : ''}
              {line.weightPerPiece ? ` · ${format.weight(line.weightPerPiece, weightDecimals)}` : ''}
            </Text>
            {!isSet && <PriceLines item={line} format={format} decimals={priceDecimals} size="xs" />}
          </Stack>
          <Group gap={4} wrap="nowrap" align="flex-start">
            {line.editable && !readOnly ? (
              <AmountInput
                value={amount}
                onChange={(v) => onEdit({ amount: v })}
                label={`${t('shared.aantal')}: ${line.description}`}
                hideLabel
                w={80}
                error={invalid ? true : undefined}
                testId={depth === 0 ? `line-amount-${line.itemNo}` : `component-amount-${line.itemNo}`}
              />
            ) : (
              <Text fw={600} miw={80} ta="right" pt={10} style={{ fontVariantNumeric: 'tabular-nums' }}>
                {format.number(following)}
              </Text>
            )}
            {onRemove && !readOnly && (
              <LaterTooltip label={t('shared.verwijderen')} withArrow>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size={44}
                  onClick={onRemove}
                  aria-label={`${t('shared.verwijderen')}: ${line.description}`}
                  data-testid={`remove-${line.itemNo}`}
                >
                  <IconTrash size={20} aria-hidden />
                </ActionIcon>
              </LaterTooltip>
            )}
          </Group>
        </Group>
        {invalid && (
          <Text size="xs" c="red.8" role="alert">
            {t('validation.aantal_verplicht')}
          </Text>
        )}
        {depth === 0 && (
          <TextInput
            value={comment}
            onChange={(e) => onEdit({ comment: e.currentTarget.value })}
            placeholder={t('Bestellijst.opmerking')}
            aria-label={`${t('Bestellijst.opmerking')}: ${line.description}`}
            maxLength={MAX_LINE_COMMENT}
            readOnly={readOnly}
            size="sm"
            styles={{ input: { minHeight: 44 } }}
          />
        )}
      </Stack>
    </Paper>
  );
}

/**
 * The lines of an order list with autosave (1000 ms after the last edit, flushed when leaving), removal
 * with confirmation, totals, and "process" — disabled while any amount is empty or zero (product §5).
 */
export function OrderListEditor({ locationNo, list }: { locationNo: string; list: OrderList }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const settings = useSettings();
  const format = useFormat();
  const [edits, setEdits] = useState<LineEdits>({});
  const [removing, setRemoving] = useState<OrderListLine | null>(null);
  const [clearing, setClearing] = useState(false);
  const [going, setGoing] = useState(false);
  const waiting = usePendingLineIds();
  const priceDecimals = settings.raw?.intValues.Prijzen_AantalDecimalen ?? 2;
  const weightDecimals = settings.raw?.intValues.Gewicht_AantalDecimalen ?? 1;

  const { saver, state } = useAutosaver<Queued>(async (batch) => {
    const byLine = new Map<string, { lineId: string; amount?: number; comment?: string | null }>();
    for (const [key, value] of batch) {
      const lineId = key.slice(0, key.indexOf(':'));
      const row = byLine.get(lineId) ?? { lineId };
      Object.assign(row, value);
      byLine.set(lineId, row);
    }
    const label = [...byLine.keys()]
      .map((id) => list.lines.find((l) => l.lineId === id)?.description ?? id)
      .join(', ');
    if (
      await sendListChange(
        { kind: 'order.update', locationNo, orderListId: list.id, input: { lines: [...byLine.values()] } },
        label,
      )
    )
      snackbar.info('OfflineWachtrij.bewaard');
    // what the server now has no longer needs to be held as an edit (newer typing stays)
    setEdits((prev) => {
      const next = { ...prev };
      for (const row of byLine.values()) {
        const e = next[row.lineId];
        if (!e) continue;
        const rest: LineEdit = { ...e };
        if (
          row.amount !== undefined &&
          toAmount(e.amount) === row.amount &&
          !saver.has(`${row.lineId}:amount`)
        )
          delete rest.amount;
        if (
          row.comment !== undefined &&
          (e.comment ?? '') === (row.comment ?? '') &&
          !saver.has(`${row.lineId}:comment`)
        )
          delete rest.comment;
        if (rest.amount === undefined && rest.comment === undefined) delete next[row.lineId];
        else next[row.lineId] = rest;
      }
      return next;
    });
  });

  /**
   * Sends a change of the list, or keeps it on the phone without reception (decision 0031): the answer, or the
   * change as the server will make it, goes into the cache. True when it was kept (queued).
   */
  async function sendListChange(change: QueuedChange, label: string): Promise<boolean> {
    const out = await sendOrQueue<OrderList>(change, label);
    if (out.queued) {
      applyQueued(queryClient, out.entry.change);
      return true;
    }
    queryClient.setQueryData(orderListKeys.detail(locationNo, list.id), out.answer);
    void queryClient.invalidateQueries({ queryKey: orderListKeys.list(locationNo) });
    return false;
  }

  function edit(line: OrderListLine, change: LineEdit) {
    setEdits((prev) => ({ ...prev, [line.lineId]: { ...prev[line.lineId], ...change } }));
    if (change.amount !== undefined) {
      const amount = toAmount(change.amount);
      // an empty or zero amount is never sent (the server refuses it); processing stays disabled until fixed
      if (amount === null) saver.drop(`${line.lineId}:amount`);
      else saver.schedule(`${line.lineId}:amount`, { amount });
    }
    if (change.comment !== undefined) {
      const trimmed = change.comment.trim();
      saver.schedule(`${line.lineId}:comment`, { comment: trimmed === '' ? null : change.comment });
    }
  }

  /** Deletes the line being removed, after saving what is pending for the other lines (kept offline). */
  async function removeLine() {
    if (!removing) return;
    const line = removing;
    saver.drop(`${line.lineId}:amount`);
    saver.drop(`${line.lineId}:comment`);
    await saver.flush();
    const queued = await sendListChange(
      { kind: 'order.delete', locationNo, orderListId: list.id, lineId: line.lineId },
      line.description,
    );
    setEdits(({ [line.lineId]: _gone, ...rest }) => rest);
    if (queued) snackbar.info('OfflineWachtrij.bewaard');
    else snackbar.success('Bestellijst.regel_verwijderd');
  }

  /** Empties the list (kept offline); what was waiting to be saved is dropped. */
  async function clearList() {
    for (const l of list.lines) {
      saver.drop(`${l.lineId}:amount`);
      saver.drop(`${l.lineId}:comment`);
    }
    await saver.flush();
    const queued = await sendListChange({ kind: 'order.clear', locationNo, orderListId: list.id }, list.name);
    setEdits({});
    if (queued) snackbar.info('OfflineWachtrij.bewaard');
    else snackbar.success('Bestellijst.leeggemaakt');
  }

  async function process() {
    setGoing(true);
    await saver.flush();
    setGoing(false);
    if (saver.state === 'error') {
      snackbar.danger('Bestellijst.niet_opgeslagen');
      return;
    }
    navigate(paths.bestellenGegevens.to());
  }

  const rows = linesInOrder(list.lines);
  const byId = new Map(list.lines.map((l) => [l.lineId, l]));
  // The read-only role on this location: nothing to change, the reason where "process" would be.
  const { readOnlyKey } = useSelectedLocationAccess();
  const readOnly = readOnlyKey !== null;
  const block = readOnlyKey ?? processBlock(list.lines, edits);
  const totals = orderListTotals(list.lines, edits);
  const amounts = effectiveAmounts(list.lines, edits);
  const showPrices = list.lines.some((l) => l.showPrice);

  return (
    <Stack gap="md">
      <EditorHeader
        state={state}
        onRetry={() => void saver.flush()}
        savedKey="Bestellijst.opgeslagen"
        clear={
          readOnly
            ? null
            : {
                label: t('Bestellijst.alles_verwijderen'),
                onClick: () => setClearing(true),
                testId: 'clear-list',
              }
        }
      />

      <Stack gap="xs" data-testid="order-lines">
        {rows.map(({ line, depth }) => (
          <LineRow
            key={line.lineId}
            line={line}
            parent={line.parentLineId ? byId.get(line.parentLineId) : undefined}
            depth={depth}
            edit={edits[line.lineId]}
            waiting={waiting.has(line.lineId)}
            following={amounts.get(line.lineId) ?? line.amount}
            onEdit={(change) => edit(line, change)}
            onRemove={
              // an item delivered with another can be dropped when its amount may be chosen (MeegeleverdeAantalWijzigen)
              depth === 0 || (line.editable && byId.get(line.parentLineId ?? '')?.type === 'item')
                ? () => setRemoving(line)
                : undefined
            }
            format={format}
            priceDecimals={priceDecimals}
            weightDecimals={weightDecimals}
            readOnly={readOnly}
          />
        ))}
      </Stack>

      <Paper withBorder radius="md" p="md" data-testid="order-totals">
        <Stack gap={4}>
          {/* The main bar counts lines, as "Regels" here does; the pieces are what arrives (a set as its parts). */}
          <TotalRow label={t('Bestellijst.aantal_regels', { count: totals.lines })}>
            {t('Bestellijst.totaal_stuks')}: {format.number(totals.amount)}
          </TotalRow>
          {totals.weight !== null && (
            <TotalRow label={t('Bestellijst.totaal_gewicht')}>
              {format.weight(totals.weight, weightDecimals)}
            </TotalRow>
          )}
          {showPrices && totals.dayPrice !== null && (
            <TotalRow label={`${t('shared.huurprijs')} ${t('shared.per_dag')}`}>
              {format.money(totals.dayPrice, priceDecimals)}{' '}
              <Text span size="xs" c="dimmed">
                {t('shared.excl_btw')}
              </Text>
            </TotalRow>
          )}
          {showPrices && totals.weekPrice !== null && (
            <TotalRow label={`${t('shared.huurprijs')} ${t('shared.per_week')}`}>
              {format.money(totals.weekPrice, priceDecimals)}{' '}
              <Text span size="xs" c="dimmed">
                {t('shared.excl_btw')}
              </Text>
            </TotalRow>
          )}
        </Stack>
      </Paper>

      <BlockedActions block={block && t(block)} reasonId="process-reason">
        <Button
          size="md"
          rightSection={<IconArrowRight size={18} aria-hidden />}
          disabled={block !== null}
          loading={going}
          onClick={() => void process()}
          mih={44}
          aria-describedby={block ? 'process-reason' : undefined}
          styles={wrappingLabel}
          data-testid="process"
        >
          {t('Bestellijst.verwerken')}
        </Button>
      </BlockedActions>

      <ConfirmDialog
        opened={removing !== null}
        title={t('Bestellijst.regel_verwijderen')}
        message={
          removing
            ? t('Bestellijst.regel_verwijderen_bevestigen', { description: removing.description })
            : null
        }
        confirmLabel={t('shared.verwijderen')}
        action={removeLine}
        onClose={() => setRemoving(null)}
      />
      <ConfirmDialog
        opened={clearing}
        title={t('Bestellijst.alles_verwijderen')}
        message={t('Bestellijst.alles_verwijderen_bevestigen')}
        confirmLabel={t('Bestellijst.alles_verwijderen')}
        action={clearList}
        onClose={() => setClearing(false)}
      />
    </Stack>
  );
}
