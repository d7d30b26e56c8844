import { type Locale, locales } from '@mp/contract/i18n';
import { IdColumn, type IdColumnParts, ValueColumn, type ValueColumnParts } from './catalogue.columns.ts';
import type { ListingFilters, ListingRow, SortKey } from './catalogue.queries.ts';

// An in-process index of the listed catalogue (docs/decisions/0008-in-process-catalogue-indexes.md):
// the ids of a catalogue page, its total, boolean facet counts and price bounds, exactly as listingSql()
// computes them for a category (with everything below it) or the whole catalogue. The page's cards are
// then read by id from the database. Every order that involves text comes ranked from the database, so
// ties and collation are PostgreSQL's own.

/** One listed item (visible in the catalogue, not blocked), in the default order (sort, number). */
export interface ListedItem {
  id: string;
  categoryId: string | null;
  /** Position in `order by item_no`. */
  noRank: number;
  /** Per locale: position of the description (locale, nl-NL, number) in `order by description`; equal texts share one. */
  descriptionRank: Record<Locale, number>;
  dayPrice: string | null;
  weekPrice: string | null;
  weight: string | null;
  /** Ids of the boolean attributes that are true for the item. */
  trueAttributes: readonly string[];
}

export interface ListedAttribute {
  id: string;
  code: string;
  kind: string;
  filterable: boolean;
  label: Partial<Record<Locale, string | null>> | null;
}

export interface ListedCategory {
  id: string;
  parentId: string | null;
}

/** What a page needs besides its cards: the ids in order and the numbers of listingSql()'s row. */
export type ListingIds = Omit<ListingRow, 'items'> & { ids: string[] };

export interface ListingQuery {
  /** null: the whole catalogue */
  categoryId: string | null;
  locale: Locale;
  filters: ListingFilters;
  sort: SortKey;
  limit: number;
  offset: number;
  withPrices: boolean;
}

const num = (v: string | null) => (v === null ? null : Number(v));

/** A done index as typed arrays and short lists: what a build in a worker thread hands over. */
export interface ListingIndexParts {
  revision: number;
  ids: IdColumnParts;
  noRank: Int32Array;
  descriptionRank: Record<Locale, Int32Array>;
  dayText: ValueColumnParts<string | null>;
  weekText: ValueColumnParts<string | null>;
  day: Float64Array;
  week: Float64Array;
  weight: Float64Array;
  attributes: readonly ListedAttribute[];
  categories: readonly ListedCategory[];
  members: Uint8Array[];
  trueStart: Int32Array;
  trues: Uint16Array | Int32Array;
  byCategory: Map<string | null, Int32Array>;
  all: Int32Array;
}

export class ListingIndex {
  revision: number;
  // One column per field (typed arrays, equal strings once) instead of an object per item: about a fifth
  // of the memory (decision 0008, "Size"). Filled in batches (`add`), then `done()` makes the typed arrays.
  /** The ids, 16 bytes a uuid (no array of 433,000 strings at scale 1000; a page writes its own back). */
  private ids = new IdColumn();
  private noRank: number[] | Int32Array = [];
  private readonly descriptionRank: Record<Locale, number[] | Int32Array>;
  /** The prices as the database wrote them: the bounds answer these strings. */
  private dayText = new ValueColumn<string | null>();
  private weekText = new ValueColumn<string | null>();
  private day: number[] | Float64Array = [];
  private week: number[] | Float64Array = [];
  private weight: number[] | Float64Array = [];
  /** Attributes in facet order (sort, code), and each one's members as a bit per item (item i: byte i >> 3, bit i & 7). */
  private readonly attributes: readonly ListedAttribute[];
  private readonly categories: readonly ListedCategory[];
  private readonly attributeIndex = new Map<string, number>();
  private members: Uint8Array[] = [];
  /** Per item i: its true attributes' indexes, trues[trueStart[i]] up to trues[trueStart[i + 1]]. */
  private trueStart: number[] | Int32Array = [0];
  private trues: number[] | Uint16Array | Int32Array = [];
  private readonly children = new Map<string | null, string[]>();
  private categoryOf: ValueColumn<string | null> | null = new ValueColumn<string | null>();
  private byCategory = new Map<string | null, Int32Array>();
  private readonly subtrees = new Map<string, Int32Array>();
  private all: Int32Array = new Int32Array(0);

  /** With `items`: an index of them. Without: items come in batches through `add`, then `done()`. */
  constructor(
    revision: number,
    items: readonly ListedItem[] | null,
    attributes: readonly ListedAttribute[],
    categories: readonly ListedCategory[],
  ) {
    this.revision = revision;
    this.descriptionRank = Object.fromEntries(locales.map((l) => [l, [] as number[]])) as Record<
      Locale,
      number[]
    >;
    this.attributes = attributes;
    this.categories = categories;
    attributes.forEach((a, k) => {
      this.attributeIndex.set(a.id, k);
    });
    for (const c of categories) {
      const list = this.children.get(c.parentId) ?? [];
      list.push(c.id);
      this.children.set(c.parentId, list);
    }
    if (items) {
      this.add(items);
      this.done(revision);
    }
  }

  /** A done index from its parts (a worker thread's build, handed over). */
  static fromParts(p: ListingIndexParts): ListingIndex {
    const index = new ListingIndex(p.revision, null, p.attributes, p.categories);
    index.ids = IdColumn.fromParts(p.ids);
    index.noRank = p.noRank;
    for (const l of locales) index.descriptionRank[l] = p.descriptionRank[l];
    index.dayText = ValueColumn.fromParts(p.dayText);
    index.weekText = ValueColumn.fromParts(p.weekText);
    index.day = p.day;
    index.week = p.week;
    index.weight = p.weight;
    index.members = p.members;
    index.trueStart = p.trueStart;
    index.trues = p.trues;
    index.categoryOf = null;
    index.byCategory = p.byCategory;
    index.all = p.all;
    return index;
  }

  /** The done index's typed arrays and short lists (no copies). */
  parts(): ListingIndexParts {
    return {
      revision: this.revision,
      ids: this.ids.parts(),
      noRank: this.noRank as Int32Array,
      descriptionRank: this.descriptionRank as Record<Locale, Int32Array>,
      dayText: this.dayText.parts(),
      weekText: this.weekText.parts(),
      day: this.day as Float64Array,
      week: this.week as Float64Array,
      weight: this.weight as Float64Array,
      attributes: this.attributes,
      categories: this.categories,
      members: this.members,
      trueStart: this.trueStart as Int32Array,
      trues: this.trues as Uint16Array | Int32Array,
      byCategory: this.byCategory,
      all: this.all,
    };
  }

  /** The next items, in the default order (sort, number). */
  add(items: readonly ListedItem[]): void {
    const trues = this.trues as number[];
    for (const item of items) {
      this.ids.add(item.id);
      (this.noRank as number[]).push(item.noRank);
      for (const l of locales) (this.descriptionRank[l] as number[]).push(item.descriptionRank[l]);
      this.dayText.add(item.dayPrice);
      this.weekText.add(item.weekPrice);
      // NaN stands for null: every comparison with it is false, and the sorts put it last explicitly.
      (this.day as number[]).push(num(item.dayPrice) ?? Number.NaN);
      (this.week as number[]).push(num(item.weekPrice) ?? Number.NaN);
      (this.weight as number[]).push(num(item.weight) ?? Number.NaN);
      for (const id of item.trueAttributes) {
        const k = this.attributeIndex.get(id);
        if (k !== undefined) trues.push(k);
      }
      (this.trueStart as number[]).push(trues.length);
      this.categoryOf?.add(item.categoryId);
    }
  }

  /** The typed arrays and the items of each category, once every item is in; `revision`: the snapshot's. */
  done(revision: number): this {
    this.revision = revision;
    this.ids.done();
    const n = this.ids.size;
    this.noRank = Int32Array.from(this.noRank);
    for (const l of locales) this.descriptionRank[l] = Int32Array.from(this.descriptionRank[l]);
    this.dayText.done();
    this.weekText.done();
    this.day = Float64Array.from(this.day);
    this.week = Float64Array.from(this.week);
    this.weight = Float64Array.from(this.weight);
    const trueStart = Int32Array.from(this.trueStart);
    const trues = this.trues as number[];
    this.members = this.attributes.map(() => new Uint8Array((n + 7) >>> 3));
    for (let i = 0; i < n; i++) {
      for (let t = trueStart[i]; t < trueStart[i + 1]; t++) this.members[trues[t]][i >>> 3] |= 1 << (i & 7);
    }
    this.trueStart = trueStart;
    this.trues = this.attributes.length <= 0xffff ? Uint16Array.from(trues) : Int32Array.from(trues);
    const categories = this.categoryOf as ValueColumn<string | null>;
    categories.done();
    const byCategory = new Map<string | null, number[]>();
    for (let i = 0; i < n; i++) {
      const id = categories.get(i);
      const list = byCategory.get(id) ?? [];
      list.push(i);
      byCategory.set(id, list);
    }
    for (const [id, list] of byCategory) this.byCategory.set(id, Int32Array.from(list));
    this.categoryOf = null;
    this.all = Int32Array.from({ length: n }, (_, i) => i);
    return this;
  }

  /** The items of a category and every category below it, in the default order. */
  private subtree(categoryId: string): Int32Array {
    let ids = this.subtrees.get(categoryId);
    if (!ids) {
      const out: number[] = [];
      const seen = new Set<string>();
      const visit = (id: string) => {
        if (seen.has(id)) return;
        seen.add(id);
        for (const i of this.byCategory.get(id) ?? []) out.push(i);
        for (const child of this.children.get(id) ?? []) visit(child);
      };
      visit(categoryId);
      ids = Int32Array.from(out.sort((a, b) => a - b));
      this.subtrees.set(categoryId, ids);
    }
    return ids;
  }

  private comparator(sort: SortKey, locale: Locale): ((a: number, b: number) => number) | null {
    const { noRank } = this;
    const byNo = (a: number, b: number) => noRank[a] - noRank[b];
    const numeric = (values: ArrayLike<number>, desc: boolean) => (a: number, b: number) => {
      const x = values[a];
      const y = values[b];
      const xNull = Number.isNaN(x);
      const yNull = Number.isNaN(y);
      if (xNull || yNull) return xNull === yNull ? byNo(a, b) : xNull ? 1 : -1;
      return (desc ? y - x : x - y) || byNo(a, b);
    };
    switch (sort) {
      case 'itemNo':
        return byNo;
      case 'itemNoDesc':
        return (a, b) => byNo(b, a);
      case 'description': {
        const rank = this.descriptionRank[locale];
        return (a, b) => rank[a] - rank[b] || byNo(a, b);
      }
      case 'descriptionDesc': {
        const rank = this.descriptionRank[locale];
        return (a, b) => rank[b] - rank[a] || byNo(a, b);
      }
      case 'dayPrice':
        return numeric(this.day, false);
      case 'dayPriceDesc':
        return numeric(this.day, true);
      case 'weekPrice':
        return numeric(this.week, false);
      case 'weekPriceDesc':
        return numeric(this.week, true);
      case 'weight':
        return numeric(this.weight, false);
      case 'weightDesc':
        return numeric(this.weight, true);
      default:
        // default, and relevance without relevance: the items' own order (sort, number)
        return null;
    }
  }

  /**
   * why: two scratch arrays as long as the catalogue, reused by every list() (it never awaits), instead of
   * JS arrays pushed per request: at scale 1000 a category holds up to ~50,000 items, and those arrays were
   * most of a catalogue page's garbage.
   */
  private scratch: [Int32Array, Int32Array] | null = null;

  list(q: ListingQuery): ListingIds {
    const base = q.categoryId === null ? this.all : this.subtree(q.categoryId);
    if (this.scratch === null || this.scratch[0].length < this.all.length)
      this.scratch = [new Int32Array(this.all.length), new Int32Array(this.all.length)];
    const [bfOut, keptOut] = this.scratch;
    // bf: every chosen attribute true (an unknown one: nothing qualifies)
    const chosen = q.filters.bool.map((id) => this.attributeIndex.get(id));
    let bf: Int32Array = base;
    if (chosen.length > 0) {
      if (chosen.some((k) => k === undefined)) bf = bfOut.subarray(0, 0);
      else {
        const sets = (chosen as number[]).map((k) => this.members[k]);
        let n = 0;
        if (sets.length === 1) {
          const m = sets[0];
          for (let j = 0; j < base.length; j++) {
            const i = base[j];
            if ((m[i >>> 3] >>> (i & 7)) & 1) bfOut[n++] = i;
          }
        } else {
          for (let j = 0; j < base.length; j++) {
            const i = base[j];
            let all = true;
            for (let k = 0; k < sets.length && all; k++) all = ((sets[k][i >>> 3] >>> (i & 7)) & 1) === 1;
            if (all) bfOut[n++] = i;
          }
        }
        bf = bfOut.subarray(0, n);
      }
    }
    let prices: ListingRow['prices'] = null;
    let f: Int32Array = bf;
    if (q.withPrices) {
      prices = { dn: 0, dmin: null, dmax: null, wn: 0, wmin: null, wmax: null };
      const { day, week } = this;
      let dn = 0;
      let wn = 0;
      let dmin = -1;
      let dmax = -1;
      let wmin = -1;
      let wmax = -1;
      for (let j = 0; j < bf.length; j++) {
        const i = bf[j];
        const d = day[i];
        if (!Number.isNaN(d)) {
          dn++;
          if (dmin < 0 || d < day[dmin]) dmin = i;
          if (dmax < 0 || d > day[dmax]) dmax = i;
        }
        const w = week[i];
        if (!Number.isNaN(w)) {
          wn++;
          if (wmin < 0 || w < week[wmin]) wmin = i;
          if (wmax < 0 || w > week[wmax]) wmax = i;
        }
      }
      prices.dn = dn;
      prices.wn = wn;
      prices.dmin = dmin < 0 ? null : this.dayText.get(dmin);
      prices.dmax = dmax < 0 ? null : this.dayText.get(dmax);
      prices.wmin = wmin < 0 ? null : this.weekText.get(wmin);
      prices.wmax = wmax < 0 ? null : this.weekText.get(wmax);
      const { dayMin, dayMax, weekMin, weekMax } = q.filters;
      if (dayMin !== undefined || dayMax !== undefined || weekMin !== undefined || weekMax !== undefined) {
        // A null price fails any bound on it (as NULL >= x is not true in SQL): NaN comparisons are false.
        const dLo = dayMin ?? Number.NEGATIVE_INFINITY;
        const dHi = dayMax ?? Number.POSITIVE_INFINITY;
        const wLo = weekMin ?? Number.NEGATIVE_INFINITY;
        const wHi = weekMax ?? Number.POSITIVE_INFINITY;
        const dBound = dayMin !== undefined || dayMax !== undefined;
        const wBound = weekMin !== undefined || weekMax !== undefined;
        let n = 0;
        for (let j = 0; j < bf.length; j++) {
          const i = bf[j];
          if (dBound && !(day[i] >= dLo && day[i] <= dHi)) continue;
          if (wBound && !(week[i] >= wLo && week[i] <= wHi)) continue;
          keptOut[n++] = i;
        }
        f = keptOut.subarray(0, n);
      }
    }
    const counts = new Int32Array(this.attributes.length);
    const { trueStart, trues } = this;
    for (let j = 0; j < f.length; j++) {
      for (let t = trueStart[f[j]], end = trueStart[f[j] + 1]; t < end; t++) counts[trues[t]]++;
    }
    const bools: ListingRow['bools'] = [];
    this.attributes.forEach((a, k) => {
      if (counts[k] === 0 || a.kind !== 'boolean' || !a.filterable) return;
      bools.push({ a: a.id, c: a.code, l: a.label?.[q.locale] ?? a.label?.['nl-NL'] ?? null, n: counts[k] });
    });
    const compare = this.comparator(q.sort, q.locale);
    // copied out of the scratch arrays: the page outlives this call
    const page = compare
      ? f
          .slice()
          .sort(compare)
          .subarray(q.offset, q.offset + q.limit)
      : f.subarray(q.offset, q.offset + q.limit);
    return {
      ids: Array.from(page, (i) => this.ids.get(i)),
      total: f.length,
      bools,
      prices,
      bf_total: bf.length,
    };
  }
}
