import type { DepartmentRequest, ExecuteInput, PlanInput } from '@mp/contract/api/department';
import { calendarDayIn, daysBetween } from '@mp/contract/rules/order-dates';
import { checkTransition, type RequestStatus } from '@mp/contract/rules/request-status';
import { sql } from 'drizzle-orm';
import { type NoteDeps, queueOrderNotes } from '../modules/documents/index.ts';
import {
  insertExitOrder,
  insertExitOrderFile,
  insertOrder,
  linkOrders,
  type NewOrderCost,
  type NewOrderLine,
  selectExitLineOfRequest,
} from '../modules/orders/index.ts';
import {
  checkVersion,
  deletePicks,
  fieldError,
  getDepartmentRequest,
  lockRequest,
  queueStatusMail,
  recordDepartmentChange,
  replacePicks,
  selectDepotBulk,
  selectPicks,
  selectPlantsByNo,
  selectWorkLines,
} from '../modules/requests/index.ts';
import { type Movement, type Place, postMovements } from '../modules/stock/index.ts';
import { AppError } from '../platform/errors.ts';
import { storeFile } from '../platform/files/files.ts';
import type { FileStorage } from '../platform/files/storage.ts';
import { extensionOf, reencodeImage, type UploadedFile } from '../platform/files/uploads.ts';
import { type Ctx, requireDepartment } from '../platform/http/context.ts';
import type { Tx } from '../platform/http/idempotency.ts';

/*
 * The equipment department's two steps on a request (issue #12, decision 0018): plan it (date, depot, transport,
 * which plants), then confirm it was carried out — which posts the order(s), their lines and costs, the ledger
 * entries and the new stock, and marks the request done, all in one transaction. Each step locks the request and
 * compares the version the caller read: a change made meanwhile by someone else is a 409, never a lost update.
 */

type Row = Awaited<ReturnType<typeof lockRequest>>;

/** What the status mail needs (the requests area's submit deps). */
export type StatusMailDeps = Parameters<typeof queueStatusMail>[1];

/** What a step needs beyond its context: the mail to the requester, and (execute) the order notes' makers. */
export interface ProcessDeps {
  mail: StatusMailDeps;
  notes: NoteDeps;
}

function refuseTransition(row: Row, to: RequestStatus, note?: string): void {
  const problem = checkTransition(row.status, to, 'department', note);
  if (problem?.code === 'error.status_overgang_ongeldig')
    throw new AppError('conflict', problem.code, {
      details: {
        fields: { status: { code: problem.code } },
        currentStatus: row.status,
        from: row.status,
        to,
      },
    });
  if (problem) throw fieldError('invalid', 'error.ongeldige_invoer', problem.field, problem.code);
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

async function depotIdOf(tx: Tx, depotNo: string): Promise<string> {
  const r = await tx.execute<{ id: string }>(sql`select id from depots where depot_no = ${depotNo}`);
  const id = r.rows[0]?.id;
  if (!id) throw fieldError('invalid', 'error.ongeldige_invoer', 'depotNo', 'validation.onbekende_waarde');
  return id;
}

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
      throw new AppError('rule', 'error.planning_onvolledig', {
        details: {
          fields: {
            depotNo: { code: 'validation.depot_voorraad_onvoldoende', params: { itemNo, available, amount } },
          },
        },
      });
  }
}

/**
 * POST Department/requests/{id}/plan: from submitted or in progress to planned. A delivery needs its depot and, for
 * each line of a numbered item, exactly as many plants of that item in that depot as the line asks, none picked
 * for another request; a removal needs the depot it goes to (the wizard's unless another is given).
 */
export async function planRequest(
  ctx: Ctx,
  { mail }: ProcessDeps,
  id: string,
  input: PlanInput,
): Promise<DepartmentRequest> {
  const user = requireDepartment(ctx);
  const s = await ctx.settings();
  await ctx.db.transaction(async (tx) => {
    const row = await lockRequest(tx, id);
    checkVersion(row, input.version);
    refuseTransition(row, 'planned', input.note);
    if (daysBetween(calendarDayIn(ctx.now), input.plannedDate) < 0)
      throw fieldError('rule', 'error.datum_niet_toegestaan', 'plannedDate', 'validation.datum_in_verleden');
    const depotId = input.depotNo ? await depotIdOf(tx, input.depotNo) : row.depotId;
    if ((row.kind === 'order' || row.kind === 'removal') && !depotId)
      throw fieldError('invalid', 'error.ongeldige_invoer', 'depotNo', 'validation.verplicht');

    const picks: Array<{ lineId: string; plantId: string }> = [];
    if (row.kind === 'order' && depotId) await refuseShortDepot(tx, id, depotId);
    if (row.kind === 'order') {
      const lines = (await selectWorkLines(tx, id)).filter((l) => l.numbered && !l.plantId);
      const given = new Map(input.plants.map((p) => [p.lineId, [...new Set(p.plantNos)]]));
      const plants = new Map(
        (await selectPlantsByNo(tx, [...given.values()].flat())).map((p) => [p.plantNo, p]),
      );
      const fields: Record<string, { code: string; params?: Record<string, string | number> }> = {};
      for (const line of lines) {
        const nos = given.get(line.lineId) ?? [];
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
      if (Object.keys(fields).length)
        throw new AppError('rule', 'error.planning_onvolledig', { details: { fields } });
    }
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
    await recordDepartmentChange(tx, id, {
      from: row.status,
      to: 'planned',
      by: user.id,
      note: input.note || null,
      plannedDate: input.plannedDate,
      depotId,
      transportMeans: input.transportMeans || null,
    });
    await queueStatusMail(tx, mail, s, { id, to: 'planned', note: input.note });
  });
  return getDepartmentRequest(ctx, id);
}

/**
 * POST Department/requests/{id}/execute: a planned request was carried out on executedDate. In one transaction:
 * the order(s) with lines and costs (a delivery, a removal and its exit order with the lines' condition, a
 * move_from + move_to pair, or a transport), the stock moves through the ledger writer (a bulk quantity never
 * below zero, a plant only from where it is: else 409 error.voorraad_onvoldoende and nothing is written), the
 * request done with its history row, its picks freed.
 */
export async function executeRequest(
  ctx: Ctx,
  { mail, notes }: ProcessDeps,
  id: string,
  input: ExecuteInput,
): Promise<DepartmentRequest> {
  const user = requireDepartment(ctx);
  const s = await ctx.settings();
  await retryOnDeadlock(() =>
    ctx.db.transaction(async (tx) => {
      const row = await lockRequest(tx, id);
      checkVersion(row, input.version);
      refuseTransition(row, 'done', input.note);
      // execution is confirmed after the fact: not on a day still to come
      const today = calendarDayIn(ctx.now);
      if (daysBetween(today, input.executedDate) > 0)
        throw new AppError('invalid', 'error.ongeldige_invoer', {
          details: { fields: { executedDate: { code: 'validation.datum_te_ver', params: { date: today } } } },
        });
      // and not before the planned day: what was carried out earlier is re-planned to that day first, when the
      // caller asks (movePlannedDate) — a history row planned → planned — so the planned date, the order date, the
      // ledger and the note never tell different days
      let plannedDate = row.plannedDate;
      if (plannedDate && daysBetween(plannedDate, input.executedDate) < 0) {
        if (!input.movePlannedDate)
          throw new AppError('rule', 'error.uitvoering_voor_planning', {
            details: {
              plannedDate,
              fields: {
                executedDate: { code: 'validation.voor_geplande_datum', params: { date: plannedDate } },
              },
            },
          });
        await recordDepartmentChange(tx, id, {
          from: row.status,
          to: row.status,
          by: user.id,
          note: `${plannedDate} → ${input.executedDate}`,
          plannedDate: input.executedDate,
        });
        plannedDate = input.executedDate;
      }
      const lines = await selectWorkLines(tx, id);
      const picks = await selectPicks(tx, id);
      const day = input.executedDate;
      const costs: NewOrderCost[] = input.costs.map((c) => ({
        kind: c.kind,
        description: c.description,
        quantity: c.quantity,
        unitPrice: c.unitPrice,
        amount: (Number(c.quantity) * Number(c.unitPrice)).toFixed(2),
      }));
      const rushPrice = Number(String(s.Spoed_Prijs ?? '').replace(',', '.'));
      if (row.rush && Number.isFinite(rushPrice) && rushPrice > 0)
        costs.push({
          kind: 'rush',
          description: String(s.Spoed_Tekst || 'Spoed'),
          quantity: '1',
          unitPrice: rushPrice.toFixed(2),
          amount: rushPrice.toFixed(2),
        });
      const head = {
        requestId: id,
        status: 'done' as const,
        // the planned day: never after the executed day (executed from the planned day on, see above)
        orderDate: plannedDate ?? day,
        plannedDate,
        executedDate: day,
      };

      // What moves: per line its plants (picked for a delivery, on the line for a removal or move) or its quantity.
      type Unit = {
        line: (typeof lines)[number];
        plantId: string | null;
        plantNo: string | null;
        quantity: number;
      };
      const units: Unit[] = [];
      for (const line of lines) {
        if (line.plantId) units.push({ line, plantId: line.plantId, plantNo: line.plantNo, quantity: 1 });
        else if (line.numbered && row.kind === 'order') {
          const mine = picks.filter((p) => p.lineId === line.lineId);
          if (mine.length !== line.amount)
            throw new AppError('conflict', 'error.planning_onvolledig', { details: { lineId: line.lineId } });
          for (const p of mine) units.push({ line, plantId: p.plantId, plantNo: p.plantNo, quantity: 1 });
        } else units.push({ line, plantId: null, plantNo: null, quantity: line.amount });
      }
      const orderLinesOf = (): NewOrderLine[] =>
        units.map((u, i) => ({
          lineNo: i + 1,
          requestLineId: u.line.lineId,
          itemId: u.line.itemId,
          plantId: u.plantId,
          quantity: u.quantity,
          comment: u.line.comment,
        }));
      const move = (
        u: Unit,
        from: Place,
        to: Place,
        kinds: [Movement['outKind'], Movement['inKind']],
        ids: { fromOrderId: string; fromLineId: string; toOrderId: string; toLineId: string },
      ): Movement => ({
        itemId: u.line.itemId,
        itemNo: u.line.itemNo,
        plantId: u.plantId,
        plantNo: u.plantNo,
        quantity: u.quantity,
        from,
        to,
        outKind: kinds[0],
        inKind: kinds[1],
        fromOrderId: ids.fromOrderId,
        fromOrderLineId: ids.fromLineId,
        toOrderId: ids.toOrderId,
        toOrderLineId: ids.toLineId,
      });

      if (row.kind === 'order' || row.kind === 'removal') {
        if (!row.depotId)
          throw fieldError('invalid', 'error.ongeldige_invoer', 'depotNo', 'validation.verplicht');
        const depot: Place = { depotId: row.depotId };
        const site: Place = { locationId: row.locationId };
        const delivery = row.kind === 'order';
        const order = await insertOrder(
          tx,
          {
            ...head,
            kind: delivery ? 'delivery' : 'removal',
            locationId: row.locationId,
            depotId: row.depotId,
          },
          orderLinesOf(),
          costs,
        );
        await postMovements(
          tx,
          units.map((u, i) => {
            const ids = {
              fromOrderId: order.id,
              fromLineId: order.lineIds[i],
              toOrderId: order.id,
              toLineId: order.lineIds[i],
            };
            return delivery
              ? move(u, depot, site, ['delivery', 'delivery'], ids)
              : move(u, site, depot, ['removal', 'removal'], ids);
          }),
          day,
          user.id,
        );
        if (!delivery && units.length) {
          // what left the location for good, and in what state (part 4)
          const returns = new Map(input.returns.map((r) => [r.lineId, r]));
          await insertExitOrder(
            tx,
            {
              locationId: row.locationId,
              orderId: order.id,
              exitDate: day,
              recordedBy: user.id,
              remarks: input.note || null,
            },
            units.map((u, i) => {
              const r = returns.get(u.line.lineId);
              return {
                lineNo: i + 1,
                itemId: u.line.itemId,
                plantId: u.plantId,
                quantity: u.quantity,
                condition: r?.condition ?? 'good',
                remarks: r?.remarks || null,
                damageAmount: r?.damageAmount ?? null,
              };
            }),
          );
        }
      } else if (row.kind === 'relocation') {
        if (!row.targetLocationId) throw new AppError('conflict', 'error.ongeldige_invoer');
        const source: Place = { locationId: row.locationId };
        const target: Place = { locationId: row.targetLocationId };
        const lineSet = orderLinesOf();
        const out = await insertOrder(
          tx,
          {
            ...head,
            kind: 'move_from',
            locationId: row.locationId,
            counterpartLocationId: row.targetLocationId,
          },
          lineSet,
          costs,
        );
        const into = await insertOrder(
          tx,
          {
            ...head,
            kind: 'move_to',
            locationId: row.targetLocationId,
            counterpartLocationId: row.locationId,
          },
          lineSet,
          [],
        );
        await linkOrders(tx, out.id, into.id);
        await postMovements(
          tx,
          units.map((u, i) =>
            move(u, source, target, ['move_out', 'move_in'], {
              fromOrderId: out.id,
              fromLineId: out.lineIds[i],
              toOrderId: into.id,
              toLineId: into.lineIds[i],
            }),
          ),
          day,
          user.id,
        );
      } else {
        // a transport carries goods that are not our stock: an order with its costs, no stock moves
        await insertOrder(
          tx,
          {
            ...head,
            kind: 'transport',
            locationId: row.locationId,
            counterpartLocationId: row.targetLocationId,
          },
          [],
          costs,
        );
      }
      await deletePicks(tx, id);
      await recordDepartmentChange(tx, id, {
        from: row.status,
        to: 'done',
        by: user.id,
        note: input.note || null,
      });
      await queueStatusMail(tx, mail, s, { id, to: 'done', note: input.note });
    }),
  );
  const done = await getDepartmentRequest(ctx, id);
  // after the commit: a delivery / removal note per order (part 6), made by a job; a failure never undoes this
  await queueOrderNotes(
    notes,
    done.orders.map((o) => o.id),
  );
  return done;
}

/**
 * POST Department/requests/{id}/photos: a photo of what came back with an executed removal (part 4), for the whole
 * exit order or one of its lines (the request line's id); re-encoded (metadata dropped), stored through the file
 * storage and listed with the exit order. 409 error.nog_niet_afgevoerd before the removal is executed.
 */
export async function addReturnPhoto(
  ctx: Ctx,
  storage: FileStorage,
  id: string,
  upload: UploadedFile | undefined,
  fields: { lineId?: string; caption?: string },
): Promise<{ id: string; fileId: string; lineId: string | null }> {
  const user = requireDepartment(ctx);
  if (!upload) throw fieldError('invalid', 'error.ongeldige_invoer', 'file', 'validation.verplicht');
  const lineId = fields.lineId?.trim() || null;
  if (lineId && !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(lineId))
    throw fieldError('invalid', 'error.ongeldige_invoer', 'lineId', 'validation.ongeldig_formaat');
  const caption = fields.caption?.trim().slice(0, 200) || null;
  const exit = await selectExitLineOfRequest(ctx.db, id, lineId);
  if (!exit) throw new AppError('conflict', 'error.nog_niet_afgevoerd');
  if (lineId && !exit.lineId)
    throw fieldError('invalid', 'error.ongeldige_invoer', 'lineId', 'validation.onbekende_waarde');
  const image = await reencodeImage(upload.bytes, { maxDimension: 2000 });
  const file = await storeFile(ctx.db, storage, {
    prefix: 'exit-orders',
    extension: extensionOf[image.kind],
    bytes: image.bytes,
    contentType: image.contentType,
    fileName: upload.displayName,
    uploadedBy: user.id,
    meta: { width: image.width, height: image.height, purpose: 'return-photo' },
  });
  const row = await insertExitOrderFile(ctx.db, {
    exitOrderId: exit.exitOrderId,
    lineId: exit.lineId,
    kind: 'image',
    fileId: file.id,
    caption,
  });
  return { id: row.id, fileId: file.id, lineId };
}
