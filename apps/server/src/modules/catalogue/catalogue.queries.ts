import { createHash } from 'node:crypto';
import { isLocale, type Locale, locales } from '@mp/contract/i18n';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { Db } from '../../platform/db/database.ts';

// Plain SQL on purpose: the catalogue page, its facets and its count are one round trip (CTEs), and
// the search tests must read the columns the trigram indexes are built on (search_text, migration 0002).

const dialect = new PgDialect();

/**
 * Runs a hot read statement as a named prepared statement: each pooled connection parses it once per
 * shape (the text without its values; word count and filters give a few dozen shapes) and PostgreSQL may
 * keep its plan, instead of parsing and planning ~1 ms of SQL on every request.
 */
export async function executePrepared<T extends Record<string, unknown>>(
  db: Db,
  statement: SQL,
): Promise<T[]> {
  // why: the pool (or client) drizzle runs on; a transaction object has none and takes the plain path.
  const client = (db as { $client?: { query: pg.Pool['query'] } }).$client;
  if (!client) return (await db.execute<T>(statement)).rows as T[];
  const q = dialect.sqlToQuery(statement);
  const name = `mp_${createHash('sha1').update(q.sql).digest('base64url').slice(0, 24)}`;
  const r = await client.query<T>({ name, text: q.sql, values: q.params as unknown[] });
  return r.rows;
}

/** A locale as an SQL literal (partial indexes are chosen by `locale = '<literal>'`, never by a parameter). */
export function localeLiteral(locale: Locale): SQL {
  if (!isLocale(locale)) throw new Error(`not a locale: ${String(locale)}`);
  return sql.raw(`'${locale}'::locale`);
}

/** Description of an item in the locale, nl-NL as fallback, the number as a last resort. */
function descriptionOf(item: SQL, locale: Locale): SQL {
  const nl = sql`(select t.description from item_translations t where t.item_id = ${item} and t.locale = 'nl-NL')`;
  if (locale === 'nl-NL') return sql`coalesce(${nl}, i.item_no)`;
  return sql`coalesce((select t.description from item_translations t where t.item_id = ${item} and t.locale = ${localeLiteral(locale)}), ${nl}, i.item_no)`;
}

function textOf(json: SQL, locale: Locale): SQL {
  return locale === 'nl-NL'
    ? sql`(${json} ->> 'nl-NL')`
    : sql`coalesce(${json} ->> ${sql.raw(`'${locale}'`)}, ${json} ->> 'nl-NL')`;
}

/**
 * Which technical data a card carries: none (hidden from the viewer), in the locale, or in the locale
 * plus every translation (the legacy DTO's `vertalingen`).
 */
export type TechMode = 'none' | 'locale' | 'all';

/** Technical data of item `i` as a JSON array (label and text in the locale). */
function techDataOf(locale: Locale, mode: TechMode): SQL {
  const all = mode === 'all' ? sql`, 'lj', a.label, 'tj', d.text_value` : sql``;
  return sql`(select coalesce(json_agg(json_build_object(
      'c', a.code, 'k', a.kind, 'u', a.unit, 'l', ${textOf(sql`a.label`, locale)},
      'b', d.boolean_value, 'n', d.number_value::text, 't', ${textOf(sql`d.text_value`, locale)}${all}
    ) order by d.sort, a.sort, a.code), '[]'::json)
    from item_tech_data d join tech_attributes a on a.id = d.attribute_id
    where d.item_id = i.id)`;
}

/** The card columns of item `i` (the catalogue item shape before prices are decided). */
function cardColumns(locale: Locale, tech: TechMode): SQL {
  return sql`i.id, i.item_no, ${descriptionOf(sql`i.id`, locale)} as description,
    (select f.sha256 from files f where f.id = i.image_file_id) as image_sha,
    i.category_id, i.rental_type, i.rental_unit,
    i.day_price::text as day_price, i.week_price::text as week_price, i.sale_price::text as sale_price,
    i.weight::text as weight, ${tech === 'none' ? sql`'[]'::json` : techDataOf(locale, tech)} as tech`;
}

export type TechRow = {
  c: string;
  k: 'label' | 'text' | 'boolean' | 'number';
  u: string | null;
  l: string | null;
  b: boolean | null;
  n: string | null;
  t: string | null;
  /** With TechMode 'all': the label and text in every locale. */
  lj?: Partial<Record<Locale, string>>;
  tj?: Partial<Record<Locale, string>> | null;
};

export type CardRow = {
  id: string;
  item_no: string;
  description: string;
  image_sha: string | null;
  category_id: string | null;
  rental_type: 'Verhuur' | 'Verkoop' | 'Verkoop_Terugkoop';
  rental_unit: string;
  day_price: string | null;
  week_price: string | null;
  sale_price: string | null;
  weight: string | null;
  tech: TechRow[];
};

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
  filters: ListingFilters;
  sort: SortKey;
  limit: number;
  offset: number;
  tech: TechMode;
  /** Price filters and price bounds only when the viewer sees prices. */
  withPrices: boolean;
}

function orderBy(sort: SortKey, hasRelevance: boolean): SQL {
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
        order by ${orderBy(input.sort, input.hasRelevance)}
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

// ── items ──────────────────────────────────────────────────────────────────────────────────────

/** Cards of the given item numbers that may be shown (not blocked), in no particular order. */
export async function selectCardsByNo(
  db: Db,
  locale: Locale,
  itemNos: string[],
  tech: TechMode,
): Promise<CardRow[]> {
  if (itemNos.length === 0) return [];
  const r = await db.execute<CardRow>(sql`
    select ${cardColumns(locale, tech)}
    from items i
    where i.item_no in (${sql.join(
      itemNos.map((n) => sql`${n}`),
      sql`, `,
    )}) and not i.blocked`);
  return r.rows;
}

export type DetailsRow = CardRow & {
  long_description: string | null;
};

/** One item by number (exact, else case-insensitive), with its long description. */
export async function selectItemDetails(
  db: Db,
  locale: Locale,
  itemNo: string,
  tech: TechMode,
): Promise<DetailsRow | null> {
  const long =
    locale === 'nl-NL'
      ? sql`(select t.long_description from item_translations t where t.item_id = i.id and t.locale = 'nl-NL')`
      : sql`coalesce(
          (select t.long_description from item_translations t where t.item_id = i.id and t.locale = ${localeLiteral(locale)}),
          (select t.long_description from item_translations t where t.item_id = i.id and t.locale = 'nl-NL'))`;
  const r = await db.execute<DetailsRow>(sql`
    select ${cardColumns(locale, tech)}, ${long} as long_description
    from items i
    where (i.item_no = ${itemNo} or lower(i.item_no) = lower(${itemNo})) and not i.blocked
    order by (i.item_no = ${itemNo}) desc
    limit 1`);
  return r.rows[0] ?? null;
}

export type LinkedRow = CardRow & {
  kind: 'accessory' | 'order_tip';
  amount: number;
};

/** Accessories and order tips of an item, as cards, in their order. */
export async function selectLinkedItems(
  db: Db,
  locale: Locale,
  itemId: string,
  tech: TechMode,
): Promise<LinkedRow[]> {
  const r = await db.execute<LinkedRow>(sql`
    select l.kind, l.amount, ${cardColumns(locale, tech)}
    from item_links l join items i on i.id = l.linked_item_id
    where l.item_id = ${itemId} and not i.blocked
    order by l.kind, l.sort, i.item_no`);
  return r.rows;
}

export type DocumentRow = {
  document_system_id: string;
  title: string;
  category: string;
  document_date: string | null;
};

/** Documents of an item in one document category (manuals, certificates). */
export async function selectItemDocuments(db: Db, itemId: string, category: string): Promise<DocumentRow[]> {
  const r = await db.execute<DocumentRow>(sql`
    select d.document_system_id, d.title, d.category, d.document_date::text as document_date
    from documents d
    where d.item_id = ${itemId} and d.category = ${category}
    order by d.document_date desc nulls last, d.title`);
  return r.rows;
}

// ── read models ────────────────────────────────────────────────────────────────────────────────

/** The catalogue revision (migration 0004): raised by every change of catalogue data. */
export async function selectCatalogueRevision(db: Pick<Db, 'execute'>): Promise<number> {
  const r = await db.execute<{ revision: number }>(sql`select revision from catalogue_revision where id = 1`);
  return r.rows[0]?.revision ?? 0;
}

export async function countItems(db: Pick<Db, 'execute'>): Promise<number> {
  const r = await db.execute<{ n: number }>(sql`select count(*)::int as n from items`);
  return r.rows[0].n;
}

/** The cards of a page by id, in the order given, numbered from `offset + 1` (as listingSql's `items`). */
export async function selectCardsByIds(
  db: Db,
  locale: Locale,
  ids: string[],
  offset: number,
  tech: TechMode,
): Promise<ListingRow['items']> {
  if (ids.length === 0) return [];
  return executePrepared<ListingRow['items'][number]>(
    db,
    sql`
    select u.ord + ${offset} as ord, ${cardColumns(locale, tech)}
    from unnest(${`{${ids.join(',')}}`}::uuid[]) with ordinality as u(id, ord) join items i on i.id = u.id
    order by u.ord`,
  );
}

export type ListedItemRow = {
  id: string;
  category_id: string | null;
  no_rank: number;
  description_rank: Record<Locale, number>;
  day_price: string | null;
  week_price: string | null;
  weight: string | null;
  trues: string[] | null;
};

/**
 * Every listed item (visible in the catalogue, not blocked) in the default order (sort, number), with
 * its ranks by number and by description per locale (so text order is the database's collation).
 */
export async function selectListedItems(db: Pick<Db, 'execute'>): Promise<ListedItemRow[]> {
  const rank = (locale: Locale) => sql`dense_rank() over (order by ${descriptionOf(sql`i.id`, locale)})::int`;
  const r = await db.execute<ListedItemRow>(sql`
    select i.id, i.category_id, row_number() over (order by i.item_no)::int as no_rank,
      json_build_object(${sql.join(
        locales.map((l) => sql`${l}::text, ${rank(l)}`),
        sql`, `,
      )}) as description_rank,
      i.day_price::text as day_price, i.week_price::text as week_price, i.weight::text as weight,
      (select array_agg(d.attribute_id) from item_tech_data d where d.item_id = i.id and d.boolean_value) as trues
    from items i
    where i.visible_in_catalogue and not i.blocked
    order by i.sort, i.item_no`);
  return r.rows;
}

/** Technical attributes in facet order (sort, code). */
export async function selectAttributesForListing(db: Pick<Db, 'execute'>) {
  const r = await db.execute<{
    id: string;
    code: string;
    kind: string;
    filterable: boolean;
    label: Partial<Record<Locale, string | null>> | null;
  }>(sql`select id, code, kind, filterable, label from tech_attributes order by sort, code`);
  return r.rows;
}

export async function selectCategoryParents(db: Pick<Db, 'execute'>) {
  const r = await db.execute<{ id: string; parent_id: string | null }>(
    sql`select id, parent_id from categories`,
  );
  return r.rows;
}

/** The card of every listed item (visible in the catalogue, not blocked) in the locale, technical data included. */
export async function selectListedCards(db: Pick<Db, 'execute'>, locale: Locale): Promise<CardRow[]> {
  const r = await db.execute<CardRow>(sql`
    select ${cardColumns(locale, 'locale')} from items i where i.visible_in_catalogue and not i.blocked`);
  return r.rows;
}
