import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';

/*
 * The catalogue's writes of a page read from the ERP (issue #33, decision 0027), each a set-based statement over
 * the page passed as one JSON array (jsonb_to_recordset with the portal's field names): a page of 1,000 records is
 * a few statements, whatever its size. Rows are keyed by the ERP's id (erp_id); a row the portal already had under
 * the same natural key (item number, category code, attribute code) is adopted first (its erp_id set), so the
 * first sync of a portal that ran without an ERP updates its rows instead of doubling them. Every statement raises
 * catalogue_revision through the statement-level triggers of migration 0004, so the read models rebuild after the
 * commit. The caller runs them in the page's transaction.
 */

type Rows = readonly object[];
const json = (rows: Rows) => sql`${JSON.stringify(rows)}::jsonb`;
const affected = (r: { rowCount: number | null }) => r.rowCount ?? 0;

/** The values of `key` in the page that name no row of `table`.`column` (at most 10), '' left out. */
async function missing(db: Db, rows: Rows, key: string, table: SQL, column: SQL): Promise<string[]> {
  const found = await db.execute<{ v: string }>(sql`
    select distinct x.v from (select jsonb_array_elements(${json(rows)}) ->> ${key} as v) x
    where coalesce(x.v, '') <> '' and not exists (select 1 from ${table} t where t.${column} = x.v)
    order by x.v limit 10`);
  return found.rows.map((row) => row.v);
}

export const missingCategoryCodes = (db: Db, rows: Rows, key: string) =>
  missing(db, rows, key, sql`categories`, sql`code`);
export const missingItemNos = (db: Db, rows: Rows, key: string) =>
  missing(db, rows, key, sql`items`, sql`item_no`);
export const missingAttributeCodes = (db: Db, rows: Rows, key: string) =>
  missing(db, rows, key, sql`tech_attributes`, sql`code`);

// ── categories ───────────────────────────────────────────────────────────────────────────────────

export async function upsertErpCategories(db: Db, rows: Rows): Promise<number> {
  await db.execute(sql`
    update categories c set erp_id = v."erpId"
    from jsonb_to_recordset(${json(rows)}) as v("erpId" uuid, code text)
    where c.code = v.code and c.erp_id is distinct from v."erpId"
      and not exists (select 1 from categories o where o.erp_id = v."erpId")`);
  const r = await db.execute(sql`
    insert into categories (erp_id, code, erp_parent_code, navision_filter, sort)
    select v."erpId", v.code, nullif(v."parentCode", ''), v."navisionFilter", v.sort
    from jsonb_to_recordset(${json(rows)})
      as v("erpId" uuid, code text, "parentCode" text, "navisionFilter" text, sort int)
    on conflict (erp_id) do update set
      code = excluded.code, erp_parent_code = excluded.erp_parent_code,
      navision_filter = excluded.navision_filter, sort = excluded.sort, updated_at = now()
    where (categories.code, categories.erp_parent_code, categories.navision_filter, categories.sort)
      is distinct from (excluded.code, excluded.erp_parent_code, excluded.navision_filter, excluded.sort)`);
  // why: a parent may come in a later page than its child; every page sets what can be set by now.
  await db.execute(sql`
    update categories c set parent_id = p.id, updated_at = now()
    from categories p
    where c.erp_parent_code is not null and p.code = c.erp_parent_code and p.id <> c.id
      and c.parent_id is distinct from p.id`);
  await db.execute(sql`
    update categories c set parent_id = null, updated_at = now()
    from jsonb_to_recordset(${json(rows)}) as v("erpId" uuid, "parentCode" text)
    where c.erp_id = v."erpId" and coalesce(v."parentCode", '') = '' and c.parent_id is not null`);
  return affected(r);
}

export async function upsertErpCategoryTranslations(db: Db, rows: Rows): Promise<number> {
  const page = sql`jsonb_to_recordset(${json(rows)})
    as v("erpId" uuid, "categoryCode" text, locale text, name text)`;
  // a translation the ERP moved to another category or language: the old row goes
  await db.execute(sql`
    delete from category_translations t using ${page}, categories c
    where t.erp_id = v."erpId" and c.code = v."categoryCode"
      and (t.category_id <> c.id or t.locale::text <> v.locale)`);
  const r = await db.execute(sql`
    insert into category_translations (category_id, locale, name, erp_id)
    select c.id, v.locale::locale, v.name, v."erpId" from ${page} join categories c on c.code = v."categoryCode"
    on conflict (category_id, locale) do update set name = excluded.name, erp_id = excluded.erp_id
    where (category_translations.name, category_translations.erp_id) is distinct from (excluded.name, excluded.erp_id)`);
  return affected(r);
}

// ── items ────────────────────────────────────────────────────────────────────────────────────────

async function adoptItems(db: Db, rows: Rows): Promise<void> {
  await db.execute(sql`
    update items i set erp_id = v."erpId"
    from jsonb_to_recordset(${json(rows)}) as v("erpId" uuid, "itemNo" text)
    where i.item_no = v."itemNo" and i.erp_id is distinct from v."erpId"
      and not exists (select 1 from items o where o.erp_id = v."erpId")`);
}

/** BC's items: number, category, blocked; the Dutch description until the ERP has a translation for it. */
export async function upsertErpItems(db: Db, rows: Rows): Promise<number> {
  await adoptItems(db, rows);
  const page = sql`jsonb_to_recordset(${json(rows)})
    as v("erpId" uuid, "itemNo" text, description text, "categoryCode" text, blocked boolean)`;
  const r = await db.execute(sql`
    insert into items (erp_id, item_no, category_id, blocked)
    select v."erpId", v."itemNo", (select c.id from categories c where c.code = v."categoryCode"), v.blocked
    from ${page}
    on conflict (erp_id) do update set
      item_no = excluded.item_no, category_id = excluded.category_id, blocked = excluded.blocked, updated_at = now()
    where (items.item_no, items.category_id, items.blocked)
      is distinct from (excluded.item_no, excluded.category_id, excluded.blocked)`);
  await db.execute(sql`
    insert into item_translations (item_id, locale, description)
    select i.id, 'nl-NL', v.description from ${page} join items i on i.erp_id = v."erpId"
    on conflict (item_id, locale) do update set description = excluded.description
    where item_translations.erp_id is null and item_translations.description is distinct from excluded.description`);
  return affected(r);
}

/** The rental fields of the same items (the custom page rentalItems, same systemId). */
export async function upsertErpRentalItems(db: Db, rows: Rows): Promise<number> {
  await adoptItems(db, rows);
  const r = await db.execute(sql`
    insert into items (erp_id, item_no, rental_type, rental_unit, day_price, week_price, sale_price, buy_back_price,
      weight, numbered, inspection_interval_months, searchable, visible_in_catalogue, sort)
    select v."erpId", v."itemNo", v."rentalType"::rental_type, v."rentalUnit", v."dayPrice", v."weekPrice",
      v."salePrice", v."buyBackPrice", v.weight, v.numbered, v."inspectionIntervalMonths", v.searchable,
      v."visibleInCatalogue", v.sort
    from jsonb_to_recordset(${json(rows)}) as v("erpId" uuid, "itemNo" text, "rentalType" text, "rentalUnit" text,
      "dayPrice" numeric, "weekPrice" numeric, "salePrice" numeric, "buyBackPrice" numeric, weight numeric,
      numbered boolean, "inspectionIntervalMonths" int, searchable boolean, "visibleInCatalogue" boolean, sort int)
    on conflict (erp_id) do update set
      item_no = excluded.item_no, rental_type = excluded.rental_type, rental_unit = excluded.rental_unit,
      day_price = excluded.day_price, week_price = excluded.week_price, sale_price = excluded.sale_price,
      buy_back_price = excluded.buy_back_price, weight = excluded.weight, numbered = excluded.numbered,
      inspection_interval_months = excluded.inspection_interval_months, searchable = excluded.searchable,
      visible_in_catalogue = excluded.visible_in_catalogue, sort = excluded.sort, updated_at = now()
    where (items.item_no, items.rental_type, items.rental_unit, items.day_price, items.week_price, items.sale_price,
        items.buy_back_price, items.weight, items.numbered, items.inspection_interval_months, items.searchable,
        items.visible_in_catalogue, items.sort)
      is distinct from (excluded.item_no, excluded.rental_type, excluded.rental_unit, excluded.day_price,
        excluded.week_price, excluded.sale_price, excluded.buy_back_price, excluded.weight, excluded.numbered,
        excluded.inspection_interval_months, excluded.searchable, excluded.visible_in_catalogue, excluded.sort)`);
  return affected(r);
}

export async function upsertErpItemTranslations(db: Db, rows: Rows): Promise<number> {
  const page = sql`jsonb_to_recordset(${json(rows)})
    as v("erpId" uuid, "itemNo" text, locale text, description text, "longDescription" text)`;
  await db.execute(sql`
    delete from item_translations t using ${page}, items i
    where t.erp_id = v."erpId" and i.item_no = v."itemNo" and (t.item_id <> i.id or t.locale::text <> v.locale)`);
  const r = await db.execute(sql`
    insert into item_translations (item_id, locale, description, long_description, erp_id)
    select i.id, v.locale::locale, v.description, v."longDescription", v."erpId"
    from ${page} join items i on i.item_no = v."itemNo"
    on conflict (item_id, locale) do update set
      description = excluded.description, long_description = excluded.long_description, erp_id = excluded.erp_id
    where (item_translations.description, item_translations.long_description, item_translations.erp_id)
      is distinct from (excluded.description, excluded.long_description, excluded.erp_id)`);
  return affected(r);
}

// ── technical data ───────────────────────────────────────────────────────────────────────────────

export async function upsertErpTechAttributes(db: Db, rows: Rows): Promise<number> {
  const page = sql`jsonb_to_recordset(${json(rows)}) as v("erpId" uuid, code text, kind text, unit text,
    label jsonb, filterable boolean, sort int)`;
  await db.execute(sql`
    update tech_attributes a set erp_id = v."erpId" from ${page}
    where a.code = v.code and a.erp_id is distinct from v."erpId"
      and not exists (select 1 from tech_attributes o where o.erp_id = v."erpId")`);
  const r = await db.execute(sql`
    insert into tech_attributes (erp_id, code, kind, unit, label, filterable, sort)
    select v."erpId", v.code, v.kind::tech_data_kind, v.unit, v.label, v.filterable, v.sort from ${page}
    on conflict (erp_id) do update set code = excluded.code, kind = excluded.kind, unit = excluded.unit,
      label = excluded.label, filterable = excluded.filterable, sort = excluded.sort
    where (tech_attributes.code, tech_attributes.kind, tech_attributes.unit, tech_attributes.label,
        tech_attributes.filterable, tech_attributes.sort)
      is distinct from (excluded.code, excluded.kind, excluded.unit, excluded.label, excluded.filterable, excluded.sort)`);
  return affected(r);
}

/** An item's technical data: the value in the column of the attribute's kind (a heading has none). */
export async function upsertErpItemTechData(db: Db, rows: Rows): Promise<number> {
  const page = sql`jsonb_to_recordset(${json(rows)}) as v("erpId" uuid, "itemNo" text, "attributeCode" text,
    sort int, "booleanValue" boolean, "numberValue" numeric, "textValue" jsonb)`;
  await db.execute(sql`
    delete from item_tech_data t using ${page}, items i, tech_attributes a
    where t.erp_id = v."erpId" and i.item_no = v."itemNo" and a.code = v."attributeCode"
      and (t.item_id <> i.id or t.attribute_id <> a.id)`);
  const r = await db.execute(sql`
    insert into item_tech_data (item_id, attribute_id, sort, boolean_value, number_value, text_value, erp_id)
    select i.id, a.id, v.sort,
      case when a.kind = 'boolean' then coalesce(v."booleanValue", false) end,
      case when a.kind = 'number' then v."numberValue" end,
      case when a.kind = 'text' then v."textValue" end,
      v."erpId"
    from ${page} join items i on i.item_no = v."itemNo" join tech_attributes a on a.code = v."attributeCode"
    on conflict (item_id, attribute_id) do update set sort = excluded.sort, boolean_value = excluded.boolean_value,
      number_value = excluded.number_value, text_value = excluded.text_value, erp_id = excluded.erp_id
    where (item_tech_data.sort, item_tech_data.boolean_value, item_tech_data.number_value, item_tech_data.text_value,
        item_tech_data.erp_id)
      is distinct from (excluded.sort, excluded.boolean_value, excluded.number_value, excluded.text_value,
        excluded.erp_id)`);
  return affected(r);
}

/**
 * Item links (accessories, order tips): keyed by the ERP's id; the portal's link of the same item, kind and linked
 * item is adopted. A link the ERP moved to another item or linked item replaces the one there.
 */
export async function upsertErpItemLinks(db: Db, rows: Rows): Promise<number> {
  const page = sql`(select v.*, i.id as item_id, li.id as linked_id
    from jsonb_to_recordset(${json(rows)}) as v("erpId" uuid, "itemNo" text, kind text, "linkedItemNo" text,
      amount int, sort int)
    join items i on i.item_no = v."itemNo" join items li on li.item_no = v."linkedItemNo") v`;
  // why: the natural key is the primary key, so an ERP id moved to another key frees its old row first
  await db.execute(sql`
    delete from item_links l using ${page}
    where l.erp_id = v."erpId" and (l.item_id, l.kind::text, l.linked_item_id) <> (v.item_id, v.kind, v.linked_id)`);
  const r = await db.execute(sql`
    insert into item_links (item_id, linked_item_id, kind, amount, sort, erp_id)
    select v.item_id, v.linked_id, v.kind::item_link_kind, v.amount, v.sort, v."erpId" from ${page}
    on conflict (item_id, kind, linked_item_id) do update set amount = excluded.amount, sort = excluded.sort,
      erp_id = excluded.erp_id
    where (item_links.amount, item_links.sort, item_links.erp_id)
      is distinct from (excluded.amount, excluded.sort, excluded.erp_id)`);
  return affected(r);
}

// ── deletions ────────────────────────────────────────────────────────────────────────────────────

const ids = (erpIds: readonly string[]) => sql`${JSON.stringify(erpIds)}::jsonb`;
const idIn = (column: SQL, erpIds: readonly string[]) =>
  sql`${column} in (select x::uuid from jsonb_array_elements_text(${ids(erpIds)}) x)`;

export async function deleteErpRows(
  db: Db,
  table: 'category_translations' | 'item_translations' | 'item_tech_data' | 'item_links',
  erpIds: readonly string[],
): Promise<number> {
  const r = await db.execute(sql`delete from ${sql.identifier(table)} where ${idIn(sql`erp_id`, erpIds)}`);
  return affected(r);
}

/** Deleted categories: their subcategories move up to the deleted one's parent, their items lose the category. */
export async function deleteErpCategories(db: Db, erpIds: readonly string[]): Promise<number> {
  await db.execute(sql`
    update categories c set parent_id = d.parent_id, updated_at = now() from categories d
    where c.parent_id = d.id and ${idIn(sql`d.erp_id`, erpIds)}`);
  const r = await db.execute(sql`delete from categories where ${idIn(sql`erp_id`, erpIds)}`);
  return affected(r);
}

/** A deleted attribute takes its values with it. */
export async function deleteErpTechAttributes(db: Db, erpIds: readonly string[]): Promise<number> {
  await db.execute(sql`
    delete from item_tech_data t using tech_attributes a
    where t.attribute_id = a.id and ${idIn(sql`a.erp_id`, erpIds)}`);
  const r = await db.execute(sql`delete from tech_attributes where ${idIn(sql`erp_id`, erpIds)}`);
  return affected(r);
}

/** The portal ids of items by their ERP ids. */
export async function selectItemIdsByErpId(db: Db, erpIds: readonly string[]): Promise<string[]> {
  const r = await db.execute<{ id: string }>(sql`select id from items where ${idIn(sql`erp_id`, erpIds)}`);
  return r.rows.map((row) => row.id);
}

export async function deleteItem(db: Db, id: string): Promise<void> {
  await db.execute(sql`delete from items where id = ${id}`);
}

/** An item the ERP deleted that the portal's history still names: out of the catalogue, blocked, kept. */
export async function retireItem(db: Db, id: string): Promise<void> {
  await db.execute(sql`
    update items set blocked = true, searchable = false, visible_in_catalogue = false, updated_at = now()
    where id = ${id}`);
}

/**
 * Rows of the catalogue's tables this transaction has inserted, updated or deleted so far (PostgreSQL's own count of
 * the transaction, subtransactions included): whether a page changed anything.
 */
export async function catalogueRowsWritten(db: Db): Promise<number> {
  const r = await db.execute<{ n: number }>(sql`
    select coalesce(sum(n_tup_ins + n_tup_upd + n_tup_del), 0)::bigint as n from pg_stat_xact_user_tables
    where relname in ('categories', 'category_translations', 'items', 'item_translations', 'tech_attributes',
      'item_tech_data', 'item_links')`);
  return Number(r.rows[0]?.n ?? 0);
}
