import type * as s from '../db/schema/index.ts';
import type { DemoItem } from './build-catalogue.ts';
import { addDays, daysBetween } from './dates.ts';
import { stableId } from './random.ts';

type Insert<T extends { $inferInsert: unknown }> = T['$inferInsert'];

/** What inventoryRows reads of a plant (simulate-types.ts PlantState). */
interface PlacedPlant {
  id: string;
  item: DemoItem;
  locationIndex: number | null;
  depotIndex: number | null;
  last: string;
}

/*
 * The simulated ledger summed as it is posted, in typed arrays instead of maps of string keys: at --scale 1000 the
 * ledger has two million entries and the stock 1.4 million rows, which the seed writes as it goes and never holds.
 */

/** Dates of the simulation as day numbers from its first day (a few hundred distinct dates). */
export class DayIndex {
  private readonly numbers = new Map<string, number>();
  private readonly dates: string[] = [];
  readonly first: string;
  constructor(first: string) {
    this.first = first;
  }
  day(date: string): number {
    let n = this.numbers.get(date);
    if (n === undefined) {
      n = daysBetween(this.first, date);
      if (n < 0 || n > 0xfffe) throw new Error(`seed: date ${date} outside the simulation`);
      this.numbers.set(date, n);
    }
    return n;
  }
  date(day: number): string {
    this.dates[day] ??= addDays(this.first, day);
    return this.dates[day];
  }
}

/**
 * Bulk stock (no plant) per place and item: quantity and the day of the last movement. Places are the depots, then
 * the locations. Dense: places × items int32 + uint16 (16 places × 433,000 items at --scale 1000: 42 MB).
 */
export class BulkCounts {
  readonly quantity: Int32Array;
  /** Day number + 1 of the last movement; 0 = never moved. */
  readonly last: Uint16Array;
  readonly places: number;
  readonly items: number;
  constructor(places: number, items: number) {
    this.places = places;
    this.items = items;
    this.quantity = new Int32Array(places * items);
    this.last = new Uint16Array(places * items);
  }
  add(place: number, item: number, day: number, quantity: number): void {
    const k = place * this.items + item;
    this.quantity[k] += quantity;
    if (day + 1 > this.last[k]) this.last[k] = day + 1;
  }
}

/**
 * Rental timelines for invoicing: per location, per rental item (in the order of its first movement there), the
 * quantity changes as [day, quantity, day, quantity, …] in posting order, which is date order.
 */
export class RentTimelines {
  readonly byLocation: Map<number, number[]>[];
  constructor(locations: number) {
    this.byLocation = Array.from({ length: locations }, () => new Map<number, number[]>());
  }
  add(location: number, item: number, day: number, quantity: number): void {
    const map = this.byLocation[location];
    const list = map.get(item);
    if (!list) {
      map.set(item, [day, quantity]);
      return;
    }
    if (day < list[list.length - 2]) throw new Error('seed: ledger posted out of date order');
    list.push(day, quantity);
  }
}

/** Where the places of BulkCounts are: the depots' ids, then the locations'. */
export interface Places {
  depotIds: string[];
  locationIds: string[];
}

/**
 * Current stock (the inventory table) as the ledger sums it: each plant at its final place (its last entry's date),
 * each bulk item at each place where it is not zero. Pushes each row to `push`, pausing every few thousand.
 */
export function* inventoryRows(
  summary: { plants: readonly PlacedPlant[]; bulk: BulkCounts; days: DayIndex },
  items: readonly DemoItem[],
  places: Places,
  push: (row: Insert<typeof s.inventory>) => void,
): Generator<void, void> {
  const { depotIds, locationIds } = places;
  let n = 0;
  for (const plant of summary.plants) {
    if (++n % 1_000 === 0) yield;
    const locationId = plant.locationIndex === null ? null : locationIds[plant.locationIndex];
    const depotId = plant.depotIndex === null ? null : depotIds[plant.depotIndex];
    push({
      id: stableId('inventory', `${locationId ?? depotId}:${plant.item.id}:${plant.id}`),
      locationId,
      depotId,
      itemId: plant.item.id,
      plantId: plant.id,
      quantity: 1,
      lastMovementDate: plant.last,
    });
  }
  const { bulk, days } = summary;
  for (let place = 0; place < bulk.places; place++) {
    const locationId = place >= depotIds.length ? locationIds[place - depotIds.length] : null;
    const depotId = place < depotIds.length ? depotIds[place] : null;
    for (let k = 0; k < bulk.items; k++) {
      const quantity = bulk.quantity[place * bulk.items + k];
      if (quantity === 0) continue;
      const item = items[k];
      if (quantity < 0)
        throw new Error(`seed: impossible stock ${quantity} of ${item.itemNo} at ${locationId ?? depotId}`);
      if (++n % 1_000 === 0) yield;
      push({
        id: stableId('inventory', `${locationId ?? depotId}:${item.id}:`),
        locationId,
        depotId,
        itemId: item.id,
        plantId: null,
        quantity,
        lastMovementDate: days.date(bulk.last[place * bulk.items + k] - 1),
      });
    }
  }
}

/** The bulk quantity per item (id) at a location at the end, where it is not zero. */
export function bulkAtLocation(
  bulk: BulkCounts,
  depots: number,
  location: number,
  items: readonly DemoItem[],
): Map<string, number> {
  const out = new Map<string, number>();
  const base = (depots + location) * bulk.items;
  for (let k = 0; k < bulk.items; k++)
    if (bulk.quantity[base + k] !== 0) out.set(items[k].id, bulk.quantity[base + k]);
  return out;
}
