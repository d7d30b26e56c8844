import { type Locale, locales } from '@mp/contract/i18n';
import {
  IdColumn,
  type IdColumnParts,
  TextColumn,
  type TextColumnParts,
  ValueColumn,
  type ValueColumnParts,
} from './catalogue.columns.ts';
import type { CardRow, TechRow } from './catalogue.common.queries.ts';
import { Interner } from './catalogue.intern.ts';
import type { CardStoreRow } from './catalogue.read-model.queries.ts';

// The cards of every listed item in every locale, held once (docs/decisions/0008-in-process-catalogue-indexes.md,
// "Scale 1000"): what a card has whatever the locale (number, image, category, prices, weight, its technical
// values) is one column each; a locale adds only its descriptions and its technical rows, which are few and
// shared (a list of technical data is held once however many items have it). A card is made when asked for —
// the 24 of a page — and reads exactly as the statement's (cardColumns in the locale, TechMode 'locale').

/** What one locale's cards are read through: by id, as a Map would answer. */
export interface CardLookup {
  get(id: string): CardRow | undefined;
}

/** `json ->> locale`, else `json ->> 'nl-NL'` (textOf in catalogue.common.queries.ts). */
function textIn(json: unknown, locale: Locale): string | null {
  if (json === null || typeof json !== 'object' || Array.isArray(json)) return null;
  const text = (key: string) => {
    const v = (json as Record<string, unknown>)[key];
    return v === undefined || v === null ? null : typeof v === 'string' ? v : JSON.stringify(v);
  };
  return text(locale) ?? text('nl-NL');
}

type Tech = Omit<TechRow, 'l' | 't' | 'lj' | 'tj'> & { lj: unknown; tj: unknown };

/** The value columns of a card, in the order of CardStoreParts.values. */
const VALUE_COLUMNS = [
  'imageShas',
  'categoryIds',
  'rentalTypes',
  'rentalUnits',
  'dayPrices',
  'weekPrices',
  'salePrices',
  'weights',
] as const;

/** A done store as typed arrays and short lists: what a build in a worker thread hands over. */
export interface CardStoreParts {
  ids: IdColumnParts;
  itemNos: TextColumnParts;
  descriptions: Record<Locale, TextColumnParts>;
  values: ValueColumnParts<string | null>[];
  techOf: Int32Array;
  techLists: (readonly Tech[])[];
}

export class CardStore {
  /**
   * The item ids in row order, 16 bytes a uuid with a lookup table over them (a card answers the id asked for):
   * no Map of 433,000 id strings for the collector to mark at scale 1000 (decision 0008 "Scale 1000").
   */
  private ids = new IdColumn({ lookup: true });
  // Columns (catalogue.columns.ts): texts in UTF-8 buffers, values with few distinct ones as numbers.
  private itemNos = new TextColumn();
  private descriptions: Record<Locale, TextColumn>;
  private imageShas = new ValueColumn<string | null>();
  private categoryIds = new ValueColumn<string | null>();
  private rentalTypes = new ValueColumn<CardRow['rental_type']>();
  private rentalUnits = new ValueColumn<string>();
  private dayPrices = new ValueColumn<string | null>();
  private weekPrices = new ValueColumn<string | null>();
  private salePrices = new ValueColumn<string | null>();
  private weights = new ValueColumn<string | null>();
  /** Per item: its list of technical data, an index into `techLists`. */
  private techOf: number[] | Int32Array = [];
  private techLists: (readonly Tech[])[] = [];
  private readonly listIndex = new Map<string, number>();
  private strings: Interner | null = new Interner();
  /** Per locale: the lists in that locale, made on first use. */
  private readonly views = new Map<Locale, CardLookup>();

  /** With `rows`: a store of them. Without: rows come in batches through `add`, then `done()`. */
  constructor(rows?: readonly CardStoreRow[]) {
    const nl = new TextColumn();
    this.descriptions = Object.fromEntries(
      locales.map((l) => [l, l === 'nl-NL' ? nl : new TextColumn(nl)]),
    ) as Record<Locale, TextColumn>;
    if (rows) {
      this.add(rows);
      this.done();
    }
  }

  /** A done store from its parts (a worker thread's build, handed over). */
  static fromParts(parts: CardStoreParts): CardStore {
    const store = new CardStore();
    store.ids = IdColumn.fromParts(parts.ids);
    store.itemNos = TextColumn.fromParts(parts.itemNos);
    const nl = TextColumn.fromParts(parts.descriptions['nl-NL']);
    store.descriptions = Object.fromEntries(
      locales.map((l) => [l, l === 'nl-NL' ? nl : TextColumn.fromParts(parts.descriptions[l], nl)]),
    ) as Record<Locale, TextColumn>;
    VALUE_COLUMNS.forEach((name, k) => {
      (store as unknown as Record<string, ValueColumn<string | null>>)[name] = ValueColumn.fromParts(
        parts.values[k],
      );
    });
    store.techOf = parts.techOf;
    store.techLists = parts.techLists;
    store.strings = null;
    return store;
  }

  /** The done store's typed arrays and short lists (no copies). */
  parts(): CardStoreParts {
    return {
      ids: this.ids.parts(),
      itemNos: this.itemNos.parts(),
      descriptions: Object.fromEntries(locales.map((l) => [l, this.descriptions[l].parts()])) as Record<
        Locale,
        TextColumnParts
      >,
      values: VALUE_COLUMNS.map((name) =>
        (this as unknown as Record<string, ValueColumn<string | null>>)[name].parts(),
      ),
      techOf: this.techOf as Int32Array,
      techLists: this.techLists,
    };
  }

  add(rows: readonly CardStoreRow[]): void {
    const s = this.strings ?? new Interner();
    for (const r of rows) {
      this.ids.add(r.id);
      const key = JSON.stringify(r.tech);
      let k = this.listIndex.get(key);
      if (k === undefined) {
        k = this.techLists.length;
        this.listIndex.set(key, k);
        this.techLists.push(
          r.tech.map((t) => ({
            c: s.of(t.c),
            k: t.k,
            u: s.of(t.u),
            b: t.b,
            n: s.of(t.n),
            lj: t.lj ?? null,
            tj: t.tj ?? null,
          })),
        );
      }
      (this.techOf as number[]).push(k);
      this.itemNos.add(r.item_no);
      // A locale without its own text has the nl-NL one: held once.
      const nl = r.descriptions['nl-NL'];
      for (const l of locales)
        this.descriptions[l].add(l === 'nl-NL' || r.descriptions[l] !== nl ? r.descriptions[l] : null);
      this.imageShas.add(r.image_sha);
      this.categoryIds.add(r.category_id);
      this.rentalTypes.add(r.rental_type);
      this.rentalUnits.add(r.rental_unit);
      this.dayPrices.add(r.day_price);
      this.weekPrices.add(r.week_price);
      this.salePrices.add(r.sale_price);
      this.weights.add(r.weight);
    }
  }

  done(): this {
    this.techOf = Int32Array.from(this.techOf);
    this.listIndex.clear();
    this.strings = null;
    this.ids.done();
    this.itemNos.done();
    for (const l of locales) this.descriptions[l].done();
    for (const name of VALUE_COLUMNS) this[name].done();
    return this;
  }

  get size(): number {
    return this.ids.size;
  }

  /** The cards in `locale`: description and technical data in it (nl-NL where it has none). */
  view(locale: Locale): CardLookup {
    let v = this.views.get(locale);
    if (!v) {
      const lists: (readonly TechRow[] | undefined)[] = [];
      const techIn = (k: number): readonly TechRow[] => {
        let list = lists[k];
        if (!list) {
          list = Object.freeze(
            this.techLists[k].map(({ lj, tj, ...t }) =>
              Object.freeze({ ...t, l: textIn(lj, locale), t: textIn(tj, locale) }),
            ),
          );
          lists[k] = list;
        }
        return list;
      };
      const descriptions = this.descriptions[locale];
      v = {
        get: (id) => {
          const i = this.ids.rowOf(id);
          if (i < 0) return undefined;
          return {
            id,
            item_no: this.itemNos.get(i),
            description: descriptions.get(i),
            image_sha: this.imageShas.get(i),
            category_id: this.categoryIds.get(i),
            rental_type: this.rentalTypes.get(i),
            rental_unit: this.rentalUnits.get(i),
            day_price: this.dayPrices.get(i),
            week_price: this.weekPrices.get(i),
            sale_price: this.salePrices.get(i),
            weight: this.weights.get(i),
            tech: techIn(this.techOf[i]) as TechRow[],
          };
        },
      };
      this.views.set(locale, v);
    }
    return v;
  }
}
