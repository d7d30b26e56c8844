import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { type ExecuteInput, returnConditions } from '@mp/contract/api/department';
import { calendarDayIn } from '@mp/contract/rules/order-dates';
import { IconCalendarDue, IconCheck, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/errors';
import { DateField, DatesLocale } from '../../../shared/ui/DateField';
import { useFormat } from '../../../shared/ui/format';
import { snackbar } from '../../../shared/ui/snackbar/snackbar-store';
import { type DepartmentRequest, useExecuteRequest } from '../api/department';
import { tellError } from './tell-error';

// Confirm a planned request was carried out (issue #12, decision 0018): the day, the condition of what came back
// (a removal), costs. A request is carried out from its planned day on; carried out earlier, the planned date moves
// to that day first, which the department confirms here and the server records (issue #31 item 15).

type CostRow = ExecuteInput['costs'][number];
type ReturnRow = { condition: (typeof returnConditions)[number]; damageAmount: string; remarks: string };

export function ExecuteForm({ r, reload }: { r: DepartmentRequest; reload: () => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const execute = useExecuteRequest();
  const today = calendarDayIn(new Date());
  // confirmed after the fact: the planned day, or today when that is still to come (calendar days compare as text)
  const [executedDate, setExecutedDate] = useState<string | null>(
    r.plannedDate && r.plannedDate < today ? r.plannedDate : today,
  );
  const [movePlan, setMovePlan] = useState(false);
  const [costs, setCosts] = useState<CostRow[]>([]);
  const [returns, setReturns] = useState<Record<string, ReturnRow>>({});
  const [note, setNote] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [dateError, setDateError] = useState<string | undefined>();
  const itemLines = r.lines.filter((l) => l.type === 'item');
  const returnOf = (lineId: string): ReturnRow =>
    returns[lineId] ?? { condition: 'good', damageAmount: '', remarks: '' };
  // carried out before the planned day: only with the planning moved to that day
  const early = !!(executedDate && r.plannedDate && executedDate < r.plannedDate);
  const blocked = !executedDate || (early && !movePlan);

  const submit = () => {
    if (!executedDate || blocked) return;
    execute.mutate(
      {
        id: r.id,
        input: {
          version: r.version,
          executedDate,
          ...(early ? { movePlannedDate: true } : {}),
          returns:
            r.kind === 'removal'
              ? Object.entries(returns).map(([lineId, v]) => ({
                  lineId,
                  condition: v.condition,
                  ...(v.damageAmount ? { damageAmount: v.damageAmount } : {}),
                  ...(v.remarks.trim() ? { remarks: v.remarks.trim() } : {}),
                }))
              : [],
          costs: costs.filter((c) => c.description.trim() && c.unitPrice),
          ...(note.trim() ? { note: note.trim() } : {}),
        },
      },
      {
        onSuccess: () => {
          snackbar.success('Materieeldienst.uitgevoerd_melding');
          setConfirming(false);
        },
        onError: (e) => {
          setConfirming(false);
          const field = isApiError(e) ? e.fieldErrors.executedDate : undefined;
          setDateError(field ? t(field.code, field.params) : undefined);
          tellError(e, reload);
        },
      },
    );
  };

  return (
    <DatesLocale>
      <Paper bg="var(--mantine-color-gray-0)" p="md" radius="sm" data-testid="execute-form">
        <Title order={3} size="h5" mb="sm">
          {t('Materieeldienst.uitvoeren')}
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          {t('Materieeldienst.uitvoeren_uitleg')}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <DateField
            label={t('Materieeldienst.uitgevoerd_op')}
            value={executedDate}
            onChange={(d) => {
              setExecutedDate(d);
              setDateError(undefined);
            }}
            maxDate={today}
            required
            error={dateError}
            testId="execute-date"
          />
          <Textarea
            label={t('shared.opmerking')}
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
            autosize
            maxLength={1000}
          />
        </SimpleGrid>
        {early && r.plannedDate && executedDate && (
          <Alert
            color="yellow"
            c="dark.8"
            mt="md"
            icon={<IconCalendarDue aria-hidden />}
            title={t('Materieeldienst.eerder_uitgevoerd_titel', { date: format.day(r.plannedDate) })}
            data-testid="execute-early"
          >
            <Stack gap="xs">
              <Text size="sm">{t('Materieeldienst.eerder_uitgevoerd_uitleg')}</Text>
              <Checkbox
                checked={movePlan}
                onChange={(e) => setMovePlan(e.currentTarget.checked)}
                label={t('Materieeldienst.planning_verplaatsen', {
                  from: format.day(r.plannedDate),
                  to: format.day(executedDate),
                })}
                data-testid="execute-move-plan"
              />
            </Stack>
          </Alert>
        )}

        {r.kind === 'removal' && itemLines.length > 0 && (
          <Stack gap="xs" mt="md">
            <Text fw={600} size="sm">
              {t('Materieeldienst.staat_bij_retour')}
            </Text>
            {itemLines.map((l) => {
              const v = returnOf(l.lineId);
              const set = (patch: Partial<ReturnRow>) =>
                setReturns({ ...returns, [l.lineId]: { ...v, ...patch } });
              return (
                <SimpleGrid key={l.lineId} cols={{ base: 1, sm: 4 }} spacing="xs" data-testid="return-line">
                  <Text size="sm" style={{ alignSelf: 'center', overflowWrap: 'anywhere' }}>
                    {format.number(l.amount)} × {l.itemNo}
                    {l.plantNo ? ` (${l.plantNo})` : ''}
                  </Text>
                  <Select
                    aria-label={`${t('ExitOrders.conditie')} ${l.itemNo}`}
                    data={returnConditions.map((c) => ({
                      value: c,
                      label: t(`Materieeldienst.conditie.${c}`),
                    }))}
                    value={v.condition}
                    onChange={(c) => set({ condition: (c ?? 'good') as ReturnRow['condition'] })}
                    allowDeselect={false}
                    styles={{ input: { minHeight: 44 } }}
                  />
                  {/* why hideControls: the stepper arrows are nameless buttons (issue #31 item 19); the arrow keys
                      still step, and nobody counts a damage amount up by the euro */}
                  <NumberInput
                    aria-label={`${t('Materieeldienst.schadebedrag')} ${l.itemNo}`}
                    placeholder={t('Materieeldienst.schadebedrag')}
                    value={v.damageAmount}
                    onChange={(n) => set({ damageAmount: n === '' ? '' : String(n) })}
                    min={0}
                    decimalScale={2}
                    prefix="€ "
                    hideControls
                    styles={{ input: { minHeight: 44 } }}
                  />
                  <TextInput
                    aria-label={`${t('shared.opmerking')} ${l.itemNo}`}
                    placeholder={t('shared.opmerking')}
                    value={v.remarks}
                    onChange={(e) => set({ remarks: e.currentTarget.value })}
                    maxLength={500}
                    styles={{ input: { minHeight: 44 } }}
                  />
                </SimpleGrid>
              );
            })}
          </Stack>
        )}

        <Stack gap="xs" mt="md">
          <Text fw={600} size="sm">
            {t('Orders.kosten')}
          </Text>
          {costs.map((c, i) => {
            const set = (patch: Partial<CostRow>) =>
              setCosts(costs.map((x, j) => (j === i ? { ...x, ...patch } : x)));
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity before they are sent
              <Group key={i} gap="xs" wrap="wrap" align="end" data-testid="cost-row">
                <Select
                  aria-label={t('Materieeldienst.kostensoort')}
                  data={(['transport', 'handling', 'other'] as const).map((k) => ({
                    value: k,
                    label: t(`Materieeldienst.kostensoorten.${k}`),
                  }))}
                  value={c.kind}
                  onChange={(k) => set({ kind: (k ?? 'transport') as CostRow['kind'] })}
                  allowDeselect={false}
                  w={150}
                  styles={{ input: { minHeight: 44 } }}
                />
                <TextInput
                  aria-label={t('shared.omschrijving')}
                  placeholder={t('shared.omschrijving')}
                  value={c.description}
                  onChange={(e) => set({ description: e.currentTarget.value })}
                  maxLength={200}
                  style={{ flex: 1, minWidth: 160 }}
                  styles={{ input: { minHeight: 44 } }}
                />
                <NumberInput
                  aria-label={t('shared.aantal')}
                  value={Number(c.quantity)}
                  onChange={(n) => set({ quantity: String(n || 1) })}
                  min={0.001}
                  decimalScale={3}
                  hideControls
                  w={90}
                  styles={{ input: { minHeight: 44 } }}
                />
                <NumberInput
                  aria-label={t('shared.prijs')}
                  value={c.unitPrice === '' ? '' : Number(c.unitPrice)}
                  onChange={(n) => set({ unitPrice: n === '' ? '' : String(n) })}
                  min={0}
                  decimalScale={2}
                  prefix="€ "
                  hideControls
                  w={130}
                  styles={{ input: { minHeight: 44 } }}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size={44}
                  aria-label={t('shared.verwijderen')}
                  onClick={() => setCosts(costs.filter((_, j) => j !== i))}
                >
                  <IconTrash size={18} aria-hidden />
                </ActionIcon>
              </Group>
            );
          })}
          <Group>
            <Button
              variant="subtle"
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() =>
                setCosts([...costs, { kind: 'transport', description: '', quantity: '1', unitPrice: '' }])
              }
              mih={44}
              data-testid="add-cost"
            >
              {t('Materieeldienst.kosten_toevoegen')}
            </Button>
          </Group>
        </Stack>

        <Group justify="flex-end" mt="md">
          <Button
            leftSection={<IconCheck size={18} aria-hidden />}
            onClick={() => setConfirming(true)}
            disabled={blocked}
            mih={44}
            data-testid="execute-request"
          >
            {t('Materieeldienst.uitvoering_bevestigen')}
          </Button>
        </Group>
      </Paper>
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t('Materieeldienst.uitvoering_bevestigen')}
        centered
      >
        <Stack>
          <Text>{t('Materieeldienst.uitvoering_vraag', { requestNo: r.requestNo })}</Text>
          {early && r.plannedDate && executedDate && (
            <Text size="sm">
              {t('Materieeldienst.planning_verplaatsen', {
                from: format.day(r.plannedDate),
                to: format.day(executedDate),
              })}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)} mih={44}>
              {t('shared.annuleren')}
            </Button>
            <Button onClick={submit} loading={execute.isPending} mih={44} data-testid="execute-confirm">
              {t('shared.bevestigen')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </DatesLocale>
  );
}
