import type { DemoItem } from './build-catalogue.ts';
import type { OrderInfo } from './simulate-types.ts';

/*
 * The lines and costs of the simulation's orders as columns (issue #34: 450,000 lines and 250,000 costs at
 * --scale 1000): an item index, a quantity and the plant's id (the plant's own string) a line, an amount and a
 * description a cost, instead of an array and an object per line and per cost (~12 + 8 bytes instead of ~70).
 * OrderInfo's `lines` and `costs` are made from them when read (executions, invoicing, complaints).
 */

type Line = OrderInfo['lines'][number];
type Cost = OrderInfo['costs'][number];

export class OrderBook {
  private items: readonly DemoItem[];
  private itemIndex = new Int32Array(1 << 12);
  private quantity = new Int32Array(1 << 12);
  private readonly plantIds: (string | null)[] = [];
  private amounts = new Float64Array(1 << 12);
  private readonly descriptions: string[] = [];

  constructor(items: readonly DemoItem[]) {
    this.items = items;
  }

  /** Lines so far: the next line's number. */
  get lineCount(): number {
    return this.plantIds.length;
  }
  get costCount(): number {
    return this.descriptions.length;
  }

  addLine(item: DemoItem, plantId: string | null, quantity: number): void {
    const n = this.plantIds.length;
    if (n === this.itemIndex.length) {
      this.itemIndex = grown(this.itemIndex);
      this.quantity = grown(this.quantity);
    }
    this.itemIndex[n] = item.index;
    this.quantity[n] = quantity;
    this.plantIds.push(plantId);
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
    for (let i = from; i < to; i++)
      out.push({
        item: this.items[this.itemIndex[i]],
        plantId: this.plantIds[i],
        quantity: this.quantity[i],
      });
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
