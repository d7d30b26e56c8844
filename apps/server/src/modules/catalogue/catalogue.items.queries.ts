import type { Locale } from '@mp/contract/i18n';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';

// Plain SQL on purpose: the catalogue page, its facets and its count are one round trip (CTEs), and
// the search tests must read the columns the trigram indexes are built on (search_text, migration 0002).

import { type CardRow, cardColumns, localeLiteral, type TechMode } from './catalogue.common.queries.ts';

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
