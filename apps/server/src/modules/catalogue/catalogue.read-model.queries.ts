import { type Locale, locales } from '@mp/contract/i18n';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import type { ListingRow } from './catalogue.queries.ts';

// Plain SQL on purpose: the catalogue page, its facets and its count are one round trip (CTEs), and
// the search tests must read the columns the trigram indexes are built on (search_text, migration 0002).

import {
  type CardRow,
  cardColumns,
  descriptionOf,
  executePrepared,
  type TechMode,
} from './catalogue.common.queries.ts';

// ── read models ────────────────────────────────────────────────────────────────────────────────

/** The catalogue revision (migration 0004): raised by every change of catalogue data. */
export async function selectCatalogueRevision(db: Pick<Db, 'execute'>): Promise<number> {
  const r = await db.execute<{ revision: number }>(sql`select revision from catalogue_revision where id = 1`);
  return r.rows[0]?.revision ?? 0;
}

/**
 * This transaction's snapshot for another connection (pg_export_snapshot): a worker thread's build reads in it
 * while this transaction stays open (catalogue.read-model.ts).
 */
export async function exportSnapshot(tx: Pick<Db, 'execute'>): Promise<string> {
  const r = await tx.execute<{ snapshot: string }>(sql`select pg_export_snapshot() as snapshot`);
  return r.rows[0].snapshot;
}

/** Reads this (REPEATABLE READ) transaction in another one's exported snapshot: its first statement. */
export async function useSnapshot(tx: Pick<Db, 'execute'>, snapshot: string): Promise<void> {
  if (!/^[0-9A-F-]+$/i.test(snapshot)) throw new Error(`not a snapshot id: ${snapshot}`);
  await tx.execute(sql.raw(`set transaction snapshot '${snapshot}'`));
}

let cursors = 0;

/**
 * The rows of `query` in batches of `size` through a cursor, inside the caller's transaction (a read model's
 * snapshot): a build holds one batch of rows at a time, and the event loop is free while the next is read.
 */
export async function inBatches<T>(
  tx: Pick<Db, 'execute'>,
  query: SQL,
  size: number,
  each: (rows: T[]) => void,
): Promise<void> {
  const name = sql.raw(`mp_read_${++cursors}`);
  await tx.execute(sql`declare ${name} no scroll cursor for ${query}`);
  for (;;) {
    const r = await tx.execute<T & Record<string, unknown>>(
      sql`fetch forward ${sql.raw(String(size))} from ${name}`,
    );
    if (r.rows.length > 0) each(r.rows as T[]);
    if (r.rows.length < size) break;
  }
  await tx.execute(sql`close ${name}`);
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
export function listedItemsSql(): SQL {
  const rank = (locale: Locale) => sql`dense_rank() over (order by ${descriptionOf(sql`i.id`, locale)})::int`;
  return sql`
    select i.id, i.category_id, row_number() over (order by i.item_no)::int as no_rank,
      json_build_object(${sql.join(
        locales.map((l) => sql`${l}::text, ${rank(l)}`),
        sql`, `,
      )}) as description_rank,
      i.day_price::text as day_price, i.week_price::text as week_price, i.weight::text as weight,
      (select array_agg(d.attribute_id) from item_tech_data d where d.item_id = i.id and d.boolean_value) as trues
    from items i
    where i.visible_in_catalogue and not i.blocked
    order by i.sort, i.item_no`;
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

/** A listed item's card in every locale at once: the card store's rows (catalogue.card-store.ts). */
export type CardStoreRow = Omit<CardRow, 'description' | 'tech'> & {
  /** descriptionOf() in each locale read (its nl-NL fallback and the number as a last resort included) */
  descriptions: Partial<Record<Locale, string>> & { 'nl-NL': string };
  /** Technical data with every translation (TechMode 'all'): `lj`/`tj` hold the label and text per locale. */
  tech: CardRow['tech'];
};

/**
 * Every listed item's card (visible in the catalogue, not blocked) with its descriptions in `held` (nl-NL
 * always), by id: the order a locale's texts (cardTextRowsSql) are read in, row for row.
 */
export function cardStoreRowsSql(held: readonly Locale[] = locales): SQL {
  return sql`
    select ${cardColumns('nl-NL', 'all')},
      json_build_object(${sql.join(
        held.map((l) => sql`${l}::text, ${descriptionOf(sql`i.id`, l)}`),
        sql`, `,
      )}) as descriptions
    from items i where i.visible_in_catalogue and not i.blocked
    order by i.id`;
}

/** A locale's description of every listed item next to the nl-NL one, in the card store's order (by id). */
export function cardTextRowsSql(locale: Locale): SQL {
  return sql`
    select ${descriptionOf(sql`i.id`, 'nl-NL')} as nl, ${descriptionOf(sql`i.id`, locale)} as text
    from items i where i.visible_in_catalogue and not i.blocked
    order by i.id`;
}
