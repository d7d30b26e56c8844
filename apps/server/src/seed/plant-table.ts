import type { DemoItem } from './build-catalogue.ts';
import { stableIdBytes, uuidText } from './random.ts';
import type { DayIndex } from './stock-counts.ts';

/*
 * The simulation's plants as columns (issue #34: 532,000 plants at --scale 1000): the item's index, the number
 * within the item, the place and the day of the last entry in typed arrays, the id as 16 bytes. The simulation
 * names a plant by its index (its depots' queues and locations' lists hold indexes, an order line its index); the
 * id, plant number, serial number and build year are made when a row needs them. About 30 bytes a plant plus a
 * small object (PlantState), instead of an object, its id string and two map entries (~200 bytes).
 */

export interface PlantState {
  /** Its place in the simulation's PlantTable (plant-table.ts). */
  readonly index: number;
  readonly id: string;
  readonly plantNo: string;
  readonly item: DemoItem;
  readonly serialNo: string;
  readonly buildYear: number;
  /** Final place. */
  readonly locationIndex: number | null;
  readonly depotIndex: number | null;
  /** The depot of its opening stock (its row is written with it; moved plants are updated at the end). */
  readonly home: number;
  /** The date of its last ledger entry. */
  readonly last: string;
}

const NONE = -1;

export class PlantTable {
  readonly plants: PlantRow[] = [];
  private readonly items: readonly DemoItem[];
  private readonly days: DayIndex;
  private item = new Int32Array(1 << 12);
  private j = new Uint16Array(1 << 12);
  private location = new Int16Array(1 << 12);
  private depot = new Int16Array(1 << 12);
  private home = new Int16Array(1 << 12);
  private last = new Uint16Array(1 << 12);
  private ids = new Uint8Array(16 << 12);

  constructor(items: readonly DemoItem[], days: DayIndex) {
    this.items = items;
    this.days = days;
  }

  get size(): number {
    return this.plants.length;
  }

  /** A new plant: the j-th of `item`, at depot `depotIndex` since `date`. Answers its index. */
  add(item: DemoItem, j: number, depotIndex: number, date: string): number {
    const p = this.plants.length;
    if (p === this.item.length) this.grow();
    this.item[p] = item.index;
    this.j[p] = j;
    this.location[p] = NONE;
    this.depot[p] = depotIndex;
    this.home[p] = depotIndex;
    this.last[p] = this.days.day(date);
    this.ids.set(stableIdBytes('plant', plantNoOf(item, j)).subarray(0, 16), p * 16);
    this.plants.push(new PlantRow(p, this));
    return p;
  }

  id(p: number): string {
    return uuidText(this.ids, p * 16);
  }
  itemOf(p: number): DemoItem {
    return this.items[this.item[p]];
  }
  numberInItem(p: number): number {
    return this.j[p];
  }
  locationOf(p: number): number | null {
    const l = this.location[p];
    return l === NONE ? null : l;
  }
  depotOf(p: number): number | null {
    const d = this.depot[p];
    return d === NONE ? null : d;
  }
  homeOf(p: number): number {
    return this.home[p];
  }
  lastOf(p: number): string {
    return this.days.date(this.last[p]);
  }
  /** The plant is at location `li` now. */
  toLocation(p: number, li: number): void {
    this.location[p] = li;
    this.depot[p] = NONE;
  }
  /** The plant is at depot `d` now. */
  toDepot(p: number, d: number): void {
    this.location[p] = NONE;
    this.depot[p] = d;
  }
  /** The plant moved to location `li` (its depot unchanged: none, as it came from a location). */
  moveToLocation(p: number, li: number): void {
    this.location[p] = li;
  }
  /** The date of the plant's latest ledger entry. */
  posted(p: number, date: string): void {
    this.last[p] = this.days.day(date);
  }

  private grow(): void {
    const n = this.item.length * 2;
    const more = <T extends { set(a: ArrayLike<number>): void }>(
      a: ArrayLike<number>,
      make: (n: number) => T,
    ) => {
      const b = make(n);
      b.set(a);
      return b;
    };
    this.item = more(this.item, (k) => new Int32Array(k));
    this.j = more(this.j, (k) => new Uint16Array(k));
    this.location = more(this.location, (k) => new Int16Array(k));
    this.depot = more(this.depot, (k) => new Int16Array(k));
    this.home = more(this.home, (k) => new Int16Array(k));
    this.last = more(this.last, (k) => new Uint16Array(k));
    this.ids = more(this.ids, (k) => new Uint8Array(k * 16));
  }
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');

function plantNoOf(item: DemoItem, j: number): string {
  return `${item.itemNo}-${pad(j, 3)}`;
}

/** One plant of a PlantTable, as the rest of the generator reads it (PlantState). */
class PlantRow implements PlantState {
  readonly index: number;
  private readonly table: PlantTable;
  constructor(index: number, table: PlantTable) {
    this.index = index;
    this.table = table;
  }
  get id(): string {
    return this.table.id(this.index);
  }
  get item(): DemoItem {
    return this.table.itemOf(this.index);
  }
  get plantNo(): string {
    return plantNoOf(this.item, this.table.numberInItem(this.index));
  }
  get serialNo(): string {
    const item = this.item;
    const j = this.table.numberInItem(this.index);
    return `${item.family.code}${pad((item.variantIndex + 1) * 7919 + j * 104729 + item.copy * 31, 8).slice(-8)}`;
  }
  get buildYear(): number {
    return 2016 + ((this.table.numberInItem(this.index) * 3 + this.item.variantIndex) % 10);
  }
  get locationIndex(): number | null {
    return this.table.locationOf(this.index);
  }
  get depotIndex(): number | null {
    return this.table.depotOf(this.index);
  }
  get home(): number {
    return this.table.homeOf(this.index);
  }
  get last(): string {
    return this.table.lastOf(this.index);
  }
}
