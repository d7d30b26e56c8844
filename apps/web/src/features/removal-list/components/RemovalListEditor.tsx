import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import type { RemovalList } from '@mp/contract/api/stock';
import { MAX_LINE_COMMENT } from '@mp/contract/rules/limits';
import { IconArrowsExchange, IconMapPin, IconTrash, IconTruckReturn } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { isApiError } from '../../../shared/api/errors';
import { useSelectedLocationAccess } from '../../../shared/api/get-plant-locations';
import { toAmount } from '../../../shared/catalogue/selection';
import { useAutosaver } from '../../../shared/lib/autosave';
import { paths } from '../../../shared/lib/paths';
import { applyQueued } from '../../../shared/offline/optimistic';
// statically: a save when the page goes away must start at once (no load before it)
import { sendOrQueue } from '../../../shared/offline/queue';
import { usePendingLineIds } from '../../../shared/offline/queue-store';
import { wrappingLabel } from '../../../shared/ui/button-styles';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { AmountInput } from '../../../shared/ui/catalogue/AmountInput';
import { useFormat } from '../../../shared/ui/format';
import { BlockedActions, EditorHeader, TotalRow } from '../../../shared/ui/ListEditorParts';
import { snackbar } from '../../../shared/ui/snackbar/snackbar-store';
import { removalListKeys } from '../api/get-removal-list';

type Line = RemovalList['lines'][number];
type Edit = { amount?: number | string; comment?: string };
type Queued = { amount: number } | { comment: string | null };

/** What the user recognises a line by in the offline queue's list. */
const labelOf = (l: Line) => `${l.description || l.itemNo}${l.plantNo ? ` (${l.plantNo})` : ''}`;

/** Why the list cannot be processed yet (product §5: any return amount empty or zero), or null. */
export function removalBlock(lines: readonly Line[], edits: Record<string, Edit>): string | null {
  if (lines.length === 0) return 'Afvoerlijst.leeg';
  const empty = lines.some((l) => {
    const e = edits[l.lineId];
    return toAmount(e?.amount !== undefined ? e.amount : l.returnAmount) === null;
  });
  return empty ? 'Afvoerlijst.aantal_verplicht' : null;
}

function LineRow({
  line,
  edit,
  onEdit,
  onRemove,
  readOnly,
  waiting,
}: {
  line: Line;
  edit: Edit | undefined;
  onEdit: (change: Edit) => void;
  onRemove: () => void;
  readOnly: boolean;
  /** A change of this line waits in the offline queue. */
  waiting: boolean;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const amount = edit?.amount ?? line.returnAmount;
  const parsed = toAmount(amount);
  const invalid = edit?.amount !== undefined && parsed === null;
  const tooMany = parsed !== null && parsed > line.onSite;
  return (
    <Paper withBorder radius="md" p="sm" data-testid="removal-line" data-line={line.lineId}>
      <Stack gap="xs">
        <Group wrap="nowrap" gap="sm" align="flex-start">
          <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
            <Anchor
              component={Link}
              to={
                line.plantNo
                  ? paths.materieelvoorraadDetails.to(line.itemNo, line.plantNo)
                  : paths.voorraadverloop.to(line.itemNo, '-')
              }
              fw={600}
              c="inherit"
              size="sm"
              style={{ overflowWrap: 'anywhere' }}
            >
              {line.description || line.itemNo}
            </Anchor>
            <Text size="xs" c="dimmed">
              {line.itemNo}
              {line.plantNo ? ` · ${t('shared.materieelnummer')} ${line.plantNo}` : ''}
              {' · '}
              {t('Materieelvoorraad.op_locatie')}: {format.number(line.onSite)}
            </Text>
            {waiting && (
              <Badge
                color="yellow"
                variant="light"
                c="dark.8"
                size="sm"
                styles={{ label: { textTransform: 'none' } }}
                data-testid="line-waiting"
              >
                {t('OfflineWachtrij.wacht')}
              </Badge>
            )}
          </Stack>
          <Group gap={4} wrap="nowrap" align="flex-start">
            {line.plantNo || readOnly ? (
              <Badge variant="light" size="lg" mt={6} styles={{ label: { textTransform: 'none' } }}>
                {format.number(line.returnAmount)}
              </Badge>
            ) : (
              <AmountInput
                value={amount}
                onChange={(v) => onEdit({ amount: v })}
                label={`${t('Afvoerlijst.retourAantal')}: ${line.description || line.itemNo}`}
                hideLabel
                w={88}
                error={invalid || tooMany ? true : undefined}
                testId={`return-amount-${line.itemNo}`}
              />
            )}
            {!readOnly && (
              <Tooltip label={t('shared.verwijderen')} withArrow>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size={44}
                  onClick={onRemove}
                  aria-label={`${t('shared.verwijderen')}: ${line.description || line.itemNo}`}
                  data-testid={`remove-${line.itemNo}${line.plantNo ? `-${line.plantNo}` : ''}`}
                >
                  <IconTrash size={20} aria-hidden />
                </ActionIcon>
              </Tooltip>
            )}
          </Group>
        </Group>
        {invalid && (
          <Text size="xs" c="red.8" role="alert">
            {t('Afvoerlijst.aantal_verplicht')}
          </Text>
        )}
        {tooMany && (
          <Text size="xs" c="red.8" role="alert">
            {t('Afvoerlijst.maximaal_beschikbaar', { max: line.onSite })}
          </Text>
        )}
        <TextInput
          value={edit?.comment ?? line.comment ?? ''}
          onChange={(e) => onEdit({ comment: e.currentTarget.value })}
          placeholder={t('Afvoeren.opmerking')}
          aria-label={`${t('Afvoeren.opmerking')}: ${line.description || line.itemNo}`}
          maxLength={MAX_LINE_COMMENT}
          readOnly={readOnly}
          size="sm"
          styles={{ input: { minHeight: 44 } }}
        />
      </Stack>
    </Paper>
  );
}

/**
 * The removal list: return amounts and comments saved 1000 ms after the last edit (and when leaving), lines
 * removed with confirmation, and "remove" / "move" — disabled while any return amount is empty or zero (§5).
 */
/**
 * One removal list to edit. `elsewhere`: a list of another location of the project (ProjectOverzichten_
 * TonenEnGebruiken), edited here but processed on its own location — its own read-only reason, and instead of
 * "remove" and "move" a button that switches to it.
 */
export function RemovalListEditor({
  locationNo,
  list,
  elsewhere,
}: {
  locationNo: string;
  list: RemovalList;
  elsewhere?: { readOnlyKey: string | null; onSwitch: () => void };
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [edits, setEdits] = useState<Record<string, Edit>>({});
  const [removing, setRemoving] = useState<Line | null>(null);
  const [clearing, setClearing] = useState(false);
  const [going, setGoing] = useState(false);
  const selected = useSelectedLocationAccess();
  const readOnlyKey = elsewhere ? elsewhere.readOnlyKey : selected.readOnlyKey;
  const readOnly = readOnlyKey !== null;
  const waiting = usePendingLineIds();

  const { saver, state } = useAutosaver<Queued>(async (batch) => {
    const byLine = new Map<string, { amount?: number; comment?: string | null }>();
    for (const [key, value] of batch) {
      const lineId = key.slice(0, key.indexOf(':'));
      byLine.set(lineId, { ...byLine.get(lineId), ...value });
    }
    let latest: RemovalList | null = null;
    let queued = false;
    try {
      for (const [lineId, change] of byLine) {
        const line = list.lines.find((l) => l.lineId === lineId);
        const out = await sendOrQueue<RemovalList>(
          { kind: 'removal.update', locationNo, lineId, input: change },
          line ? labelOf(line) : lineId,
        );
        if (out.queued) {
          // no reception: kept on the phone, shown as it will be (decision 0031)
          applyQueued(queryClient, out.entry.change);
          queued = true;
        } else latest = out.answer;
      }
    } catch (e) {
      // the server's reason (e.g. more than is available) in the user's language; the edit stays to be fixed
      snackbar.error(e, 'error.server_fout');
      if (isApiError(e) && e.status === 404)
        void queryClient.invalidateQueries({ queryKey: removalListKeys.all });
      throw e;
    }
    if (latest) queryClient.setQueryData(removalListKeys.detail(locationNo), latest);
    if (queued) snackbar.info('OfflineWachtrij.bewaard');
    void queryClient.invalidateQueries({ queryKey: removalListKeys.projects() });
    setEdits((prev) => {
      const next = { ...prev };
      for (const [lineId, change] of byLine) {
        const e = next[lineId];
        if (!e) continue;
        const rest: Edit = { ...e };
        if (
          change.amount !== undefined &&
          toAmount(e.amount) === change.amount &&
          !saver.has(`${lineId}:amount`)
        )
          delete rest.amount;
        if (
          change.comment !== undefined &&
          (e.comment ?? '') === (change.comment ?? '') &&
          !saver.has(`${lineId}:comment`)
        )
          delete rest.comment;
        if (rest.amount === undefined && rest.comment === undefined) delete next[lineId];
        else next[lineId] = rest;
      }
      return next;
    });
  });

  function edit(line: Line, change: Edit) {
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

  async function remove(lines: readonly Line[]) {
    for (const l of lines) {
      saver.drop(`${l.lineId}:amount`);
      saver.drop(`${l.lineId}:comment`);
    }
    await saver.flush();
    let latest: RemovalList | null = null;
    let queued = false;
    for (const l of lines) {
      const out = await sendOrQueue<RemovalList>(
        { kind: 'removal.delete', locationNo, lineId: l.lineId },
        labelOf(l),
      );
      if (out.queued) {
        applyQueued(queryClient, out.entry.change);
        queued = true;
      } else latest = out.answer;
    }
    if (latest) queryClient.setQueryData(removalListKeys.detail(locationNo), latest);
    if (queued) snackbar.info('OfflineWachtrij.bewaard');
    void queryClient.invalidateQueries({ queryKey: removalListKeys.projects() });
    setEdits((prev) => {
      const next = { ...prev };
      for (const l of lines) delete next[l.lineId];
      return next;
    });
  }

  async function go(to: string) {
    setGoing(true);
    await saver.flush();
    setGoing(false);
    if (saver.state === 'error') return;
    navigate(to);
  }

  const block = readOnlyKey ?? removalBlock(list.lines, edits);
  const pieces = list.lines.reduce(
    (n, l) => n + (toAmount(edits[l.lineId]?.amount ?? l.returnAmount) ?? 0),
    0,
  );

  return (
    <Stack gap="md">
      <EditorHeader
        state={state}
        onRetry={() => void saver.flush()}
        savedKey="Afvoerlijst.opgeslagen"
        clear={
          readOnly
            ? null
            : {
                label: t('Afvoerlijst.leegmaken'),
                onClick: () => setClearing(true),
                testId: 'clear-removal-list',
              }
        }
      />
      <Stack gap="xs" data-testid="removal-lines">
        {list.lines.map((line) => (
          <LineRow
            key={line.lineId}
            line={line}
            edit={edits[line.lineId]}
            onEdit={(change) => edit(line, change)}
            onRemove={() => setRemoving(line)}
            readOnly={readOnly}
            waiting={waiting.has(line.lineId)}
          />
        ))}
      </Stack>
      <Paper withBorder radius="md" p="md">
        <TotalRow
          label={t('Bestellijst.aantal_regels', { count: list.lines.length })}
          testId="removal-pieces"
        >
          {t('Bestellijst.totaal_stuks')}: {pieces}
        </TotalRow>
      </Paper>
      <BlockedActions block={block && t(block)} reasonId="removal-reason">
        {elsewhere ? (
          <Button
            variant="light"
            size="md"
            leftSection={<IconMapPin size={18} aria-hidden />}
            onClick={elsewhere.onSwitch}
            mih={44}
            styles={wrappingLabel}
            data-testid="switch-location"
          >
            {t('Afvoerlijst.naar_locatie')}
          </Button>
        ) : (
          <Group gap="sm" justify="flex-end">
            <Button
              variant="default"
              size="md"
              leftSection={<IconArrowsExchange size={18} aria-hidden />}
              disabled={block !== null}
              loading={going}
              onClick={() => void go(paths.verplaatsenGegevens.to())}
              mih={44}
              aria-describedby={block ? 'removal-reason' : undefined}
              styles={wrappingLabel}
              data-testid="to-relocation"
            >
              {t('Afvoerlijst.verplaatsen')}
            </Button>
            <Button
              size="md"
              leftSection={<IconTruckReturn size={18} aria-hidden />}
              disabled={block !== null}
              loading={going}
              onClick={() => void go(paths.afvoerenGegevens.to())}
              mih={44}
              aria-describedby={block ? 'removal-reason' : undefined}
              styles={wrappingLabel}
              data-testid="to-removal"
            >
              {t('Afvoerlijst.afvoeren')}
            </Button>
          </Group>
        )}
      </BlockedActions>
      <ConfirmDialog
        opened={removing !== null}
        title={t('Bestellijst.regel_verwijderen')}
        message={
          removing
            ? t('Bestellijst.regel_verwijderen_bevestigen', {
                description: removing.description || removing.itemNo,
              })
            : null
        }
        confirmLabel={t('shared.verwijderen')}
        action={() => remove(removing ? [removing] : [])}
        successKey="Afvoerlijst.item_verwijderd"
        onClose={() => setRemoving(null)}
      />
      <ConfirmDialog
        opened={clearing}
        title={t('Afvoerlijst.leegmaken')}
        message={t('Afvoerlijst.leegmaken_bevestigen')}
        confirmLabel={t('Afvoerlijst.leegmaken')}
        action={() => remove(list.lines)}
        successKey="Afvoerlijst.items_verwijderd"
        onClose={() => setClearing(false)}
      />
    </Stack>
  );
}
