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
// The read model's store holds the nl-NL descriptions only; another locale's are a `CardTexts` of their own, read
// when a card is first asked for in that locale (decision 0008 "Descriptions per language"), row for row in the
// store's order (both read `order by id` at the same catalogue revision).

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
  revision: number;
  ids: IdColumnParts;
  itemNos: TextColumnParts;
  descriptions: Partial<Record<Locale, TextColumnParts>>;
  values: ValueColumnParts<string | null>[];
  techOf: Int32Array;
  techLists: (readonly Tech[])[];
}

/** One locale's descriptions, row for row in a card store's order; a row without its own holds none (nl-NL's). */
export class CardTexts {
  readonly locale: Locale;
  /** The catalogue revision the texts were read at: a store of another revision does not take them. */
  readonly revision: number;
  readonly column: TextColumn;

  constructor(locale: Locale, revision: number, column: TextColumn) {
    this.locale = locale;
    this.revision = revision;
    this.column = column;
  }

  /** Texts from rows of `{ nl, text }` (the locale's text and the nl-NL one) in the store's order. */
  static builder(locale: Locale): {
    add(rows: readonly { nl: string; text: string }[]): void;
    done(revision: number): CardTexts;
  } {
    const column = new TextColumn();
    return {
      add(rows) {
        for (const r of rows) column.add(r.text !== r.nl ? r.text : null);
      },
      done(revision) {
        column.done();
        return new CardTexts(locale, revision, column);
      },
    };
  }

  static fromParts(parts: { locale: Locale; revision: number; texts: TextColumnParts }): CardTexts {
    return new CardTexts(parts.locale, parts.revision, TextColumn.fromParts(parts.texts));
  }

  parts(): { locale: Locale; revision: number; texts: TextColumnParts } {
    return { locale: this.locale, revision: this.revision, texts: this.column.parts() };
  }

  get size(): number {
    return this.column.size;
  }
}

export class CardStore {
  /** The catalogue revision the store was read at (0: not from a read model). */
  revision = 0;
  /**
   * The item ids in row order, 16 bytes a uuid with a lookup table over them (a card answers the id asked for):
   * no Map of 433,000 id strings for the collector to mark at scale 1000 (decision 0008 "Scale 1000").
   */
  private ids = new IdColumn({ lookup: true });
  // Columns (catalogue.columns.ts): texts in UTF-8 buffers, values with few distinct ones as numbers.
  private itemNos = new TextColumn();
  /** The descriptions of the locales the store was made with (nl-NL always); a locale without its own text has nl-NL's. */
  private descriptions: Partial<Record<Locale, TextColumn>>;
  private readonly locales: readonly Locale[];
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
  /** Per locale held apart: the view over the texts it was last asked with. */
  private readonly textViews = new Map<Locale, { texts: CardTexts; view: CardLookup }>();

  /**
   * With `rows`: a store of them. Without: rows come in batches through `add`, then `done()`. `held`: the
   * locales whose descriptions the store holds itself (every one by default; the read model's only nl-NL).
   */
  constructor(rows?: readonly CardStoreRow[], held: readonly Locale[] = locales) {
    this.locales = held.includes('nl-NL') ? held : ['nl-NL', ...held];
    const nl = new TextColumn();
    this.descriptions = Object.fromEntries(
      this.locales.map((l) => [l, l === 'nl-NL' ? nl : new TextColumn(nl)]),
    ) as Partial<Record<Locale, TextColumn>>;
    if (rows) {
      this.add(rows);
      this.done();
    }
  }

  /** A done store from its parts (a worker thread's build, handed over). */
  static fromParts(parts: CardStoreParts): CardStore {
    const held = locales.filter((l) => parts.descriptions[l] !== undefined);
    const store = new CardStore(undefined, held);
    store.revision = parts.revision;
    store.ids = IdColumn.fromParts(parts.ids);
    store.itemNos = TextColumn.fromParts(parts.itemNos);
    const nl = TextColumn.fromParts(parts.descriptions['nl-NL'] as TextColumnParts);
    store.descriptions = Object.fromEntries(
      held.map((l) => [
        l,
        l === 'nl-NL' ? nl : TextColumn.fromParts(parts.descriptions[l] as TextColumnParts, nl),
      ]),
    ) as Partial<Record<Locale, TextColumn>>;
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
      revision: this.revision,
      ids: this.ids.parts(),
      itemNos: this.itemNos.parts(),
      descriptions: Object.fromEntries(
        this.locales.map((l) => [l, (this.descriptions[l] as TextColumn).parts()]),
      ) as Partial<Record<Locale, TextColumnParts>>,
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
      for (const l of this.locales)
        (this.descriptions[l] as TextColumn).add(
          l === 'nl-NL' || r.descriptions[l] !== nl ? (r.descriptions[l] as string) : null,
        );
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

  done(revision = this.revision): this {
    this.revision = revision;
    this.techOf = Int32Array.from(this.techOf);
    this.listIndex.clear();
    this.strings = null;
    this.ids.done();
    this.itemNos.done();
    for (const l of this.locales) (this.descriptions[l] as TextColumn).done();
    for (const name of VALUE_COLUMNS) this[name].done();
    return this;
  }

  get size(): number {
    return this.ids.size;
  }

  /** Whether the store holds `locale`'s descriptions itself (else `view` needs that locale's CardTexts). */
  holds(locale: Locale): boolean {
    return this.descriptions[locale] !== undefined;
  }

  /** The cards in `locale`, a locale the store holds: description and technical data in it (else nl-NL's). */
  view(locale: Locale): CardLookup {
    const own = this.descriptions[locale];
    if (!own) throw new Error(`the card store holds no ${locale} descriptions: use textView`);
    return this.viewWith(locale, own);
  }

  /**
   * The cards in the locale of `texts` (a locale the store does not hold), its descriptions from them: null when
   * they were not read at the store's revision (row for row), or there are none yet.
   */
  textView(texts: CardTexts | null): CardLookup | null {
    if (!texts || texts.revision !== this.revision || texts.size !== this.size) return null;
    const { locale } = texts;
    if (this.descriptions[locale]) return this.view(locale);
    const kept = this.textViews.get(locale);
    if (kept?.texts === texts) return kept.view;
    const column = TextColumn.fromParts(texts.column.parts(), this.descriptions['nl-NL'] as TextColumn);
    const view = this.lookup(locale, column);
    this.textViews.set(locale, { texts, view });
    return view;
  }

  private viewWith(locale: Locale, descriptions: TextColumn): CardLookup {
    let v = this.views.get(locale);
    if (!v) {
      v = this.lookup(locale, descriptions);
      this.views.set(locale, v);
    }
    return v;
  }

  private lookup(locale: Locale, descriptions: TextColumn): CardLookup {
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
    return {
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
  }
}
