import type { DepartmentRequest, PlanInput } from '@mp/contract/api/department';
import { calendarDayIn, daysBetween } from '@mp/contract/rules/order-dates';
import { requireAccess } from '../../platform/auth/access.ts';
import { AppError, type FieldProblems, fieldErrors } from '../../platform/errors.ts';
import type { Ctx } from '../../platform/http/context.ts';
import type { Tx } from '../../platform/http/idempotency.ts';
import { getDepartmentRequest } from './requests.department.ts';
import {
  selectDepotBulk,
  selectDepotId,
  selectPicks,
  selectPlantsByNo,
  selectWorkLines,
} from './requests.plan.queries.ts';
import { replacePicks } from './requests.status.queries.ts';
import { changeStatus, type LockedRequest, lockRequest, refuseChange } from './requests.status.ts';
import type { SubmitDeps } from './requests.submit.ts';

/*
 * The department's plan of a request (issue #12, decision 0018) and what its execution moves: the day, the depot,
 * the transport and, for a delivery of numbered items, exactly the plants per line (`request_line_plants`, a plant
 * reserved for one request at a time). The status goes through requests.status.ts.
 */

/**
 * A delivery is planned from a depot that holds its bulk items now: the stock on hand of each bulk item at least what
 * its lines ask (else 422 error.planning_onvolledig on depotNo, naming the first item short). Planning reserves no
 * bulk stock; the execution takes it (never below zero) and is the last word.
 */
async function refuseShortDepot(tx: Tx, requestId: string, depotId: string): Promise<void> {
  const asked = new Map<string, { itemNo: string; amount: number }>();
  for (const l of await selectWorkLines(tx, requestId))
    if (!l.numbered && !l.plantId) {
      const a = asked.get(l.itemId) ?? { itemNo: l.itemNo, amount: 0 };
      asked.set(l.itemId, { itemNo: a.itemNo, amount: a.amount + l.amount });
    }
  const onHand = await selectDepotBulk(tx, depotId, [...asked.keys()]);
  for (const [itemId, { itemNo, amount }] of asked) {
    const available = onHand.get(itemId) ?? 0;
    if (available < amount)
      throw fieldErrors('rule', 'error.planning_onvolledig', {
        depotNo: { code: 'validation.depot_voorraad_onvoldoende', params: { itemNo, available, amount } },
      });
  }
}

/**
 * For each line of a numbered item of a delivery, exactly as many plants of that item, in service, in the depot, as
 * the line asks (422 error.planning_onvolledig naming each line that is not so).
 */
async function picksOf(
  tx: Tx,
  requestId: string,
  depotId: string | null,
  given: PlanInput['plants'],
): Promise<Array<{ lineId: string; plantId: string }>> {
  const lines = (await selectWorkLines(tx, requestId)).filter((l) => l.numbered && !l.plantId);
  const asked = new Map(given.map((p) => [p.lineId, [...new Set(p.plantNos)]]));
  const plants = new Map((await selectPlantsByNo(tx, [...asked.values()].flat())).map((p) => [p.plantNo, p]));
  const picks: Array<{ lineId: string; plantId: string }> = [];
  const fields: FieldProblems = {};
  for (const line of lines) {
    const nos = asked.get(line.lineId) ?? [];
    if (nos.length !== line.amount) {
      fields[`plants.${line.lineId}`] = {
        code: 'validation.aantal_materieelstukken',
        params: { amount: line.amount },
      };
      continue;
    }
    for (const no of nos) {
      const plant = plants.get(no);
      if (
        !plant ||
        plant.itemId !== line.itemId ||
        plant.depotId !== depotId ||
        plant.status !== 'in_service'
      )
        fields[`plants.${line.lineId}`] = {
          code: 'validation.materieelstuk_niet_beschikbaar',
          params: { plantNo: no },
        };
      else picks.push({ lineId: line.lineId, plantId: plant.id });
    }
  }
  if (Object.keys(fields).length) throw fieldErrors('rule', 'error.planning_onvolledig', fields);
  return picks;
}

/**
 * POST Department/requests/{id}/plan: from submitted or in progress to planned. A delivery needs its depot and, for
 * each line of a numbered item, exactly as many plants of that item in that depot as the line asks, none picked
 * for another request; a removal needs the depot it goes to (the wizard's unless another is given).
 */
export async function planRequest(
  ctx: Ctx,
  mail: SubmitDeps,
  id: string,
  input: PlanInput,
): Promise<DepartmentRequest> {
  const user = await requireAccess(ctx, { permission: 'department' });
  const settings = await ctx.settings();
  await ctx.db.transaction(async (tx) => {
    const row = await lockRequest(tx, id, { version: input.version });
    refuseChange(row, 'planned', 'department', input.note);
    if (daysBetween(calendarDayIn(ctx.now), input.plannedDate) < 0)
      throw fieldErrors('rule', 'error.datum_niet_toegestaan', {
        plannedDate: 'validation.datum_in_verleden',
      });
    let depotId = row.depotId;
    if (input.depotNo) {
      depotId = await selectDepotId(tx, input.depotNo);
      if (!depotId)
        throw fieldErrors('invalid', 'error.ongeldige_invoer', { depotNo: 'validation.onbekende_waarde' });
    }
    if ((row.kind === 'order' || row.kind === 'removal') && !depotId)
      throw fieldErrors('invalid', 'error.ongeldige_invoer', { depotNo: 'validation.verplicht' });

    if (row.kind === 'order' && depotId) await refuseShortDepot(tx, id, depotId);
    const picks = row.kind === 'order' ? await picksOf(tx, id, depotId, input.plants) : [];
    try {
      await replacePicks(tx, id, picks);
    } catch (e) {
      if (
        (e as { code?: string; cause?: { code?: string } }).code === '23505' ||
        (e as { cause?: { code?: string } }).cause?.code === '23505'
      )
        throw new AppError('conflict', 'error.materieelstuk_al_gekozen');
      throw e;
    }
    await changeStatus(tx, row, 'planned', {
      actor: 'department',
      by: user.id,
      note: input.note,
      plan: { plannedDate: input.plannedDate, depotId, transportMeans: input.transportMeans || null },
      mail: { deps: mail, settings },
    });
  });
  return getDepartmentRequest(ctx, id);
}

/** What an execution moves: one line's plant (quantity 1) or its bulk quantity. */
export interface WorkUnit {
  lineId: string;
  itemId: string;
  itemNo: string;
  plantId: string | null;
  plantNo: string | null;
  quantity: number;
  comment: string | null;
}

/**
 * What the locked request's execution moves, line by line: the plant on the line (a removal's or relocation's), the
 * plants picked for a delivery's numbered line (exactly as many as it asks, else 409 error.planning_onvolledig), or
 * the line's bulk quantity.
 */
export async function workOf(tx: Tx, row: LockedRequest): Promise<WorkUnit[]> {
  const lines = await selectWorkLines(tx, row.id);
  const picks = await selectPicks(tx, row.id);
  const units: WorkUnit[] = [];
  for (const line of lines) {
    const unit = { lineId: line.lineId, itemId: line.itemId, itemNo: line.itemNo, comment: line.comment };
    if (line.plantId) units.push({ ...unit, plantId: line.plantId, plantNo: line.plantNo, quantity: 1 });
    else if (line.numbered && row.kind === 'order') {
      const mine = picks.filter((p) => p.lineId === line.lineId);
      if (mine.length !== line.amount)
        throw new AppError('conflict', 'error.planning_onvolledig', { details: { lineId: line.lineId } });
      for (const p of mine) units.push({ ...unit, plantId: p.plantId, plantNo: p.plantNo, quantity: 1 });
    } else units.push({ ...unit, plantId: null, plantNo: null, quantity: line.amount });
  }
  return units;
}
