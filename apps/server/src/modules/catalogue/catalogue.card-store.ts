import { type Locale, locales } from '@mp/contract/i18n';
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

export class CardStore {
  private readonly index = new Map<string, number>();
  private readonly ids: readonly string[];
  private readonly itemNos: readonly string[];
  private readonly descriptions: Record<Locale, readonly string[]>;
  private readonly imageShas: readonly (string | null)[];
  private readonly categoryIds: readonly (string | null)[];
  private readonly rentalTypes: readonly CardRow['rental_type'][];
  private readonly rentalUnits: readonly string[];
  private readonly dayPrices: readonly (string | null)[];
  private readonly weekPrices: readonly (string | null)[];
  private readonly salePrices: readonly (string | null)[];
  private readonly weights: readonly (string | null)[];
  /** Per item: its list of technical data, an index into `techLists`. */
  private readonly techOf: Int32Array;
  private readonly techLists: (readonly Tech[])[] = [];
  /** Per locale: the lists in that locale, made on first use. */
  private readonly views = new Map<Locale, CardLookup>();

  constructor(rows: readonly CardStoreRow[]) {
    const s = new Interner();
    const listIndex = new Map<string, number>();
    this.techOf = new Int32Array(rows.length);
    rows.forEach((r, i) => {
      this.index.set(r.id, i);
      const key = JSON.stringify(r.tech);
      let k = listIndex.get(key);
      if (k === undefined) {
        k = this.techLists.length;
        listIndex.set(key, k);
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
      this.techOf[i] = k;
    });
    this.ids = rows.map((r) => r.id);
    this.itemNos = rows.map((r) => r.item_no);
    // A locale without its own text has the nl-NL one: the same string, held once.
    this.descriptions = Object.fromEntries(
      locales.map((l) => [
        l,
        rows.map((r) =>
          r.descriptions[l] === r.descriptions['nl-NL'] ? r.descriptions['nl-NL'] : r.descriptions[l],
        ),
      ]),
    ) as Record<Locale, string[]>;
    this.imageShas = rows.map((r) => s.of(r.image_sha));
    this.categoryIds = rows.map((r) => s.of(r.category_id));
    this.rentalTypes = rows.map((r) => s.of(r.rental_type));
    this.rentalUnits = rows.map((r) => s.of(r.rental_unit));
    this.dayPrices = rows.map((r) => s.of(r.day_price));
    this.weekPrices = rows.map((r) => s.of(r.week_price));
    this.salePrices = rows.map((r) => s.of(r.sale_price));
    this.weights = rows.map((r) => s.of(r.weight));
  }

  get size(): number {
    return this.ids.length;
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
          const i = this.index.get(id);
          if (i === undefined) return undefined;
          return {
            id: this.ids[i],
            item_no: this.itemNos[i],
            description: descriptions[i],
            image_sha: this.imageShas[i],
            category_id: this.categoryIds[i],
            rental_type: this.rentalTypes[i],
            rental_unit: this.rentalUnits[i],
            day_price: this.dayPrices[i],
            week_price: this.weekPrices[i],
            sale_price: this.salePrices[i],
            weight: this.weights[i],
            tech: techIn(this.techOf[i]) as TechRow[],
          };
        },
      };
      this.views.set(locale, v);
    }
    return v;
  }
}
