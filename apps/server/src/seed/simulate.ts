import type * as s from '../db/schema/index.ts';
import { type Catalogue, copySuffix, type DemoItem } from './build-catalogue.ts';
import type { FamilySpec } from './catalogue-data.ts';
import { familySpecs } from './catalogue-data.ts';
import { addDays, at, daysBetween, nextWorkday, weekday } from './dates.ts';
import type { LocationSpec } from './org-data.ts';
import { setSpecs } from './org-data.ts';
import { type Rng, stableId } from './random.ts';

type Insert<T extends { $inferInsert: unknown }> = T['$inferInsert'];

/**
 * Plays six months of site life forward, day by day: requests are submitted, the department plans
 * and executes them as orders, and every executed order posts ledger entries. Current stock is then
 * the sum of the ledger, so every screen shows data the loop itself produced.
 */

export interface OrgLocation {
  id: string;
  spec: LocationSpec;
  customerId: string;
  profile: 'bouw' | 'infra';
  depotIndex: number;
  start: string;
  end: string | null;
  workAddresses: {
    id: string;
    code: string;
    name: string;
    street: string;
    postcode: string;
    city: string;
    contact: string;
    phone: string;
  }[];
  requesters: { userId: string; weight: number }[];
}

export interface SimulationInput {
  rng: Rng;
  catalogue: Catalogue;
  locations: OrgLocation[];
  depotIds: string[];
  adminId: string;
  referenceDate: string;
  scale: number;
}

export interface PlantState {
  id: string;
  plantNo: string;
  item: DemoItem;
  serialNo: string;
  buildYear: number;
  /** Final place. */
  locationIndex: number | null;
  depotIndex: number | null;
}

export interface OrderInfo {
  id: string;
  kind: 'delivery' | 'removal' | 'move_from' | 'move_to' | 'transport';
  status: 'planned' | 'in_transit' | 'done' | 'cancelled';
  locationIndex: number;
  executedDate: string | null;
  orderDate: string;
  requestUserId: string | null;
  lines: { id: string; item: DemoItem; plantId: string | null; quantity: number }[];
  costs: { amount: number; description: string }[];
}

export interface SimulationResult {
  plants: PlantState[];
  requests: Insert<typeof s.plantRequests>[];
  requestLines: Insert<typeof s.requestLines>[];
  history: Insert<typeof s.requestStatusHistory>[];
  orders: Insert<typeof s.plantOrders>[];
  orderLines: Insert<typeof s.orderLines>[];
  orderCosts: Insert<typeof s.orderCosts>[];
  ledger: Insert<typeof s.inventoryLedger>[];
  orderInfos: OrderInfo[];
  /** The executed ledger per location, for invoicing. */
  startDate: string;
}

type Kind = 'order' | 'removal' | 'relocation' | 'transport';
type Status = 'submitted' | 'in_progress' | 'planned' | 'done' | 'cancelled' | 'rejected';

interface WantedLine {
  item: DemoItem;
  amount: number;
  plantIds?: string[];
  setId?: string;
  children?: WantedLine[];
}

const transportMeans = ['Vrachtwagen', 'Vrachtwagen met kraan', 'Bestelbus', 'Dieplader'];
const cargoTexts = [
  'Bekistingsmateriaal eigen beheer, 2 pallets',
  'Steigermateriaal eigen beheer, ca. 3 ton',
  'Wapeningsstaal 12 m, 4 bundels',
  'Keet van onderaannemer (6 m)',
  'Stelconplaten 2 x 2 m, 10 stuks',
  'Rioolbuizen PVC 315 mm, 24 stuks',
  'Kantoorinventaris en archiefkasten',
];
const referenceTexts = [
  'Fase 1',
  'Fase 2',
  'Casco',
  'Afbouw',
  'Ruwbouw',
  'Werkvak noord',
  'Werkvak zuid',
  'Meerwerk',
  '',
];
const comments = [
  'Graag vóór 9.00 uur leveren, bouwplaats is vanaf 7.00 uur open.',
  'Melden bij de uitvoerder in de bouwkeet.',
  'Let op: beperkte doorrijhoogte 3,5 m bij de ingang.',
  'Bellen 30 minuten voor aankomst.',
  '',
  '',
  '',
];
const cancelNotes = [
  'Niet meer nodig, planning gewijzigd.',
  'Dubbel aangevraagd.',
  'Materieel geleend van andere locatie.',
];
const rejectNotes = [
  'Gevraagde datum valt buiten de levertermijn; graag opnieuw aanvragen.',
  'Materieel niet beschikbaar in deze periode.',
  'Locatie niet bereikbaar voor vrachtverkeer op deze datum.',
];

function pad(n: number, width: number): string {
  return String(n).padStart(width, '0');
}

export function simulate(input: SimulationInput): SimulationResult {
  const { rng, catalogue, locations, depotIds, adminId, referenceDate: ref, scale } = input;
  const startDate = addDays(ref, -200);

  const plants: PlantState[] = [];
  const requests: SimulationResult['requests'] = [];
  const requestLines: SimulationResult['requestLines'] = [];
  const history: SimulationResult['history'] = [];
  const orders: SimulationResult['orders'] = [];
  const orderLines: SimulationResult['orderLines'] = [];
  const orderCosts: SimulationResult['orderCosts'] = [];
  const ledger: SimulationResult['ledger'] = [];
  const orderInfos: OrderInfo[] = [];

  const depotCount = depotIds.length;
  const depotBulk = new Map<string, number>();
  const depotPlants = new Map<string, string[]>();
  const plantById = new Map<string, PlantState>();
  const locBulk = locations.map(() => new Map<string, number>());
  const locPlants = locations.map(() => new Map<string, string[]>());
  const itemById = new Map(catalogue.demoItems.map((i) => [i.id, i]));

  const post = (entry: Omit<Insert<typeof s.inventoryLedger>, 'id'>) => {
    ledger.push({ id: stableId('ledger', ledger.length), ...entry });
  };

  // ── Opening stock at the depots ──────────────────────────────────────────────────────────
  for (const item of catalogue.demoItems) {
    if (item.numbered) {
      const count = item.copy === 1 ? item.family.stock : Math.max(1, Math.round(item.family.stock / 3));
      for (let j = 1; j <= count; j++) {
        const plantNo = `${item.itemNo}-${pad(j, 3)}`;
        const depotIndex = (j + item.variantIndex) % depotCount;
        const plant: PlantState = {
          id: stableId('plant', plantNo),
          plantNo,
          item,
          serialNo: `${item.family.code}${pad((item.variantIndex + 1) * 7919 + j * 104729 + item.copy * 31, 8).slice(-8)}`,
          buildYear: 2016 + ((j * 3 + item.variantIndex) % 10),
          locationIndex: null,
          depotIndex,
        };
        plants.push(plant);
        plantById.set(plant.id, plant);
        const key = `${depotIndex}:${item.id}`;
        const list = depotPlants.get(key) ?? [];
        list.push(plant.id);
        depotPlants.set(key, list);
        post({
          entryDate: startDate,
          depotId: depotIds[depotIndex],
          itemId: item.id,
          plantId: plant.id,
          quantity: 1,
          kind: 'initial',
          note: 'Beginvoorraad',
        });
      }
    } else {
      for (let d = 0; d < depotCount; d++) {
        const qty = item.copy === 1 ? item.family.stock : Math.max(5, Math.round(item.family.stock / 4));
        depotBulk.set(`${d}:${item.id}`, qty);
        post({
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

  // ── Requests and their execution ─────────────────────────────────────────────────────────
  type Execution = () => void;
  const executions = new Map<string, Execution[]>();
  const schedule = (day: string, run: Execution) => {
    const list = executions.get(day) ?? [];
    list.push(run);
    executions.set(day, list);
  };

  let requestCounter = 0;
  let orderCounter = 0;
  const requestOrder: { createdAt: Date; index: number }[] = [];
  const orderOrder: { createdAt: Date; index: number }[] = [];

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
  ): { qty: number; plantIds: { id: string; depot: number }[] } {
    if (!item.numbered) {
      const key = `${depotIndex}:${item.id}`;
      const have = depotBulk.get(key) ?? 0;
      const qty = Math.min(have, amount);
      depotBulk.set(key, have - qty);
      return { qty, plantIds: [] };
    }
    const picked: { id: string; depot: number }[] = [];
    for (let step = 0; step < depotCount && picked.length < amount; step++) {
      const d = (depotIndex + step) % depotCount;
      const list = depotPlants.get(`${d}:${item.id}`) ?? [];
      while (list.length > 0 && picked.length < amount) picked.push({ id: list.shift()!, depot: d });
    }
    return { qty: picked.length, plantIds: picked };
  }

  /** Stock reserved at a location for a removal or move. */
  function takeFromLocation(
    li: number,
    count: number,
    share: () => number,
    everything = false,
  ): WantedLine[] {
    const out: WantedLine[] = [];
    const bulkKeys = [...locBulk[li].entries()].filter(([, q]) => q > 0).map(([k]) => k);
    const plantKeys = [...locPlants[li].entries()].filter(([, l]) => l.length > 0).map(([k]) => k);
    const keys = rng.sample([...bulkKeys, ...plantKeys], count);
    for (const itemId of keys) {
      const item = itemById.get(itemId)!;
      if (item.numbered) {
        const list = locPlants[li].get(itemId)!;
        const ids = everything ? [...list] : rng.sample(list, Math.min(list.length, rng.int(1, 2)));
        locPlants[li].set(
          itemId,
          list.filter((p) => !ids.includes(p)),
        );
        // One line per numbered plant: removal lists and requests are keyed by item and plant number.
        for (const id of ids) out.push({ item, amount: 1, plantIds: [id] });
      } else {
        const have = locBulk[li].get(itemId)!;
        const qty = everything ? have : Math.max(1, Math.min(have, Math.round(have * share())));
        locBulk[li].set(itemId, have - qty);
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
    lines: { item: DemoItem; plantId: string | null; quantity: number; requestLineId: string | null }[];
    collect: boolean;
    rush: boolean;
    userId: string | null;
  }): OrderInfo {
    const id = stableId('order', orderCounter++);
    orderOrder.push({ createdAt: o.createdAt, index: orders.length });
    orders.push({
      id,
      orderNo: '',
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
      createdAt: o.createdAt,
      updatedAt: o.createdAt,
    });
    const info: OrderInfo = {
      id,
      kind: o.kind,
      status: o.status,
      locationIndex: o.li,
      executedDate: o.executedDate,
      orderDate: o.orderDate,
      requestUserId: o.userId,
      lines: [],
      costs: [],
    };
    o.lines.forEach((l, i) => {
      const lineId = stableId('order-line', `${id}:${i}`);
      orderLines.push({
        id: lineId,
        orderId: id,
        lineNo: (i + 1) * 10000,
        requestLineId: l.requestLineId,
        itemId: l.item.id,
        plantId: l.plantId,
        quantity: l.quantity,
        createdAt: o.createdAt,
      });
      info.lines.push({ id: lineId, item: l.item, plantId: l.plantId, quantity: l.quantity });
    });
    for (const c of costLines(o.kind, o.lines, o.collect, o.rush)) {
      orderCosts.push({
        id: stableId('order-cost', `${id}:${info.costs.length}`),
        orderId: id,
        kind: c.kind,
        description: c.description,
        quantity: '1',
        unitPrice: c.amount.toFixed(2),
        amount: c.amount.toFixed(2),
        createdAt: o.createdAt,
      });
      info.costs.push({ amount: c.amount, description: c.description });
    }
    orderInfos.push(info);
    return info;
  }

  function createRequest(
    kind: Kind,
    li: number,
    day: string,
    options: { requestedDate?: string; status?: Status; lines?: WantedLine[] } = {},
  ) {
    const loc = locations[li];
    const requestedDate = options.requestedDate ?? nextWorkday(addDays(day, rng.int(1, 6)));
    const status = decideStatus(requestedDate, options.status);
    const executes = status === 'done';
    const userId = pickRequester(loc);
    const createdAt = at(day, 6.5 + rng.float() * 9);
    const address = rng.pick(loc.workAddresses);
    const rush = kind !== 'transport' && daysBetween(day, requestedDate) <= 1 && rng.chance(0.5);
    const collect = kind === 'order' && rng.chance(0.08);
    const otherLocations = locations
      .map((l, i) => ({ l, i }))
      .filter(
        ({ l, i }) =>
          i !== li &&
          l.customerId === loc.customerId &&
          !l.spec.blocked &&
          l.start <= day &&
          (!l.end || l.end > requestedDate),
      );

    // What the request asks for.
    let wanted: WantedLine[] = [];
    let targetIndex: number | null = null;
    if (kind === 'order') {
      wanted = options.lines ?? wantedOrderLines(loc, rng.int(1, 4));
    } else if (kind === 'removal') {
      wanted = options.lines ?? takeFromLocation(li, rng.int(1, 4), () => 0.3 + rng.float() * 0.7);
      if (wanted.length === 0) return;
    } else if (kind === 'relocation') {
      if (otherLocations.length === 0) return;
      targetIndex = rng.pick(otherLocations).i;
      wanted = takeFromLocation(li, rng.int(1, 3), () => 0.2 + rng.float() * 0.5);
      if (wanted.length === 0) return;
    } else if (otherLocations.length > 0 && rng.chance(0.5)) {
      targetIndex = rng.pick(otherLocations).i;
    }
    // Stock taken back by a request that never runs goes back to the location.
    const releases = status === 'cancelled' || status === 'rejected';
    if (releases && (kind === 'removal' || kind === 'relocation')) {
      for (const w of wanted) {
        if (w.plantIds)
          locPlants[li].set(w.item.id, [...(locPlants[li].get(w.item.id) ?? []), ...w.plantIds]);
        else locBulk[li].set(w.item.id, (locBulk[li].get(w.item.id) ?? 0) + w.amount);
      }
    }

    // Deliveries that run take their stock from the depots now.
    const depotIndex = loc.depotIndex;
    type Allocated = {
      item: DemoItem;
      amount: number;
      plants: { id: string; depot: number }[];
      setId?: string;
      children?: Allocated[];
    };
    const allocate = (w: WantedLine): Allocated | null => {
      if (w.setId) {
        const children = (w.children ?? []).map(allocate).filter((x): x is Allocated => x !== null);
        return children.length > 0 ? { item: w.item, amount: 1, plants: [], setId: w.setId, children } : null;
      }
      if (kind !== 'order' || !executes) {
        return {
          item: w.item,
          amount: w.amount,
          plants: (w.plantIds ?? []).map((id) => ({ id, depot: -1 })),
        };
      }
      const taken = takeFromDepot(depotIndex, w.item, w.amount);
      return taken.qty > 0 ? { item: w.item, amount: taken.qty, plants: taken.plantIds } : null;
    };
    const allocated = wanted.map(allocate).filter((x): x is Allocated => x !== null);
    const plantDepot = new Map<string, number>();
    const collectDepots = (a: Allocated) => {
      for (const p of a.plants) plantDepot.set(p.id, p.depot);
      for (const c of a.children ?? []) collectDepots(c);
    };
    allocated.forEach(collectDepots);
    if (kind !== 'transport' && allocated.length === 0) return;

    const requestId = stableId('request', requestCounter++);
    requestOrder.push({ createdAt, index: requests.length });
    const target = targetIndex === null ? null : locations[targetIndex];
    const targetAddress = target ? rng.pick(target.workAddresses) : null;
    const destination =
      kind === 'removal'
        ? { kind: 'depot' as const, address: null }
        : kind === 'order' && collect
          ? { kind: 'depot' as const, address: null }
          : kind === 'relocation' || (kind === 'transport' && targetAddress)
            ? { kind: 'work_address' as const, address: targetAddress }
            : kind === 'transport'
              ? { kind: 'other_address' as const, address: null }
              : { kind: 'work_address' as const, address };
    const reference = rng.pick(referenceTexts) || null;
    const means = collect ? 'Zelf ophalen' : rng.pick(transportMeans);
    const expectedReturnDate =
      kind === 'order' || kind === 'relocation'
        ? rng.chance(0.5)
          ? addDays(requestedDate, rng.int(4, 20) * 7)
          : null
        : null;
    requests.push({
      id: requestId,
      requestNo: '',
      kind,
      status,
      locationId: loc.id,
      userId,
      requestedDate,
      expectedReturnDate,
      transportMeans: means,
      collect,
      rush,
      termsAccepted: true,
      destinationKind: destination.kind,
      depotId: destination.kind === 'depot' ? depotIds[depotIndex] : null,
      workAddressId: destination.address?.id ?? null,
      targetLocationId: target?.id ?? null,
      addressCode: destination.address?.code ?? null,
      street: destination.kind === 'other_address' ? 'Industrieweg 8' : (destination.address?.street ?? null),
      postcode: destination.kind === 'other_address' ? '9403 AB' : (destination.address?.postcode ?? null),
      city: destination.kind === 'other_address' ? 'Assen' : (destination.address?.city ?? null),
      contactPerson: destination.address?.contact ?? address.contact,
      phone: destination.address?.phone ?? address.phone,
      originWorkAddressId:
        kind === 'removal' || kind === 'transport' || kind === 'relocation' ? address.id : null,
      originStreet:
        kind === 'removal' || kind === 'transport' || kind === 'relocation' ? address.street : null,
      originPostcode:
        kind === 'removal' || kind === 'transport' || kind === 'relocation' ? address.postcode : null,
      originCity: kind === 'removal' || kind === 'transport' || kind === 'relocation' ? address.city : null,
      originContactPerson:
        kind === 'removal' || kind === 'transport' || kind === 'relocation' ? address.contact : null,
      originPhone: kind === 'removal' || kind === 'transport' || kind === 'relocation' ? address.phone : null,
      loadingFrom: kind === 'transport' ? '07:00' : null,
      loadingUntil: kind === 'transport' ? '09:00' : null,
      unloadingDate: kind === 'transport' ? requestedDate : null,
      unloadingFrom: kind === 'transport' ? '10:00' : null,
      unloadingUntil: kind === 'transport' ? '12:30' : null,
      cargo: kind === 'transport' ? rng.pick(cargoTexts) : null,
      reference,
      comment: rng.pick(comments) || null,
      plannedDate: status === 'planned' || status === 'done' ? requestedDate : null,
      rejectionReason: null,
      createdAt,
      updatedAt: createdAt,
    });

    // Lines.
    type LineRef = { a: Allocated; requestLineId: string };
    const flat: LineRef[] = [];
    let lineNo = 0;
    const addLine = (a: Allocated, parentLineId: string | null) => {
      const id = stableId('request-line', `${requestId}:${lineNo}`);
      requestLines.push({
        id,
        requestId,
        parentLineId,
        lineNo: ++lineNo * 10000,
        itemId: a.setId ? null : a.item.id,
        setId: a.setId ?? null,
        plantId: kind !== 'order' && a.plants.length === 1 ? a.plants[0].id : null,
        amount: a.amount,
        createdAt,
      });
      if (a.setId) for (const c of a.children ?? []) addLine(c, id);
      else flat.push({ a, requestLineId: id });
    };
    for (const a of allocated) addLine(a, null);

    // Status history.
    const hist = (
      from: Status | null,
      to: Status,
      when: Date,
      by: string | null,
      note: string | null = null,
    ) => {
      history.push({
        id: stableId('request-history', `${requestId}:${history.length}`),
        requestId,
        fromStatus: from,
        toStatus: to,
        changedBy: by,
        changedAt: when,
        note,
      });
    };
    hist(null, 'submitted', createdAt, userId);
    const hours = (h: number) => new Date(createdAt.getTime() + h * 3_600_000);
    const planDay = addDays(day, 1) < requestedDate ? addDays(day, 1) : day;
    if (status === 'cancelled') {
      hist('submitted', 'cancelled', hours(rng.int(1, 20)), userId, rng.pick(cancelNotes));
      return;
    }
    if (status === 'submitted') return;
    hist('submitted', 'in_progress', hours(rng.int(1, 4)), adminId);
    if (status === 'rejected') {
      const note = rng.pick(rejectNotes);
      requests[requests.length - 1].rejectionReason = note;
      hist('in_progress', 'rejected', at(planDay, 9 + rng.float() * 6), adminId, note);
      return;
    }
    if (status === 'in_progress') return;
    const planCandidate = at(planDay, 9 + rng.float() * 6);
    const plannedAt = planCandidate > hours(4) ? planCandidate : hours(5);
    hist('in_progress', 'planned', plannedAt, adminId, `Ingepland voor ${requestedDate}`);
    if (status === 'done') hist('planned', 'done', at(requestedDate, 13 + rng.float() * 3), adminId);

    // Orders.
    const orderStatus = status === 'done' ? 'done' : 'planned';
    const executedDate = status === 'done' ? requestedDate : null;
    const common = {
      requestId,
      orderDate: day,
      plannedDate: requestedDate,
      executedDate,
      createdAt: plannedAt,
      reference,
      transportMeans: means,
      expectedReturnDate,
      collect,
      rush,
      userId,
    };
    type PlannedLine = { item: DemoItem; plantId: string | null; quantity: number; requestLineId: string };
    const linesFor = (refs: LineRef[]): PlannedLine[] =>
      refs.flatMap(({ a, requestLineId }): PlannedLine[] =>
        a.item.numbered && a.plants.length > 0
          ? a.plants.map((p) => ({ item: a.item, plantId: p.id, quantity: 1, requestLineId }))
          : [{ item: a.item, plantId: null, quantity: a.amount, requestLineId }],
      );
    if (kind === 'order') {
      const order = addOrder({
        ...common,
        kind: 'delivery',
        status: orderStatus,
        li,
        depotIndex,
        counterpart: null,
        address: destination.address,
        lines: linesFor(flat),
      });
      if (executes) {
        schedule(requestedDate, () => {
          order.lines.forEach((l) => {
            const plant = l.plantId ? plantById.get(l.plantId)! : null;
            const fromDepot = plant ? (plantDepot.get(plant.id) ?? depotIndex) : depotIndex;
            post({
              entryDate: requestedDate,
              depotId: depotIds[fromDepot],
              itemId: l.item.id,
              plantId: l.plantId,
              quantity: -l.quantity,
              kind: 'delivery',
              orderId: order.id,
              orderLineId: l.id,
              createdBy: adminId,
            });
            post({
              entryDate: requestedDate,
              locationId: loc.id,
              itemId: l.item.id,
              plantId: l.plantId,
              quantity: l.quantity,
              kind: 'delivery',
              orderId: order.id,
              orderLineId: l.id,
              createdBy: adminId,
            });
            if (l.item.rentalType === 'Verkoop') {
              post({
                entryDate: requestedDate,
                locationId: loc.id,
                itemId: l.item.id,
                quantity: -l.quantity,
                kind: 'sale',
                orderId: order.id,
                orderLineId: l.id,
                note: 'Verkocht',
                createdBy: adminId,
              });
            } else if (plant) {
              plant.depotIndex = null;
              plant.locationIndex = li;
              locPlants[li].set(l.item.id, [...(locPlants[li].get(l.item.id) ?? []), plant.id]);
            } else {
              locBulk[li].set(l.item.id, (locBulk[li].get(l.item.id) ?? 0) + l.quantity);
            }
          });
        });
      }
    } else if (kind === 'removal') {
      const order = addOrder({
        ...common,
        kind: 'removal',
        status: orderStatus,
        li,
        depotIndex,
        counterpart: null,
        address,
        lines: linesFor(flat),
      });
      if (executes) {
        schedule(requestedDate, () => {
          for (const l of order.lines) {
            post({
              entryDate: requestedDate,
              locationId: loc.id,
              itemId: l.item.id,
              plantId: l.plantId,
              quantity: -l.quantity,
              kind: 'removal',
              orderId: order.id,
              orderLineId: l.id,
              createdBy: adminId,
            });
            post({
              entryDate: requestedDate,
              depotId: depotIds[depotIndex],
              itemId: l.item.id,
              plantId: l.plantId,
              quantity: l.quantity,
              kind: 'removal',
              orderId: order.id,
              orderLineId: l.id,
              createdBy: adminId,
            });
            if (l.plantId) {
              const plant = plantById.get(l.plantId)!;
              plant.locationIndex = null;
              plant.depotIndex = depotIndex;
              depotPlants.get(`${depotIndex}:${l.item.id}`)?.push(plant.id) ??
                depotPlants.set(`${depotIndex}:${l.item.id}`, [plant.id]);
            } else {
              depotBulk.set(
                `${depotIndex}:${l.item.id}`,
                (depotBulk.get(`${depotIndex}:${l.item.id}`) ?? 0) + l.quantity,
              );
            }
          }
        });
      }
    } else if (kind === 'relocation' && targetIndex !== null) {
      const ti = targetIndex;
      const from = addOrder({
        ...common,
        kind: 'move_from',
        status: orderStatus,
        li,
        depotIndex: null,
        counterpart: ti,
        address,
        lines: linesFor(flat),
      });
      const to = addOrder({
        ...common,
        kind: 'move_to',
        status: orderStatus,
        li: ti,
        depotIndex: null,
        counterpart: li,
        address: targetAddress,
        lines: linesFor(flat),
      });
      // why: only move_to → move_from here; the reverse link is set after insert (a pair may straddle two batches).
      orders[orders.length - 1].linkedOrderId = from.id;
      if (executes) {
        schedule(requestedDate, () => {
          from.lines.forEach((l, i) => {
            const toLine = to.lines[i];
            post({
              entryDate: requestedDate,
              locationId: loc.id,
              itemId: l.item.id,
              plantId: l.plantId,
              quantity: -l.quantity,
              kind: 'move_out',
              orderId: from.id,
              orderLineId: l.id,
              createdBy: adminId,
            });
            post({
              entryDate: requestedDate,
              locationId: locations[ti].id,
              itemId: l.item.id,
              plantId: l.plantId,
              quantity: l.quantity,
              kind: 'move_in',
              orderId: to.id,
              orderLineId: toLine.id,
              createdBy: adminId,
            });
            if (l.plantId) {
              plantById.get(l.plantId)!.locationIndex = ti;
              locPlants[ti].set(l.item.id, [...(locPlants[ti].get(l.item.id) ?? []), l.plantId]);
            } else {
              locBulk[ti].set(l.item.id, (locBulk[ti].get(l.item.id) ?? 0) + l.quantity);
            }
          });
        });
      }
    } else if (kind === 'transport') {
      addOrder({
        ...common,
        kind: 'transport',
        status: orderStatus,
        li,
        depotIndex: null,
        counterpart: targetIndex,
        address: targetAddress,
        lines: [],
      });
    }
  }

  // ── The day loop ─────────────────────────────────────────────────────────────────────────
  for (let day = addDays(startDate, 1); day <= ref; day = addDays(day, 1)) {
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
  const present = new Set(requests.map((r) => `${r.kind}:${r.status}`));
  const active = locations
    .map((_, i) => i)
    .filter((i) => !locations[i].spec.blocked && locations[i].start < ref);
  let turn = 0;
  for (const kind of ['order', 'removal', 'relocation', 'transport'] as const) {
    for (const status of ['submitted', 'in_progress', 'planned', 'cancelled', 'rejected'] as const) {
      if (present.has(`${kind}:${status}`)) continue;
      const li = active[turn++ % active.length];
      const open = status !== 'cancelled' && status !== 'rejected';
      const day = open ? ref : nextWorkday(addDays(ref, -20 - turn));
      createRequest(kind, li, day, { status, requestedDate: nextWorkday(addDays(day, 2 + (turn % 6))) });
    }
  }

  // Human numbers in submission order ('A-2026-000123').
  requestOrder.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.index - b.index);
  requestOrder.forEach(({ index, createdAt }, n) => {
    requests[index].requestNo = `A-${createdAt.getUTCFullYear()}-${pad(n + 1, 6)}`;
  });
  orderOrder.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.index - b.index);
  orderOrder.forEach(({ index, createdAt }, n) => {
    orders[index].orderNo = `O-${createdAt.getUTCFullYear()}-${pad(n + 1, 6)}`;
  });
  return {
    plants,
    requests,
    requestLines,
    history,
    orders,
    orderLines,
    orderCosts,
    ledger,
    orderInfos,
    startDate,
  };
}
