import type { FamilySpec, RentalType } from './catalogue-data.ts';
import { stableIdBytes, uuidText } from './random.ts';
import { locales, type Text } from './text.ts';

/*
 * The items' facts as columns (issue #34: 433,000 items at --scale 1000). An item object holds only its index and
 * the table; everything else is a typed-array cell or follows from its family, variant and copy (copy-major order:
 * index = (copy - 1) × items per copy + its place in copy 1). About 90 bytes an item instead of about 300 as
 * objects with strings and a map entry per item number.
 */

/** One item of the demo catalogue, with what the simulation needs to know about it. */
export interface DemoItem {
  /** Its place in CataloguePlan.demoItems (the seed's compact stock counts are indexed by it). */
  index: number;
  id: string;
  itemNo: string;
  family: FamilySpec;
  variantIndex: number;
  copy: number;
  name: Text;
  rentalType: RentalType;
  numbered: boolean;
  dayPrice: number | null;
  weekPrice: number | null;
  salePrice: number | null;
  /** A Verkoop_Terugkoop item's buy-back price: 60 % of the sale price. */
  buyBackPrice: number | null;
  weight: number;
  categoryCode: string;
}

export function money(x: number): number {
  return Math.round(x * 100) / 100;
}

export function copySuffix(copy: number): string {
  return copy === 1 ? '' : `-${String(copy).padStart(2, '0')}`;
}

const seriesWord: Text = { 'nl-NL': 'serie', 'en-US': 'series', 'fr-FR': 'série', 'de-DE': 'Serie' };

/** The columns of every item: the ids (16 bytes each) and the prices that vary per copy (NaN: none). */
export class ItemFacts {
  readonly items: CatalogueItem[] = [];
  /** Per item of copy 1: its family and variant. */
  readonly families: FamilySpec[] = [];
  readonly variants: number[] = [];
  private readonly ids: Uint8Array;
  private readonly dayPrices: Float64Array;
  private readonly weekPrices: Float64Array;
  /** Item numbers of copy 1 → their index. */
  private readonly baseByNo = new Map<string, number>();
  readonly perCopy: number;
  readonly scale: number;

  constructor(perCopy: number, scale: number) {
    this.perCopy = perCopy;
    this.scale = scale;
    const n = perCopy * scale;
    this.ids = new Uint8Array(n * 16);
    this.dayPrices = new Float64Array(n);
    this.weekPrices = new Float64Array(n);
  }

  /** Adds the next item (in copy-major order) and answers it. */
  add(
    family: FamilySpec,
    variantIndex: number,
    copy: number,
    itemNo: string,
    dayPrice: number | null,
    weekPrice: number | null,
  ): CatalogueItem {
    const index = this.items.length;
    if (copy === 1) {
      this.families.push(family);
      this.variants.push(variantIndex);
      this.baseByNo.set(itemNo, index);
    }
    this.ids.set(stableIdBytes('item', itemNo).subarray(0, 16), index * 16);
    this.dayPrices[index] = dayPrice ?? Number.NaN;
    this.weekPrices[index] = weekPrice ?? Number.NaN;
    const item = new CatalogueItem(index, this);
    this.items.push(item);
    return item;
  }

  id(index: number): string {
    return uuidText(this.ids, index * 16);
  }
  dayPrice(index: number): number | null {
    const x = this.dayPrices[index];
    return Number.isNaN(x) ? null : x;
  }
  weekPrice(index: number): number | null {
    const x = this.weekPrices[index];
    return Number.isNaN(x) ? null : x;
  }

  /** The item of a number ('AG-1006', 'AG-1006-02'), if the catalogue has it. */
  get(itemNo: string): CatalogueItem | undefined {
    const base = this.baseByNo.get(itemNo);
    if (base !== undefined) return this.items[base];
    const dash = itemNo.lastIndexOf('-');
    if (dash < 0) return undefined;
    const first = this.baseByNo.get(itemNo.slice(0, dash));
    const copy = Number(itemNo.slice(dash + 1));
    if (first === undefined || !Number.isInteger(copy) || copy < 2 || copy > this.scale) return undefined;
    if (copySuffix(copy) !== itemNo.slice(dash)) return undefined;
    return this.items[(copy - 1) * this.perCopy + first];
  }
  has(itemNo: string): boolean {
    return this.get(itemNo) !== undefined;
  }
}

/** A DemoItem as an index into ItemFacts: its name in four languages, number and id are made when asked. */
export class CatalogueItem implements DemoItem {
  readonly index: number;
  private readonly facts: ItemFacts;
  constructor(index: number, facts: ItemFacts) {
    this.index = index;
    this.facts = facts;
  }
  private get base(): number {
    return this.index % this.facts.perCopy;
  }
  get family(): FamilySpec {
    return this.facts.families[this.base];
  }
  get variantIndex(): number {
    return this.facts.variants[this.base];
  }
  get copy(): number {
    return Math.floor(this.index / this.facts.perCopy) + 1;
  }
  get id(): string {
    return this.facts.id(this.index);
  }
  get itemNo(): string {
    return `${this.family.code}-${1001 + this.variantIndex}${copySuffix(this.copy)}`;
  }
  get rentalType(): RentalType {
    return this.family.variants[this.variantIndex].rentalType ?? 'Verhuur';
  }
  get numbered(): boolean {
    return this.family.numbered && this.rentalType === 'Verhuur';
  }
  get dayPrice(): number | null {
    return this.facts.dayPrice(this.index);
  }
  get weekPrice(): number | null {
    return this.facts.weekPrice(this.index);
  }
  get salePrice(): number | null {
    const sale = this.family.variants[this.variantIndex].sale;
    return sale !== undefined ? money(sale) : null;
  }
  /** A Verkoop_Terugkoop item's buy-back price: 60 % of the sale price. */
  get buyBackPrice(): number | null {
    const sale = this.salePrice;
    return this.rentalType === 'Verkoop_Terugkoop' && sale !== null ? money(sale * 0.6) : null;
  }
  get name(): Text {
    const name = this.family.variants[this.variantIndex].name;
    const copy = this.copy;
    if (copy === 1) return name;
    return Object.fromEntries(locales.map((l) => [l, `${name[l]} (${seriesWord[l]} ${copy})`])) as Text;
  }
  get weight(): number {
    return this.family.variants[this.variantIndex].weight;
  }
  get categoryCode(): string {
    return this.family.category;
  }
}
