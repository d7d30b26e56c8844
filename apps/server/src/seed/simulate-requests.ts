import * as s from '../db/schema/index.ts';
import type { DemoItem } from './build-catalogue.ts';
import { addDays, at, daysBetween, nextWorkday } from './dates.ts';
import { stableId } from './random.ts';
import { orderLineIdOf, type SimHelpers } from './simulate-orders.ts';
import {
  cancelNotes,
  cargoTexts,
  comments,
  referenceTexts,
  rejectNotes,
  transportMeans,
} from './simulate-texts.ts';
import type { Insert, Kind, SimState, Status, WantedLine } from './simulate-types.ts';

/** createRequest: one request of any kind and status, with the orders and ledger entries it leads to. */
export function requestMaker(sim: SimState, h: SimHelpers) {
  const {
    rng,
    locations,
    depotIds,
    adminId,
    sink,
    counts,
    present,
    catalogue,
    depotBulk,
    depotPlants,
    plants,
    locBulk,
    locPlants,
    post,
  } = sim;
  const {
    schedule,
    requestOrder,
    pickRequester,
    decideStatus,
    takeFromDepot,
    takeFromLocation,
    wantedOrderLines,
    addOrder,
  } = h;
  let requestCounter = 0;

  type Entry = Parameters<typeof post>[1];
  /** An order line's ledger row on its day, at a depot or a location, with its plant. */
  function postLine(
    l: { item: Parameters<typeof post>[0]; plantId: Entry['plantId']; plant: number },
    day: Entry['entryDate'],
    at: { depotId: string } | { locationId: string },
    quantity: number,
    kind: Entry['kind'],
    orderId: string,
    orderLineId: string,
  ): void {
    post(
      l.item,
      {
        entryDate: day,
        ...at,
        itemId: l.item.id,
        plantId: l.plantId,
        quantity,
        kind,
        orderId,
        orderLineId,
        createdBy: adminId,
      },
      l.plant,
    );
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
        if (w.plants)
          locPlants[li].set(w.item.index, [...(locPlants[li].get(w.item.index) ?? []), ...w.plants]);
        else locBulk[li].set(w.item.index, (locBulk[li].get(w.item.index) ?? 0) + w.amount);
      }
    }

    // Deliveries that run take their stock from the depots now.
    const depotIndex = loc.depotIndex;
    type Allocated = {
      item: DemoItem;
      amount: number;
      plants: { plant: number; depot: number }[];
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
          plants: (w.plants ?? []).map((plant) => ({ plant, depot: -1 })),
        };
      }
      const taken = takeFromDepot(depotIndex, w.item, w.amount);
      return taken.qty > 0 ? { item: w.item, amount: taken.qty, plants: taken.plants } : null;
    };
    const allocated = wanted.map(allocate).filter((x): x is Allocated => x !== null);
    const plantDepot = new Map<number, number>();
    const collectDepots = (a: Allocated) => {
      for (const p of a.plants) plantDepot.set(p.plant, p.depot);
      for (const c of a.children ?? []) collectDepots(c);
    };
    allocated.forEach(collectDepots);
    if (kind !== 'transport' && allocated.length === 0) return;

    const index = requestCounter++;
    const requestId = stableId('request', index);
    requestOrder.push(createdAt.getTime());
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
    const request: Insert<typeof s.plantRequests> = {
      id: requestId,
      requestNo: `#${index}`,
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
      addressName: destination.address?.name ?? null,
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
    };
    sink.push(s.plantRequests, request);
    present.add(`${kind}:${status}`);

    // Lines.
    type LineRef = { a: Allocated; requestLineId: string };
    const flat: LineRef[] = [];
    let lineNo = 0;
    const addLine = (a: Allocated, parentLineId: string | null) => {
      const id = stableId('request-line', `${requestId}:${lineNo}`);
      sink.push(s.requestLines, {
        id,
        requestId,
        parentLineId,
        lineNo: ++lineNo * 10000,
        itemId: a.setId ? null : a.item.id,
        setId: a.setId ?? null,
        plantId: kind !== 'order' && a.plants.length === 1 ? plants.id(a.plants[0].plant) : null,
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
      sink.push(s.requestStatusHistory, {
        id: stableId('request-history', `${requestId}:${counts.history++}`),
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
      request.rejectionReason = note;
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
    type PlannedLine = {
      item: DemoItem;
      plantId: string | null;
      plant: number;
      quantity: number;
      requestLineId: string;
    };
    const linesFor = (refs: LineRef[]): PlannedLine[] =>
      refs.flatMap(({ a, requestLineId }): PlannedLine[] =>
        a.item.numbered && a.plants.length > 0
          ? a.plants.map((p) => ({
              item: a.item,
              plantId: plants.id(p.plant),
              plant: p.plant,
              quantity: 1,
              requestLineId,
            }))
          : [{ item: a.item, plantId: null, plant: -1, quantity: a.amount, requestLineId }],
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
          order.lines.forEach((l, i) => {
            const orderLineId = orderLineIdOf(order.id, i);
            const plant = l.plant;
            const fromDepot = plant >= 0 ? (plantDepot.get(plant) ?? depotIndex) : depotIndex;
            postLine(
              l,
              requestedDate,
              { depotId: depotIds[fromDepot] },
              -l.quantity,
              'delivery',
              order.id,
              orderLineId,
            );
            postLine(l, requestedDate, { locationId: loc.id }, l.quantity, 'delivery', order.id, orderLineId);
            if (l.item.rentalType === 'Verkoop') {
              post(l.item, {
                entryDate: requestedDate,
                locationId: loc.id,
                itemId: l.item.id,
                quantity: -l.quantity,
                kind: 'sale',
                orderId: order.id,
                orderLineId,
                note: 'Verkocht',
                createdBy: adminId,
              });
            } else if (plant >= 0) {
              plants.toLocation(plant, li);
              locPlants[li].set(l.item.index, [...(locPlants[li].get(l.item.index) ?? []), plant]);
            } else {
              locBulk[li].set(l.item.index, (locBulk[li].get(l.item.index) ?? 0) + l.quantity);
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
          order.lines.forEach((l, i) => {
            const orderLineId = orderLineIdOf(order.id, i);
            postLine(l, requestedDate, { locationId: loc.id }, -l.quantity, 'removal', order.id, orderLineId);
            postLine(
              l,
              requestedDate,
              { depotId: depotIds[depotIndex] },
              l.quantity,
              'removal',
              order.id,
              orderLineId,
            );
            if (l.plant >= 0) {
              const plant = l.plant;
              plants.toDepot(plant, depotIndex);
              const key = depotIndex * catalogue.demoItems.length + l.item.index;
              depotPlants.get(key)?.push(plant) ?? depotPlants.set(key, [plant]);
            } else {
              depotBulk[depotIndex * catalogue.demoItems.length + l.item.index] += l.quantity;
            }
          });
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
        linkedOrderId: from.id,
        kind: 'move_to',
        status: orderStatus,
        li: ti,
        depotIndex: null,
        counterpart: li,
        address: targetAddress,
        lines: linesFor(flat),
      });
      if (executes) {
        schedule(requestedDate, () => {
          from.lines.forEach((l, i) => {
            postLine(
              l,
              requestedDate,
              { locationId: loc.id },
              -l.quantity,
              'move_out',
              from.id,
              orderLineIdOf(from.id, i),
            );
            postLine(
              l,
              requestedDate,
              { locationId: locations[ti].id },
              l.quantity,
              'move_in',
              to.id,
              orderLineIdOf(to.id, i),
            );
            if (l.plant >= 0) {
              plants.moveToLocation(l.plant, ti);
              locPlants[ti].set(l.item.index, [...(locPlants[ti].get(l.item.index) ?? []), l.plant]);
            } else {
              locBulk[ti].set(l.item.index, (locBulk[ti].get(l.item.index) ?? 0) + l.quantity);
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

  return { createRequest };
}
