import type { DemoItem } from './build-catalogue.ts';
import type { OrderInfo } from './simulate-types.ts';

/*
 * The lines and costs of the simulation's orders as columns (issue #34: 450,000 lines and 250,000 costs at
 * --scale 1000): an item index, a quantity and a plant (its PlantTable index, -1 for bulk) a line, an amount and
 * a description a cost, instead of an array and an object per line and per cost (12 + 16 bytes instead of ~70).
 * OrderInfo's `lines` and `costs` are made from them when read (executions, invoicing, complaints).
 */

type Line = OrderInfo['lines'][number];
type Cost = OrderInfo['costs'][number];

export class OrderBook {
  private readonly items: readonly DemoItem[];
  private readonly plantId: (plant: number) => string;
  private lineTotal = 0;
  private itemIndex = new Int32Array(1 << 12);
  private quantity = new Int32Array(1 << 12);
  private plant = new Int32Array(1 << 12);
  private amounts = new Float64Array(1 << 12);
  private readonly descriptions: string[] = [];

  /** `plantId`: a plant's id by its index. */
  constructor(items: readonly DemoItem[], plantId: (plant: number) => string) {
    this.items = items;
    this.plantId = plantId;
  }

  /** Lines so far: the next line's number. */
  get lineCount(): number {
    return this.lineTotal;
  }
  get costCount(): number {
    return this.descriptions.length;
  }

  /** A line of `quantity` of `item`, of one plant (its index) or bulk (-1). */
  addLine(item: DemoItem, plant: number, quantity: number): void {
    const n = this.lineTotal++;
    if (n === this.itemIndex.length) {
      this.itemIndex = grown(this.itemIndex);
      this.quantity = grown(this.quantity);
      this.plant = grown(this.plant);
    }
    this.itemIndex[n] = item.index;
    this.quantity[n] = quantity;
    this.plant[n] = plant;
  }

  addCost(amount: number, description: string): void {
    const n = this.descriptions.length;
    if (n === this.amounts.length) {
      const more = new Float64Array(n * 2);
      more.set(this.amounts);
      this.amounts = more;
    }
    this.amounts[n] = amount;
    this.descriptions.push(description);
  }

  lines(from: number, to: number): Line[] {
    const out: Line[] = [];
    for (let i = from; i < to; i++) {
      const plant = this.plant[i];
      out.push({
        item: this.items[this.itemIndex[i]],
        plantId: plant < 0 ? null : this.plantId(plant),
        plant,
        quantity: this.quantity[i],
      });
    }
    return out;
  }

  costs(from: number, to: number): Cost[] {
    const out: Cost[] = [];
    for (let i = from; i < to; i++) out.push({ amount: this.amounts[i], description: this.descriptions[i] });
    return out;
  }
}

function grown(a: Int32Array<ArrayBuffer>): Int32Array<ArrayBuffer> {
  const more = new Int32Array(a.length * 2);
  more.set(a);
  return more;
}

/** An order of the simulation: its lines and costs are ranges of an OrderBook. */
export class BookedOrder implements OrderInfo {
  readonly id: string;
  readonly kind: OrderInfo['kind'];
  readonly status: OrderInfo['status'];
  readonly locationIndex: number;
  readonly executedDate: string | null;
  readonly orderDate: string;
  readonly requestUserId: string | null;
  orderNo = '';
  private readonly book: OrderBook;
  private readonly lineFrom: number;
  private readonly lineTo: number;
  private readonly costFrom: number;
  private readonly costTo: number;

  constructor(
    fields: Omit<OrderInfo, 'lines' | 'costs' | 'orderNo'>,
    book: OrderBook,
    lineRange: [number, number],
    costRange: [number, number],
  ) {
    this.id = fields.id;
    this.kind = fields.kind;
    this.status = fields.status;
    this.locationIndex = fields.locationIndex;
    this.executedDate = fields.executedDate;
    this.orderDate = fields.orderDate;
    this.requestUserId = fields.requestUserId;
    this.book = book;
    [this.lineFrom, this.lineTo] = lineRange;
    [this.costFrom, this.costTo] = costRange;
  }
  get lines(): Line[] {
    return this.book.lines(this.lineFrom, this.lineTo);
  }
  get costs(): Cost[] {
    return this.book.costs(this.costFrom, this.costTo);
  }
}
