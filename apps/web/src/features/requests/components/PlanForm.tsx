import {
  Alert,
  Button,
  Group,
  MultiSelect,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import type { DepotChoice } from '@mp/contract/api/department';
import { calendarDayIn } from '@mp/contract/rules/order-dates';
import type { RequestKind } from '@mp/contract/rules/request-status';
import { inspectionDueBeforeEnd } from '@mp/contract/rules/stock';
import { IconCalendarEvent } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/errors';
import { DateField, DatesLocale } from '../../../shared/ui/DateField';
import { useFormat } from '../../../shared/ui/format';
import { snackbar } from '../../../shared/ui/snackbar/snackbar-store';
import { type DepartmentRequest, usePlanRequest } from '../api/department';
import { tellError } from './tell-error';

// Plan a request (issue #12, decision 0018): the date, the depot (a delivery: where it comes from, chosen from the
// depots that can supply its lines, numbered or bulk — issue #31 item 13; a removal: where it goes), transport, and
// for a delivery of numbered items exactly the plants each line asks.

const transportOptions: Record<RequestKind, string[]> = {
  order: ['leveren', 'ophalen'],
  removal: ['afhalen', 'brengen'],
  relocation: [],
  transport: [],
};

/** What a depot can supply, as a short phrase: everything, or which items are short (how many of how many). */
function useSupplyText() {
  const { t } = useTranslation();
  const format = useFormat();
  return (d: DepotChoice): string => {
    if (d.lines.length === 0) return '';
    if (d.complete) return t('Materieeldienst.depot_compleet');
    const short = d.lines
      .filter((l) => l.available < l.amount)
      .map((l) => `${l.itemNo} (${format.number(l.available)}/${format.number(l.amount)})`);
    return t('Materieeldienst.depot_tekort', { items: short.join(', ') });
  };
}

export function PlanForm({ r, reload }: { r: DepartmentRequest; reload: () => void }) {
  const { t } = useTranslation();
  const plan = usePlanRequest();
  const supplyText = useSupplyText();
  const today = calendarDayIn(new Date());
  const [plannedDate, setPlannedDate] = useState<string | null>(
    // the later of the requested day and today (calendar days compare as text)
    r.plannedDate ?? ([r.requestedDate, today].sort()[1] as string),
  );
  // the request's own depot, else the first that holds every line (the server lists those first)
  const [depotNo, setDepotNo] = useState<string | null>(
    r.depotNo ?? r.depots.find((d) => d.complete)?.depotNo ?? null,
  );
  const [transportMeans, setTransportMeans] = useState<string | null>(r.transportMeans ?? null);
  const [picked, setPicked] = useState<Record<string, string[]>>(
    Object.fromEntries(r.picks.map((p) => [p.lineId, p.plantNos])),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const depots = r.depots.map((d) => {
    const supply = supplyText(d);
    return { value: d.depotNo, label: `${d.depotNo} – ${d.name}${supply ? ` · ${supply}` : ''}` };
  });
  const chosen = r.depots.find((d) => d.depotNo === depotNo);
  const picking = r.kind === 'order' ? r.picks : [];
  const options = transportOptions[r.kind];

  const submit = () => {
    setErrors({});
    if (!plannedDate) {
      setErrors({ plannedDate: t('validation.verplicht') });
      return;
    }
    plan.mutate(
      {
        id: r.id,
        input: {
          version: r.version,
          plannedDate,
          ...(depotNo ? { depotNo } : {}),
          ...(transportMeans ? { transportMeans } : {}),
          plants: picking.map((p) => ({ lineId: p.lineId, plantNos: picked[p.lineId] ?? [] })),
        },
      },
      {
        onSuccess: () => snackbar.success('Materieeldienst.gepland_melding'),
        onError: (e) => {
          if (isApiError(e)) {
            const out: Record<string, string> = {};
            for (const [field, f] of Object.entries(e.fieldErrors)) out[field] = t(f.code, f.params);
            setErrors(out);
          }
          tellError(e, reload);
        },
      },
    );
  };

  return (
    <DatesLocale>
      <Paper bg="var(--mantine-color-gray-0)" p="md" radius="sm" mb="md" data-testid="plan-form">
        <Title order={3} size="h5" mb="sm">
          {r.status === 'planned' ? t('Materieeldienst.opnieuw_plannen') : t('Materieeldienst.plannen')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <DateField
            label={t('Aanvragen.geplande_datum')}
            value={plannedDate}
            onChange={setPlannedDate}
            minDate={today}
            required
            error={errors.plannedDate}
            testId="plan-date"
          />
          {(r.kind === 'order' || r.kind === 'removal') && (
            <Select
              label={t('Bestellen.depot')}
              description={r.kind === 'order' ? t('Materieeldienst.depot_uitleg') : undefined}
              data={depots}
              value={depotNo}
              onChange={(v) => {
                setDepotNo(v);
                setErrors((e) => ({ ...e, depotNo: '' }));
              }}
              searchable
              required
              withAsterisk
              nothingFoundMessage={t('Materieeldienst.geen_depots')}
              error={
                errors.depotNo ||
                (chosen && !chosen.complete && chosen.lines.length > 0 ? supplyText(chosen) : undefined)
              }
              styles={{ input: { minHeight: 44 } }}
              data-testid="plan-depot"
            />
          )}
          {options.length > 0 && (
            <Select
              label={t('Bestellen.transportmiddel')}
              data={options.map((o) => ({ value: o, label: t(`wizard.transportmiddel_opties.${o}`) }))}
              value={transportMeans}
              onChange={setTransportMeans}
              styles={{ input: { minHeight: 44 } }}
            />
          )}
        </SimpleGrid>
        {picking.length > 0 && (
          <Stack gap="sm" mt="md">
            <Text fw={600} size="sm">
              {t('Materieeldienst.materieelstukken_kiezen')}
            </Text>
            {picking.map((p) => {
              const free = p.candidates.filter((c) => !depotNo || c.depotNo === depotNo);
              const chosen = picked[p.lineId] ?? [];
              return (
                <Stack key={p.lineId} gap={4}>
                  <MultiSelect
                    key={p.lineId}
                    label={`${p.itemNo} · ${t('Materieeldienst.aantal_kiezen', { amount: p.amount })}`}
                    data={[...new Set([...free.map((c) => c.plantNo), ...(picked[p.lineId] ?? [])])]}
                    value={picked[p.lineId] ?? []}
                    onChange={(v) => setPicked({ ...picked, [p.lineId]: v })}
                    maxValues={p.amount}
                    searchable
                    nothingFoundMessage={t('Materieeldienst.geen_vrije_materieelstukken')}
                    error={errors[`plants.${p.lineId}`]}
                    styles={{ input: { minHeight: 44 } }}
                    data-testid="plan-plants"
                  />
                  <InspectionWarnings
                    chosen={chosen}
                    candidates={p.candidates}
                    returnDate={r.expectedReturnDate}
                    depotNo={depotNo}
                  />
                </Stack>
              );
            })}
          </Stack>
        )}
        <Group justify="flex-end" mt="md">
          <Button
            leftSection={<IconCalendarEvent size={18} aria-hidden />}
            onClick={submit}
            loading={plan.isPending}
            mih={44}
            data-testid="plan-submit"
          >
            {r.status === 'planned' ? t('Materieeldienst.opnieuw_plannen') : t('Materieeldienst.plannen')}
          </Button>
        </Group>
      </Paper>
    </DatesLocale>
  );
}

/**
 * The chosen plants whose next inspection falls due on or before the expected return date (decision 0034), each with
 * the free plants of the item (in the chosen depot) that stay valid until then.
 */
function InspectionWarnings({
  chosen,
  candidates,
  returnDate,
  depotNo,
}: {
  chosen: string[];
  candidates: DepartmentRequest['picks'][number]['candidates'];
  returnDate: string | null;
  depotNo: string | null;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  if (!returnDate) return null;
  const next = new Map(candidates.map((c) => [c.plantNo, c.nextInspection ?? null]));
  const due = chosen.filter((no) => inspectionDueBeforeEnd(next.get(no) ?? null, returnDate));
  if (due.length === 0) return null;
  const valid = candidates
    .filter(
      (c) =>
        !chosen.includes(c.plantNo) &&
        (!depotNo || c.depotNo === depotNo) &&
        !inspectionDueBeforeEnd(c.nextInspection ?? null, returnDate),
    )
    .slice(0, 10)
    .map((c) => c.plantNo);
  return (
    <Alert color="orange.9" variant="light" p="xs" data-testid="plan-inspection-warning">
      {due.map((no) => (
        <Text key={no} size="sm" fw={600}>
          {no}:{' '}
          {t('Stilstand.plan_keuring', {
            date: format.day(next.get(no) ?? null),
            returnDate: format.day(returnDate),
          })}
        </Text>
      ))}
      <Text size="sm">
        {valid.length > 0
          ? t('Stilstand.plan_geldig', { plants: valid.join(', ') })
          : t('Stilstand.plan_geen_geldig')}
      </Text>
    </Alert>
  );
}
