import * as s from '../db/schema/index.ts';
import { copySuffix, type DemoItem } from './build-catalogue.ts';
import type { FamilySpec } from './catalogue-data.ts';
import { familySpecs } from './catalogue-data.ts';
import { addDays, nextWorkday, weekday } from './dates.ts';
import { PlantTable } from './plant-table.ts';
import { stableId } from './random.ts';
import { simulationHelpers } from './simulate-orders.ts';
import { requestMaker } from './simulate-requests.ts';
import {
  type Insert,
  type Kind,
  type OrderInfo,
  pad,
  type SimState,
  type SimulationInput,
  type SimulationResult,
  type SimulationSummary,
} from './simulate-types.ts';
import { ArraySink, type RowSink } from './sink.ts';
import { BulkCounts, DayIndex, RentTimelines } from './stock-counts.ts';

export type {
  OrderInfo,
  OrgLocation,
  PlantState,
  SimulationInput,
  SimulationResult,
  SimulationSummary,
} from './simulate-types.ts';

/** Items of opening stock made between two pauses of the simulation. */
const ITEMS_PER_PAUSE = 200;

/**
 * Plays six months of site life forward, day by day, keeping every row (the fake Business Central's small scales).
 */
export function simulate(input: SimulationInput): SimulationResult {
  const sink = new ArraySink();
  const steps = simulation(input, sink);
  let step = steps.next();
  while (!step.done) step = steps.next();
  const summary = step.value;
  const requests = sink.rows(s.plantRequests);
  requests.forEach((r, i) => {
    r.requestNo = summary.requestNos[i];
  });
  const orders = sink.rows(s.plantOrders);
  orders.forEach((o, i) => {
    o.orderNo = summary.orderNos[i];
  });
  return {
    ...summary,
    requests,
    requestLines: sink.rows(s.requestLines),
    history: sink.rows(s.requestStatusHistory),
    orders,
    orderLines: sink.rows(s.orderLines),
    orderCosts: sink.rows(s.orderCosts),
    ledger: sink.rows(s.inventoryLedger),
  };
}

/**
 * Plays six months of site life forward, day by day: requests are submitted, the department plans
 * and executes them as orders, and every executed order posts ledger entries. Current stock is then
 * the sum of the ledger, so every screen shows data the loop itself produced.
 * Each row goes into `sink` once it is final (plants with their opening depot, requests and orders with
 * '#<index>' for a number); the generator pauses (yields) between days and between chunks of opening stock, so a
 * sink can write what it holds. It answers what stays in memory: plants, orders, counts, numbers.
 */
export function* simulation(input: SimulationInput, sink: RowSink): Generator<void, SimulationSummary> {
  const { rng, catalogue, locations, depotIds, adminId, referenceDate: ref, scale } = input;
  const startDate = addDays(ref, -200);

  const orderInfos: OrderInfo[] = [];
  const counts = { history: 0, ledger: 0 };
  const present = new Set<string>();

  const depotCount = depotIds.length;
  const itemCount = catalogue.demoItems.length;
  const depotBulk = new Int32Array(depotCount * itemCount);
  const depotPlants = new Map<number, number[]>();
  // Per location, by item index (catalogue.demoItems), in the order the items first came there.
  const locBulk = locations.map(() => new Map<number, number>());
  const locPlants = locations.map(() => new Map<number, number[]>());

  // The ledger summed as it is posted: bulk per place (depots, then locations) and item; a plant's last date.
  const days = new DayIndex(startDate);
  const plants = new PlantTable(catalogue.demoItems, days);
  const bulk = new BulkCounts(depotCount + locations.length, itemCount);
  const timelines = new RentTimelines(locations.length);
  const depotPlace = new Map(depotIds.map((id, d) => [id, d]));
  const locationPlace = new Map(locations.map((l, li) => [l.id, li]));
  const post = (item: DemoItem, entry: Omit<Insert<typeof s.inventoryLedger>, 'id'>, plant = -1) => {
    sink.push(s.inventoryLedger, { id: stableId('ledger', counts.ledger++), ...entry });
    const day = days.day(entry.entryDate);
    const li = entry.locationId ? locationPlace.get(entry.locationId)! : -1;
    if (entry.plantId) {
      if (plant < 0) throw new Error('seed: a plant entry without its plant');
      plants.posted(plant, entry.entryDate);
    } else
      bulk.add(li >= 0 ? depotCount + li : depotPlace.get(entry.depotId!)!, item.index, day, entry.quantity);
    if (li >= 0 && entry.kind !== 'sale' && item.rentalType === 'Verhuur')
      timelines.add(li, item.index, day, entry.quantity);
  };

  // ── Opening stock at the depots ──────────────────────────────────────────────────────────
  for (const item of catalogue.demoItems) {
    if (item.index % ITEMS_PER_PAUSE === ITEMS_PER_PAUSE - 1) yield;
    if (item.numbered) {
      const count = item.copy === 1 ? item.family.stock : Math.max(1, Math.round(item.family.stock / 3));
      for (let j = 1; j <= count; j++) {
        const depotIndex = (j + item.variantIndex) % depotCount;
        const plant = plants.add(item, j, depotIndex, startDate);
        const row = plants.plants[plant];
        const plantNo = row.plantNo;
        const id = row.id;
        sink.push(s.plants, {
          id,
          plantNo,
          itemId: item.id,
          locationId: null,
          depotId: depotIds[depotIndex],
          serialNo: row.serialNo,
          buildYear: row.buildYear,
          // About one plant in twelve is hired in (its number decides, so nothing else of the demo data moves).
          external: Number(plantNo.slice(-3)) % 12 === 5,
        });
        const key = depotIndex * itemCount + item.index;
        const list = depotPlants.get(key) ?? [];
        list.push(plant);
        depotPlants.set(key, list);
        post(
          item,
          {
            entryDate: startDate,
            depotId: depotIds[depotIndex],
            itemId: item.id,
            plantId: id,
            quantity: 1,
            kind: 'initial',
            note: 'Beginvoorraad',
          },
          plant,
        );
      }
    } else {
      for (let d = 0; d < depotCount; d++) {
        const qty = item.copy === 1 ? item.family.stock : Math.max(5, Math.round(item.family.stock / 4));
        depotBulk[d * itemCount + item.index] = qty;
        post(item, {
          entryDate: startDate,
          depotId: depotIds[d],
          itemId: item.id,
          quantity: qty,
          kind: 'initial',
          note: 'Beginvoorraad',
        });
      }
    }
  }

  // ── Demand model ─────────────────────────────────────────────────────────────────────────
  const familyItems = new Map<string, DemoItem[]>();
  for (const item of catalogue.demoItems) {
    const list = familyItems.get(item.family.code) ?? [];
    list.push(item);
    familyItems.set(item.family.code, list);
  }
  const pickFamily = (profile: 'bouw' | 'infra'): FamilySpec =>
    rng.weighted(familySpecs, (f) => f.use[profile]);
  const pickItem = (family: FamilySpec): DemoItem => rng.pick(familyItems.get(family.code)!);
  const byNo = (itemNo: string, copy = 1): DemoItem =>
    catalogue.byItemNo.get(`${itemNo}${copySuffix(copy)}`) ?? catalogue.byItemNo.get(itemNo)!;

  const setupLines: Record<'bouw' | 'infra', [string, number][]> = {
    bouw: [
      ['SK-1010', 1],
      ['SU-1001', 1],
      ['BH-1001', 40],
      ['BHA-1001', 42],
      ['BHA-1003', 40],
      ['BHA-1005', 1],
      ['AG-1006', 1],
      ['SV-1001', 2],
      ['KB-1003', 3],
      ['OC-1004', 1],
      ['AC-1005', 1],
      ['BL-1004', 4],
    ],
    infra: [
      ['SK-1012', 1],
      ['SU-1005', 2],
      ['VB-1032', 4],
      ['VB-1005', 2],
      ['BK-1004', 30],
      ['BK-1007', 30],
      ['BK-1009', 12],
      ['LM-1001', 2],
      ['AG-1008', 1],
      ['OC-1004', 1],
      ['BH-1006', 20],
      ['BHA-1002', 22],
    ],
  };
  const sim: SimState = {
    rng,
    catalogue,
    locations,
    depotIds,
    adminId,
    ref,
    scale,
    startDate,
    plants,
    sink,
    counts,
    present,
    orderInfos,
    depotCount,
    depotBulk,
    depotPlants,
    locBulk,
    locPlants,
    post,
    pickFamily,
    pickItem,
    byNo,
  };
  const helpers = simulationHelpers(sim);
  const { executions, requestOrder, orderOrder, takeFromLocation } = helpers;
  const { createRequest } = requestMaker(sim, helpers);
  // ── The day loop ─────────────────────────────────────────────────────────────────────────
  for (let day = addDays(startDate, 1); day <= ref; day = addDays(day, 1)) {
    yield;
    for (const run of executions.get(day) ?? []) run();
    executions.delete(day);
    const w = weekday(day);
    if (w === 0 || w === 6) continue;
    locations.forEach((loc, li) => {
      if (day < loc.start) return;
      if (loc.end && day > loc.end) return;
      if (day === loc.start) {
        const lines = setupLines[loc.profile].map(([itemNo, amount]) => ({ item: byNo(itemNo), amount }));
        createRequest('order', li, day, {
          requestedDate: nextWorkday(addDays(day, 3)),
          status: 'done',
          lines,
        });
        return;
      }
      if (loc.end) {
        const finalDay = addDays(loc.end, -7);
        if (day === finalDay) {
          // Project finished: everything that is left goes back.
          const lines = takeFromLocation(li, Number.MAX_SAFE_INTEGER, () => 1, true);
          if (lines.length > 0)
            createRequest('removal', li, day, { requestedDate: nextWorkday(loc.end), status: 'done', lines });
          return;
        }
        // Nothing new in the last weeks, so every delivery has arrived before the final removal.
        if (day > addDays(finalDay, -9)) return;
      }
      const expected = 0.14 * loc.spec.activity * scale;
      let n = Math.floor(expected) + (rng.chance(expected - Math.floor(expected)) ? 1 : 0);
      while (n-- > 0) {
        const kind = rng.weighted<Kind>(['order', 'removal', 'relocation', 'transport'], (k) =>
          k === 'order' ? 0.5 : k === 'removal' ? 0.28 : k === 'relocation' ? 0.1 : 0.12,
        );
        createRequest(kind, li, day);
      }
    });
  }

  // Every kind of request in every status, so each screen and filter has something to show.
  const made = new Set(present);
  const active = locations
    .map((_, i) => i)
    .filter((i) => !locations[i].spec.blocked && locations[i].start < ref);
  let turn = 0;
  for (const kind of ['order', 'removal', 'relocation', 'transport'] as const) {
    for (const status of ['submitted', 'in_progress', 'planned', 'cancelled', 'rejected'] as const) {
      if (made.has(`${kind}:${status}`)) continue;
      const li = active[turn++ % active.length];
      const open = status !== 'cancelled' && status !== 'rejected';
      const day = open ? ref : nextWorkday(addDays(ref, -20 - turn));
      createRequest(kind, li, day, { status, requestedDate: nextWorkday(addDays(day, 2 + (turn % 6))) });
    }
  }

  // Human numbers in submission order ('A-2026-000123').
  const requestNos = humanNumbers('A', requestOrder);
  const orderNos = humanNumbers('O', orderOrder);
  orderInfos.forEach((o, index) => {
    o.orderNo = orderNos[index];
  });
  return {
    plants: plants.plants,
    // Only executed orders are read later (invoicing, extras, delivery notes).
    orderInfos: orderInfos.filter((o) => o.status === 'done'),
    startDate,
    days,
    bulk,
    timelines,
    requestNos,
    orderNos,
  };
}

/** Numbers in order of creation ('A-2026-000123'): by time, then by index; `times` holds each one's time by index. */
function humanNumbers(prefix: string, times: readonly number[]): string[] {
  const order = Array.from(times.keys()).sort((a, b) => times[a] - times[b] || a - b);
  const numbers: string[] = new Array(times.length);
  order.forEach((index, n) => {
    // why: one flat string (a template makes a tree of three: 80 instead of 32 bytes, 300,000 numbers at scale 1000).
    numbers[index] = flat(`${prefix}-${new Date(times[index]).getUTCFullYear()}-${pad(n + 1, 6)}`);
  });
  return numbers;
}

/** The same text as one flat string. */
function flat(text: string): string {
  return Buffer.from(text, 'latin1').toString('latin1');
}
