import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';

/** A document as the lists show it (location documents, an item's or a plant's documents). */
export type ListedDocumentRow = {
  id: string;
  title: string;
  category: string;
  fileName: string;
  contentType: string;
  size: number;
  /** The document's date (a location's list: else the day it was filed). */
  date: string | null;
};

export interface LocationDocumentFilter {
  locationId: string;
  /** Documenten_LocatieCategorieen: the categories shown, in this order; empty: all, alphabetically. */
  categories: readonly string[];
  /** Documenten_LocatieDocumentNaamFilter: a document shows when its title or file name contains one of these. */
  namePatterns: readonly string[];
  /** Documents of invoices only with AppMaterieelFacturen. */
  invoices: boolean;
  /** Documents of orders only of the kinds whose area the caller holds. */
  orderKinds: readonly string[];
  /** The user's words (each must occur in the title or file name). */
  query?: string;
  /** The user's category. */
  category?: string;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** `*` is the setting's wildcard; anything else is literal. */
export const namePattern = (p: string) => `%${p.trim().split('*').map(escapeLike).join('%')}%`;

const fileColumns = sql`d.document_system_id as id, d.title, d.category, f.file_name as "fileName",
  f.content_type as "contentType", f.size`;
/**
 * A location's list dates each document: its own date, else the day it was filed; an order's note also says which
 * order (its title is written in the requester's language: the list names it in the reader's).
 */
const columns = sql`${fileColumns}, coalesce(d.document_date, d.created_at::date)::text as date,
  o.kind::text as "orderKind", o.order_no as "orderNo"`;
/** An item's or plant's list dates it as GET Items/{itemNo} and GET Documents/{id} do: its own date or none. */
const ownDateColumns = sql`${fileColumns}, d.document_date::text as date`;

// why: accents and case do not matter when matching a name (f_unaccent: the catalogue search's immutable unaccent).
const nameOf = sql`lower(f_unaccent(d.title || ' ' || f.file_name))`;

function locationWhere(f: LocationDocumentFilter, withCategory: boolean): SQL {
  const parts: SQL[] = [
    sql`d.location_id = ${f.locationId}`,
    f.invoices ? sql`true` : sql`d.invoice_id is null`,
    sql`(d.order_id is null or exists (select 1 from plant_orders o where o.id = d.order_id
      and o.kind::text = any(${sql.param([...f.orderKinds])}::text[])))`,
  ];
  if (f.categories.length) parts.push(sql`d.category = any(${sql.param([...f.categories])}::text[])`);
  const patterns = f.namePatterns.map((p) => p.trim()).filter(Boolean);
  if (patterns.length)
    parts.push(
      sql`(${sql.join(
        patterns.map((p) => sql`${nameOf} like lower(f_unaccent(${namePattern(p)}))`),
        sql` or `,
      )})`,
    );
  for (const word of (f.query ?? '').split(/\s+/).filter(Boolean).slice(0, 8))
    parts.push(sql`${nameOf} like lower(f_unaccent(${`%${escapeLike(word)}%`}))`);
  if (withCategory && f.category) parts.push(sql`d.category = ${f.category}`);
  return sql.join(parts, sql` and `);
}

/** How many documents each category holds under the filters (without the user's category). */
export async function selectLocationCategories(
  db: Db,
  f: LocationDocumentFilter,
): Promise<Array<{ category: string; count: number }>> {
  const order = f.categories.length
    ? sql`array_position(${sql.param([...f.categories])}::text[], d.category)`
    : sql`d.category`;
  const r = await db.execute<{ category: string; count: number }>(sql`
    select d.category, count(*)::int as count
    from documents d join files f on f.id = d.file_id
    where ${locationWhere(f, false)}
    group by d.category
    order by min(${order}), d.category`);
  return r.rows;
}

/** One page of the location's documents: by category (the setting's order), newest first, then by title. */
export async function selectLocationDocuments(
  db: Db,
  f: LocationDocumentFilter,
  page: number,
  pageSize: number,
): Promise<Array<ListedDocumentRow & { orderKind: string | null; orderNo: string | null }>> {
  const order = f.categories.length
    ? sql`array_position(${sql.param([...f.categories])}::text[], d.category)`
    : sql`d.category`;
  const r = await db.execute<ListedDocumentRow & { orderKind: string | null; orderNo: string | null }>(sql`
    select ${columns}
    from documents d join files f on f.id = d.file_id left join plant_orders o on o.id = d.order_id
    where ${locationWhere(f, true)}
    order by ${order}, coalesce(d.document_date, d.created_at::date) desc, d.title, d.document_system_id
    limit ${pageSize} offset ${(page - 1) * pageSize}`);
  return r.rows;
}

/** An item's documents in one category (manuals: Documenten_CategorieDocumenten), as the item's details list them. */
export async function selectItemDocumentList(
  db: Db,
  itemId: string,
  category: string,
): Promise<ListedDocumentRow[]> {
  const r = await db.execute<ListedDocumentRow>(sql`
    select ${ownDateColumns}
    from documents d join files f on f.id = d.file_id
    where d.item_id = ${itemId} and d.category = ${category}
    order by d.document_date desc nulls last, d.title`);
  return r.rows;
}

/** A numbered plant on a location (its number in any case), with its item. */
export async function selectPlantAt(
  db: Db,
  plantNo: string,
  locationId: string,
): Promise<{ id: string; itemId: string } | null> {
  const r = await db.execute<{ id: string; itemId: string }>(sql`
    select p.id, p.item_id as "itemId" from plants p
    where (p.plant_no = ${plantNo} or lower(p.plant_no) = lower(${plantNo})) and p.location_id = ${locationId}
    limit 1`);
  return r.rows[0] ?? null;
}

/** A plant's own documents (inspection certificates …), newest first. */
export async function selectPlantDocumentList(db: Db, plantId: string): Promise<ListedDocumentRow[]> {
  const r = await db.execute<ListedDocumentRow>(sql`
    select ${ownDateColumns}
    from documents d join files f on f.id = d.file_id
    where d.plant_id = ${plantId}
    order by coalesce(d.document_date, d.created_at::date) desc, d.title, d.document_system_id`);
  return r.rows;
}
