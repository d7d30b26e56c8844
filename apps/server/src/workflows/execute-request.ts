import type { DepartmentRequest, ExecuteInput } from '@mp/contract/api/department';
import { calendarDayIn, daysBetween } from '@mp/contract/rules/order-dates';
import { type NoteDeps, queueOrderNotes } from '../modules/documents/index.ts';
import {
  type NewOrder,
  type NewOrderCost,
  type NewOrderLine,
  type RecordedOrder,
  recordExitOrder,
  recordMove,
  recordOrder,
} from '../modules/orders/index.ts';
import {
  changeStatus,
  getDepartmentRequest,
  type LockedRequest,
  lockRequest,
  movePlannedDay,
  refuseChange,
  type SubmitDeps,
  type WorkUnit,
  workOf,
} from '../modules/requests/index.ts';
import type { SettingsMap } from '../modules/settings/index.ts';
import { type Movement, type Place, postMovements } from '../modules/stock/index.ts';
import { emitWebhookEvent } from '../modules/webhooks/index.ts';
import { requireAccess } from '../platform/auth/access.ts';
import { AppError, fieldErrors } from '../platform/errors.ts';
import type { Ctx } from '../platform/http/context.ts';
import type { Tx } from '../platform/http/idempotency.ts';

/*
 * The equipment department confirms a planned request was carried out (issue #12, decision 0018): in one
 * transaction the request is locked at the version the department read (requests.status.ts), the order(s) its kind
 * makes are recorded with their lines and costs (the orders area), the stock moves through the one ledger writer
 * (postMovements), and the request becomes done with its history row and status mail; after the commit the order
 * notes are queued (documents). Each kind is a step of its own: executeDelivery, executeRemoval,
 * executeRelocation, executeTransport.
 */

/** What an execution needs beyond its context: the status mail to the requester and the order notes' makers. */
export interface ExecuteDeps {
  mail: SubmitDeps;
  notes: NoteDeps;
}

/** One execution, as each kind's step gets it: the locked request, what moves, the orders' head and costs. */
export interface Execution {
  tx: Tx;
  row: LockedRequest;
  units: WorkUnit[];
  /** What every order of the execution carries: the request, done, its order, planned and executed days. */
  head: Pick<NewOrder, 'requestId' | 'status' | 'orderDate' | 'plannedDate' | 'executedDate'>;
  costs: NewOrderCost[];
  /** The day carried out (the ledger's day) and who confirmed it. */
  day: string;
  by: string;
  input: ExecuteInput;
}

/**
 * Runs a transaction again when PostgreSQL ended it as a deadlock victim (a delivery and a removal may lock a depot's
 * and a site's rows in opposite directions); the work starts over from the locked, re-read request.
 */
async function retryOnDeadlock<T>(work: () => Promise<T>, attempts = 3): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await work();
    } catch (e) {
      const code =
        (e as { code?: string; cause?: { code?: string } }).code ??
        (e as { cause?: { code?: string } }).cause?.code;
      if (code !== '40P01' || i >= attempts) throw e;
    }
  }
}

/** The order lines of the units, in their order (line numbers from 1). */
const orderLinesOf = (units: readonly WorkUnit[]): NewOrderLine[] =>
  units.map((u, i) => ({
    lineNo: i + 1,
    requestLineId: u.lineId,
    itemId: u.itemId,
    plantId: u.plantId,
    quantity: u.quantity,
    comment: u.comment,
  }));

/** The stock moves of the units from one place to another, each end booked on its order's line. */
function movesOf(
  units: readonly WorkUnit[],
  from: Place,
  to: Place,
  kinds: [Movement['outKind'], Movement['inKind']],
  orders: { from: RecordedOrder; to: RecordedOrder },
): Movement[] {
  return units.map((u, i) => ({
    itemId: u.itemId,
    itemNo: u.itemNo,
    plantId: u.plantId,
    plantNo: u.plantNo,
    quantity: u.quantity,
    from,
    to,
    outKind: kinds[0],
    inKind: kinds[1],
    fromOrderId: orders.from.id,
    fromOrderLineId: orders.from.lineIds[i] ?? null,
    toOrderId: orders.to.id,
    toOrderLineId: orders.to.lineIds[i] ?? null,
  }));
}

function depotOf(row: LockedRequest): string {
  if (!row.depotId)
    throw fieldErrors('invalid', 'error.ongeldige_invoer', { depotNo: 'validation.verplicht' });
  return row.depotId;
}

/** A delivery: one `delivery` order from the depot to the location; the plants and quantities move there. */
export async function executeDelivery(x: Execution): Promise<void> {
  const depotId = depotOf(x.row);
  const order = await recordOrder(
    x.tx,
    { ...x.head, kind: 'delivery', locationId: x.row.locationId, depotId },
    orderLinesOf(x.units),
    x.costs,
  );
  const moves = movesOf(x.units, { depotId }, { locationId: x.row.locationId }, ['delivery', 'delivery'], {
    from: order,
    to: order,
  });
  await postMovements(x.tx, moves, x.day, x.by);
  await emitWebhookEvent(x.tx, 'order', 'order.delivered', order.id);
}

/**
 * A removal: one `removal` order from the location to the depot, the plants and quantities moved there, and an exit
 * order recording what left the location for good and in what state (each line's condition, good by default).
 */
export async function executeRemoval(x: Execution): Promise<void> {
  const depotId = depotOf(x.row);
  const order = await recordOrder(
    x.tx,
    { ...x.head, kind: 'removal', locationId: x.row.locationId, depotId },
    orderLinesOf(x.units),
    x.costs,
  );
  const moves = movesOf(x.units, { locationId: x.row.locationId }, { depotId }, ['removal', 'removal'], {
    from: order,
    to: order,
  });
  await postMovements(x.tx, moves, x.day, x.by);
  await emitWebhookEvent(x.tx, 'order', 'order.collected', order.id);
  if (x.units.length === 0) return;
  const returns = new Map(x.input.returns.map((r) => [r.lineId, r]));
  await recordExitOrder(
    x.tx,
    {
      locationId: x.row.locationId,
      orderId: order.id,
      exitDate: x.day,
      recordedBy: x.by,
      remarks: x.input.note || null,
    },
    x.units.map((u, i) => {
      const r = returns.get(u.lineId);
      return {
        lineNo: i + 1,
        itemId: u.itemId,
        plantId: u.plantId,
        quantity: u.quantity,
        condition: r?.condition ?? 'good',
        remarks: r?.remarks || null,
        damageAmount: r?.damageAmount ?? null,
      };
    }),
  );
}

/** A relocation: a `move_from` order on the source and a `move_to` on the target, linked; the stock moves across. */
export async function executeRelocation(x: Execution): Promise<void> {
  const target = x.row.targetLocationId;
  if (!target) throw new AppError('conflict', 'error.ongeldige_invoer');
  const orders = await recordMove(
    x.tx,
    x.head,
    { fromLocationId: x.row.locationId, toLocationId: target },
    orderLinesOf(x.units),
    x.costs,
  );
  const moves = movesOf(
    x.units,
    { locationId: x.row.locationId },
    { locationId: target },
    ['move_out', 'move_in'],
    orders,
  );
  await postMovements(x.tx, moves, x.day, x.by);
}

/** A transport carries goods that are not our stock: one `transport` order with its costs, no stock moves. */
export async function executeTransport(x: Execution): Promise<void> {
  await recordOrder(
    x.tx,
    {
      ...x.head,
      kind: 'transport',
      locationId: x.row.locationId,
      counterpartLocationId: x.row.targetLocationId,
    },
    [],
    x.costs,
  );
}

const executeKind: Record<LockedRequest['kind'], (x: Execution) => Promise<void>> = {
  order: executeDelivery,
  removal: executeRemoval,
  relocation: executeRelocation,
  transport: executeTransport,
};

/** The costs the department entered and, on a rush request, the rush surcharge (Spoed_Prijs, Spoed_Tekst). */
function costsOf(input: ExecuteInput, rush: boolean, s: SettingsMap): NewOrderCost[] {
  const costs: NewOrderCost[] = input.costs.map((c) => ({
    kind: c.kind,
    description: c.description,
    quantity: c.quantity,
    unitPrice: c.unitPrice,
    amount: (Number(c.quantity) * Number(c.unitPrice)).toFixed(2),
  }));
  const rushPrice = Number(String(s.Spoed_Prijs ?? '').replace(',', '.'));
  if (rush && Number.isFinite(rushPrice) && rushPrice > 0)
    costs.push({
      kind: 'rush',
      description: String(s.Spoed_Tekst || 'Spoed'),
      quantity: '1',
      unitPrice: rushPrice.toFixed(2),
      amount: rushPrice.toFixed(2),
    });
  return costs;
}

/**
 * POST Department/requests/{id}/execute: a planned request was carried out on executedDate — not after today, and
 * not before its planned day unless the caller moves the plan to that day (movePlannedDate). In one transaction: the
 * kind's orders and stock moves (a bulk quantity never below zero, a plant only from where it is: else 409
 * error.voorraad_onvoldoende and nothing is written), the request done with its history row and mail, its picks
 * freed. After the commit the order notes are queued; a failed note never undoes the execution.
 */
export async function executeRequest(
  ctx: Ctx,
  { mail, notes }: ExecuteDeps,
  id: string,
  input: ExecuteInput,
): Promise<DepartmentRequest> {
  const user = await requireAccess(ctx, { permission: 'department' });
  const settings = await ctx.settings();
  await retryOnDeadlock(() =>
    ctx.db.transaction(async (tx) => {
      const row = await lockRequest(tx, id, { version: input.version });
      refuseChange(row, 'done', 'department', input.note);
      const today = calendarDayIn(ctx.now);
      if (daysBetween(today, input.executedDate) > 0)
        throw fieldErrors('invalid', 'error.ongeldige_invoer', {
          executedDate: { code: 'validation.datum_te_ver', params: { date: today } },
        });
      // carried out before the planned day: re-planned to that day first when the caller asks, so the planned date,
      // the order date, the ledger and the note never tell different days
      let plannedDate = row.plannedDate;
      if (plannedDate && daysBetween(plannedDate, input.executedDate) < 0) {
        if (!input.movePlannedDate)
          throw fieldErrors(
            'rule',
            'error.uitvoering_voor_planning',
            { executedDate: { code: 'validation.voor_geplande_datum', params: { date: plannedDate } } },
            { details: { plannedDate } },
          );
        await movePlannedDay(tx, row, input.executedDate, user.id);
        plannedDate = input.executedDate;
      }
      const day = input.executedDate;
      await executeKind[row.kind]({
        tx,
        row,
        units: await workOf(tx, row),
        // the order date is the planned day: never after the executed day (executed from the planned day on)
        head: {
          requestId: id,
          status: 'done',
          orderDate: plannedDate ?? day,
          plannedDate,
          executedDate: day,
        },
        costs: costsOf(input, row.rush, settings),
        day,
        by: user.id,
        input,
      });
      await changeStatus(tx, row, 'done', {
        actor: 'department',
        by: user.id,
        note: input.note,
        mail: { deps: mail, settings },
      });
    }),
  );
  const done = await getDepartmentRequest(ctx, id);
  await queueOrderNotes(
    notes,
    done.orders.map((o) => o.id),
  );
  return done;
}
