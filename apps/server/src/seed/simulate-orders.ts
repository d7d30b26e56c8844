import * as s from '../db/schema/index.ts';
import type { DemoItem } from './build-catalogue.ts';
import { BookedOrder, OrderBook } from './order-book.ts';
import { setSpecs } from './org-data.ts';
import { stableId } from './random.ts';
import type { OrderInfo, OrgLocation, SimState, Status, WantedLine } from './simulate-types.ts';

/** The simulation's building blocks: scheduling, stock taken from depots and locations, orders with their costs. */
export function simulationHelpers(sim: SimState) {
  const {
    rng,
    catalogue,
    locations,
    depotIds,
    ref,
    scale,
    sink,
    orderInfos,
    depotCount,
    depotBulk,
    depotPlants,
    locBulk,
    locPlants,
    pickFamily,
    pickItem,
    byNo,
  } = sim;
  // ── Requests and their execution ─────────────────────────────────────────────────────────
  type Execution = () => void;
  const executions = new Map<string, Execution[]>();
  const schedule = (day: string, run: Execution) => {
    const list = executions.get(day) ?? [];
    list.push(run);
    executions.set(day, list);
  };

  let orderCounter = 0;
  const plantTable = sim.plants;
  const book = new OrderBook(catalogue.demoItems, (p) => plantTable.id(p));
  // Creation times by index (requests, orders): their human numbers follow (created_at, index) at the end.
  const requestOrder: number[] = [];
  const orderOrder: number[] = [];

  const pickRequester = (loc: OrgLocation) => rng.weighted(loc.requesters, (r) => r.weight).userId;

  function decideStatus(requestedDate: string, forced?: Status): Status {
    if (forced) return forced;
    if (requestedDate < ref) {
      const r = rng.float();
      return r < 0.06 ? 'cancelled' : r < 0.11 ? 'rejected' : 'done';
    }
    const r = rng.float();
    return r < 0.4 ? 'submitted' : r < 0.65 ? 'in_progress' : 'planned';
  }

  /** Bulk taken from a depot (reserved now, posted on execution). */
  function takeFromDepot(
    depotIndex: number,
    item: DemoItem,
    amount: number,
  ): { qty: number; plants: { plant: number; depot: number }[] } {
    if (!item.numbered) {
      const key = depotIndex * catalogue.demoItems.length + item.index;
      const have = depotBulk[key];
      const qty = Math.min(have, amount);
      depotBulk[key] = have - qty;
      return { qty, plants: [] };
    }
    const picked: { plant: number; depot: number }[] = [];
    for (let step = 0; step < depotCount && picked.length < amount; step++) {
      const d = (depotIndex + step) % depotCount;
      const list = depotPlants.get(d * catalogue.demoItems.length + item.index) ?? [];
      while (list.length > 0 && picked.length < amount) picked.push({ plant: list.shift()!, depot: d });
    }
    return { qty: picked.length, plants: picked };
  }

  // why: reused by every takeFromLocation (a location holds tens of thousands of items at --scale 1000).
  let candidates = new Int32Array(1024);

  /** Stock reserved at a location for a removal or move. */
  function takeFromLocation(
    li: number,
    count: number,
    share: () => number,
    everything = false,
  ): WantedLine[] {
    const out: WantedLine[] = [];
    // The items with bulk there, then those with plants there (each in the order they first came): sampled.
    const size = locBulk[li].size + locPlants[li].size;
    if (candidates.length < size) candidates = new Int32Array(Math.max(size, candidates.length * 2));
    let n = 0;
    locBulk[li].forEach((q, k) => {
      if (q > 0) candidates[n++] = k;
    });
    locPlants[li].forEach((l, k) => {
      if (l.length > 0) candidates[n++] = k;
    });
    const keys = rng.sampleInPlace(candidates, n, count);
    for (const index of keys) {
      const item = catalogue.demoItems[index];
      if (item.numbered) {
        const list = locPlants[li].get(index)!;
        const taken = everything ? [...list] : rng.sample(list, Math.min(list.length, rng.int(1, 2)));
        locPlants[li].set(
          index,
          list.filter((p) => !taken.includes(p)),
        );
        // One line per numbered plant: removal lists and requests are keyed by item and plant number.
        for (const plant of taken) out.push({ item, amount: 1, plants: [plant] });
      } else {
        const have = locBulk[li].get(index)!;
        const qty = everything ? have : Math.max(1, Math.min(have, Math.round(have * share())));
        locBulk[li].set(index, have - qty);
        out.push({ item, amount: qty });
      }
    }
    return out;
  }

  function wantedOrderLines(loc: OrgLocation, count: number): WantedLine[] {
    const lines: WantedLine[] = [];
    const seen = new Set<string>();
    for (let i = 0; i < count; i++) {
      const item = pickItem(pickFamily(loc.profile));
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      const [min, max] = item.family.qty;
      lines.push({ item, amount: rng.int(min, max) });
    }
    if (rng.chance(0.15)) {
      const spec = rng.pick(setSpecs);
      const children: WantedLine[] = [];
      const copy = rng.int(1, scale);
      for (const line of spec.lines) {
        if (line.itemNo) children.push({ item: byNo(line.itemNo, copy), amount: line.amount });
        for (const child of line.children ?? [])
          children.push({ item: byNo(child.itemNo, copy), amount: child.amount });
        if (line.setNo) {
          const sub = setSpecs.find((x) => x.setNo === line.setNo)!;
          for (const l of sub.lines)
            if (l.itemNo) children.push({ item: byNo(l.itemNo, copy), amount: l.amount * line.amount });
        }
      }
      lines.push({ item: children[0].item, amount: 1, setId: catalogue.setIdByNo.get(spec.setNo), children });
    }
    return lines;
  }

  function costLines(
    kind: string,
    lines: { item: DemoItem; quantity: number }[],
    collect: boolean,
    rush: boolean,
  ) {
    const costs: { kind: 'transport' | 'handling' | 'rush'; description: string; amount: number }[] = [];
    const weight = lines.reduce((sum, l) => sum + l.item.weight * l.quantity, 0);
    if (kind === 'transport') {
      costs.push({
        kind: 'transport',
        description: 'Transport op aanvraag',
        amount: 185 + rng.int(0, 8) * 25,
      });
    } else if (kind !== 'move_to' && !collect) {
      if (weight < 750) costs.push({ kind: 'transport', description: 'Transport bestelbus', amount: 65 });
      else if (weight < 8000)
        costs.push({ kind: 'transport', description: 'Transport vrachtwagen', amount: 145 });
      else costs.push({ kind: 'transport', description: 'Transport dieplader', amount: 295 });
    }
    if (kind === 'delivery' || kind === 'removal')
      costs.push({ kind: 'handling', description: 'Orderkosten', amount: 12.5 });
    if (rush && kind !== 'move_to') costs.push({ kind: 'rush', description: 'Spoedtoeslag', amount: 75 });
    return costs;
  }

  function addOrder(o: {
    kind: OrderInfo['kind'];
    status: OrderInfo['status'];
    requestId: string;
    li: number;
    depotIndex: number | null;
    counterpart: number | null;
    orderDate: string;
    plannedDate: string;
    executedDate: string | null;
    createdAt: Date;
    address: OrgLocation['workAddresses'][number] | null;
    reference: string | null;
    transportMeans: string | null;
    expectedReturnDate: string | null;
    /** `plant`: the plant's PlantTable index (-1: bulk), `plantId` its id. */
    lines: {
      item: DemoItem;
      plantId: string | null;
      plant: number;
      quantity: number;
      requestLineId: string | null;
    }[];
    collect: boolean;
    rush: boolean;
    userId: string | null;
    /** A move_to names its move_from (the reverse link is set at the end: a pair may straddle two writes). */
    linkedOrderId?: string;
  }): OrderInfo {
    const index = orderCounter++;
    const id = stableId('order', index);
    orderOrder.push(o.createdAt.getTime());
    sink.push(s.plantOrders, {
      id,
      orderNo: `#${index}`,
      kind: o.kind,
      status: o.status,
      requestId: o.requestId,
      locationId: locations[o.li].id,
      depotId: o.depotIndex === null ? null : depotIds[o.depotIndex],
      counterpartLocationId: o.counterpart === null ? null : locations[o.counterpart].id,
      orderDate: o.orderDate,
      plannedDate: o.plannedDate,
      executedDate: o.executedDate,
      expectedReturnDate: o.expectedReturnDate,
      transportMeans: o.transportMeans,
      workAddressId: o.address?.id ?? null,
      street: o.address?.street ?? null,
      postcode: o.address?.postcode ?? null,
      city: o.address?.city ?? null,
      contactPerson: o.address?.contact ?? null,
      phone: o.address?.phone ?? null,
      reference: o.reference,
      linkedOrderId: o.linkedOrderId,
      createdAt: o.createdAt,
      updatedAt: o.createdAt,
    });
    const lineFrom = book.lineCount;
    o.lines.forEach((l, i) => {
      const lineId = orderLineIdOf(id, i);
      sink.push(s.orderLines, {
        id: lineId,
        orderId: id,
        lineNo: (i + 1) * 10000,
        requestLineId: l.requestLineId,
        itemId: l.item.id,
        plantId: l.plantId,
        quantity: l.quantity,
        createdAt: o.createdAt,
      });
      book.addLine(l.item, l.plant, l.quantity);
    });
    const costFrom = book.costCount;
    for (const c of costLines(o.kind, o.lines, o.collect, o.rush)) {
      sink.push(s.orderCosts, {
        id: stableId('order-cost', `${id}:${book.costCount - costFrom}`),
        orderId: id,
        kind: c.kind,
        description: c.description,
        quantity: '1',
        unitPrice: c.amount.toFixed(2),
        amount: c.amount.toFixed(2),
        createdAt: o.createdAt,
      });
      book.addCost(c.amount, c.description);
    }
    const info = new BookedOrder(
      {
        id,
        kind: o.kind,
        status: o.status,
        locationIndex: o.li,
        executedDate: o.executedDate,
        orderDate: o.orderDate,
        requestUserId: o.userId,
      },
      book,
      [lineFrom, book.lineCount],
      [costFrom, book.costCount],
    );
    orderInfos.push(info);
    return info;
  }

  return {
    executions,
    schedule,
    requestOrder,
    orderOrder,
    pickRequester,
    decideStatus,
    takeFromDepot,
    takeFromLocation,
    wantedOrderLines,
    costLines,
    addOrder,
  };
}

export type SimHelpers = ReturnType<typeof simulationHelpers>;

/** The id of an order's line i (made again where needed rather than kept: 650,000 lines at --scale 1000). */
export function orderLineIdOf(orderId: string, i: number): string {
  return stableId('order-line', `${orderId}:${i}`);
}
