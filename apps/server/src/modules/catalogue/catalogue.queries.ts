import type { Locale } from '@mp/contract/i18n';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';

// Plain SQL on purpose: the catalogue page, its facets and its count are one round trip (CTEs), and
// the search tests must read the columns the trigram indexes are built on (search_text, migration 0002).

import {
  type CardRow,
  cardColumns,
  descriptionOf,
  executePrepared,
  localeLiteral,
  type TechMode,
  textOf,
} from './catalogue.common.queries.ts';

// Categories and the catalogue listing (catalogue page, search list). Items: catalogue.items.queries.ts;
// what the read models load: catalogue.read-model.queries.ts; shared building blocks: catalogue.common.queries.ts.

// ── categories ─────────────────────────────────────────────────────────────────────────────────

export type CategoryRow = {
  id: string;
  parent_id: string | null;
  code: string;
  name: string;
  navision_filter: string | null;
  image_sha: string | null;
  sort: number;
  item_count: number;
};

export async function selectCategories(db: Db, locale: Locale): Promise<CategoryRow[]> {
  const name = (c: string) =>
    locale === 'nl-NL'
      ? sql`(select n.name from category_translations n where n.category_id = ${sql.raw(c)}.id and n.locale = 'nl-NL')`
      : sql`coalesce(
          (select n.name from category_translations n where n.category_id = ${sql.raw(c)}.id and n.locale = ${localeLiteral(locale)}),
          (select n.name from category_translations n where n.category_id = ${sql.raw(c)}.id and n.locale = 'nl-NL'))`;
  const r = await db.execute<CategoryRow>(sql`
    select c.id, c.parent_id, c.code, coalesce(${name('c')}, c.code) as name, c.navision_filter,
      (select f.sha256 from files f where f.id = c.image_file_id) as image_sha, c.sort,
      coalesce(n.count, 0)::int as item_count
    from categories c
    left join (
      select category_id, count(*) as count from items
      where visible_in_catalogue and not blocked group by category_id
    ) n on n.category_id = c.id
    order by c.sort, name, c.code`);
  return r.rows;
}

// ── catalogue page / search list ───────────────────────────────────────────────────────────────

export type SortKey =
  | 'default'
  | 'relevance'
  | 'itemNo'
  | 'itemNoDesc'
  | 'description'
  | 'descriptionDesc'
  | 'dayPrice'
  | 'dayPriceDesc'
  | 'weekPrice'
  | 'weekPriceDesc'
  | 'weight'
  | 'weightDesc';

export interface ListingFilters {
  /** Boolean attribute ids that must all be true. */
  bool: string[];
  dayMin?: number;
  dayMax?: number;
  weekMin?: number;
  weekMax?: number;
}

export interface ListingInput {
  locale: Locale;
  /**
   * The candidate set: a query yielding `listedColumns` of `items i` (and for a search `n` = matched
   * words, `rel` = relevance), already restricted to what may be listed.
   */
  base: SQL;
  hasRelevance: boolean;
  /** The base carries `tier` (search across languages): relevance orders by it first. */
  tiered?: boolean;
  filters: ListingFilters;
  sort: SortKey;
  limit: number;
  offset: number;
  tech: TechMode;
  /** Price filters and price bounds only when the viewer sees prices. */
  withPrices: boolean;
}

function orderBy(sort: SortKey, hasRelevance: boolean, tiered = false): SQL {
  switch (sort) {
    case 'itemNo':
      return sql`i.item_no`;
    case 'itemNoDesc':
      return sql`i.item_no desc`;
    case 'description':
      return sql`d.description, i.item_no`;
    case 'descriptionDesc':
      return sql`d.description desc, i.item_no`;
    case 'dayPrice':
      return sql`i.day_price nulls last, i.item_no`;
    case 'dayPriceDesc':
      return sql`i.day_price desc nulls last, i.item_no`;
    case 'weekPrice':
      return sql`i.week_price nulls last, i.item_no`;
    case 'weekPriceDesc':
      return sql`i.week_price desc nulls last, i.item_no`;
    case 'weight':
      return sql`i.weight nulls last, i.item_no`;
    case 'weightDesc':
      return sql`i.weight desc nulls last, i.item_no`;
    case 'relevance':
      if (hasRelevance && tiered) return sql`i.tier, i.n desc, i.rel desc, i.item_no`;
      if (hasRelevance) return sql`i.n desc, i.rel desc, i.item_no`;
      return sql`i.sort, i.item_no`;
    default:
      return sql`i.sort, i.item_no`;
  }
}

/**
 * One statement for a whole list page: total, the page's cards (with technical data), boolean facet
 * counts over the filtered set and price bounds over the set before the price filters.
 */
export function listingSql(input: ListingInput): SQL {
  const { locale, filters } = input;
  const boolChecks = filters.bool.map(
    (a) =>
      sql` and exists (select 1 from item_tech_data t where t.item_id = b.id and t.attribute_id = ${a} and t.boolean_value)`,
  );
  const priceChecks: SQL[] = [];
  if (input.withPrices) {
    if (filters.dayMin !== undefined) priceChecks.push(sql` and i.day_price >= ${filters.dayMin}`);
    if (filters.dayMax !== undefined) priceChecks.push(sql` and i.day_price <= ${filters.dayMax}`);
    if (filters.weekMin !== undefined) priceChecks.push(sql` and i.week_price >= ${filters.weekMin}`);
    if (filters.weekMax !== undefined) priceChecks.push(sql` and i.week_price <= ${filters.weekMax}`);
  }
  const needsDescription = input.sort === 'description' || input.sort === 'descriptionDesc';
  const prices = input.withPrices
    ? sql`(select json_build_object(
          'dn', count(day_price), 'dmin', min(day_price)::text, 'dmax', max(day_price)::text,
          'wn', count(week_price), 'wmin', min(week_price)::text, 'wmax', max(week_price)::text)
        from bf)`
    : sql`null::json`;
  return sql`
    with base as materialized (${input.base}),
    bf as materialized (
      select b.* from base b where true${sql.join(boolChecks)}
    ),
    f as materialized (
      select i.* from bf i where true${sql.join(priceChecks)}
    ),
    -- why: a top-N sort of the ids (array keeps their order) instead of numbering every row of f.
    pg as (
      select u.id, u.ord + ${input.offset} as ord from unnest(array(
        select i.id from f i
        ${needsDescription ? sql`cross join lateral (select ${descriptionOf(sql`i.id`, locale)} as description) d` : sql``}
        order by ${orderBy(input.sort, input.hasRelevance, input.tiered)}
        limit ${input.limit} offset ${input.offset}
      )) with ordinality as u(id, ord)
    )
    select
      (select count(*) from f)::int as total,
      (select coalesce(json_agg(c order by c.ord), '[]'::json) from (
        select pg.ord, ${cardColumns(locale, input.tech)}
        from pg join items i on i.id = pg.id
      ) c) as items,
      (select coalesce(json_agg(json_build_object('a', a.id, 'c', a.code, 'l', ${textOf(sql`a.label`, locale)}, 'n', x.n)
          order by a.sort, a.code), '[]'::json)
        from (
          select t.attribute_id, count(*)::int as n
          from f join item_tech_data t on t.item_id = f.id
          where t.boolean_value
          group by t.attribute_id
        ) x join tech_attributes a on a.id = x.attribute_id
        where a.kind = 'boolean' and a.filterable) as bools,
      ${prices} as prices,
      (select count(*) from bf)::int as bf_total`;
}

export type ListingRow = {
  total: number;
  items: (CardRow & { ord: number })[];
  bools: { a: string; c: string; l: string | null; n: number }[];
  prices: {
    dn: number;
    dmin: string | null;
    dmax: string | null;
    wn: number;
    wmin: string | null;
    wmax: string | null;
  } | null;
  bf_total: number;
};

export async function selectListing(db: Db, input: ListingInput): Promise<ListingRow> {
  const rows = await executePrepared<ListingRow>(db, listingSql(input));
  return rows[0];
}

/** The columns a listing's candidate set carries (what filters and sorting need, no second lookup). */
export const listedColumns = sql.raw('i.id, i.sort, i.item_no, i.day_price, i.week_price, i.weight');

/** The catalogue's candidate set: items listed in the category or any category below it. */
export function categoryBase(categoryId: string): SQL {
  return sql`
    with recursive tree(id) as (
      select id from categories where id = ${categoryId}
      union all
      select c.id from categories c join tree on c.parent_id = tree.id
    )
    select ${listedColumns} from items i
    where i.category_id = any (array(select id from tree)) and i.visible_in_catalogue and not i.blocked`;
}

/** The whole catalogue: every listed item (the page of the empty category id). */
export function allListedBase(): SQL {
  return sql`select ${listedColumns} from items i where i.visible_in_catalogue and not i.blocked`;
}

/** Labels of boolean attributes (to name selected filters the current set no longer holds). */
export async function selectBooleanAttributes(
  db: Db,
  locale: Locale,
  ids: string[],
): Promise<{ a: string; c: string; l: string | null }[]> {
  if (ids.length === 0) return [];
  const r = await db.execute<{ a: string; c: string; l: string | null }>(sql`
    select a.id as a, a.code as c, ${textOf(sql`a.label`, locale)} as l
    from tech_attributes a
    where a.id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )}) and a.kind = 'boolean'`);
  return r.rows;
}

export async function selectCategory(
  db: Db,
  locale: Locale,
  id: string,
): Promise<{ id: string; parent_id: string | null; name: string } | null> {
  const name =
    locale === 'nl-NL'
      ? sql`(select n.name from category_translations n where n.category_id = c.id and n.locale = 'nl-NL')`
      : sql`coalesce(
          (select n.name from category_translations n where n.category_id = c.id and n.locale = ${localeLiteral(locale)}),
          (select n.name from category_translations n where n.category_id = c.id and n.locale = 'nl-NL'))`;
  const r = await db.execute<{ id: string; parent_id: string | null; name: string }>(sql`
    select c.id, c.parent_id, coalesce(${name}, c.code) as name from categories c where c.id = ${id}`);
  return r.rows[0] ?? null;
}
