import { createHash } from 'node:crypto';
import { isLocale, type Locale } from '@mp/contract/i18n';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { Db } from '../../platform/db/database.ts';

// Plain SQL on purpose: the catalogue page, its facets and its count are one round trip (CTEs), and
// the search tests must read the columns the trigram indexes are built on (search_text, migration 0002).

// The SQL building blocks the catalogue's statements share: prepared execution, locale literals, the card columns.

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
export function descriptionOf(item: SQL, locale: Locale): SQL {
  const nl = sql`(select t.description from item_translations t where t.item_id = ${item} and t.locale = 'nl-NL')`;
  if (locale === 'nl-NL') return sql`coalesce(${nl}, i.item_no)`;
  return sql`coalesce((select t.description from item_translations t where t.item_id = ${item} and t.locale = ${localeLiteral(locale)}), ${nl}, i.item_no)`;
}

export function textOf(json: SQL, locale: Locale): SQL {
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
export function techDataOf(locale: Locale, mode: TechMode): SQL {
  const all = mode === 'all' ? sql`, 'lj', a.label, 'tj', d.text_value` : sql``;
  return sql`(select coalesce(json_agg(json_build_object(
      'c', a.code, 'k', a.kind, 'u', a.unit, 'l', ${textOf(sql`a.label`, locale)},
      'b', d.boolean_value, 'n', d.number_value::text, 't', ${textOf(sql`d.text_value`, locale)}${all}
    ) order by d.sort, a.sort, a.code), '[]'::json)
    from item_tech_data d join tech_attributes a on a.id = d.attribute_id
    where d.item_id = i.id)`;
}

/** The card columns of item `i` (the catalogue item shape before prices are decided). */
export function cardColumns(locale: Locale, tech: TechMode): SQL {
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
