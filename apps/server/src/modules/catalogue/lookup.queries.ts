import type { Locale } from '@mp/contract/i18n';
import { and, eq, like, or, sql } from 'drizzle-orm';
import { documents, files, items } from '../../db/schema/index.ts';
import type { Db } from '../../platform/db/database.ts';
import { runStatement, type Statement, statement } from '../../platform/db/prepared.ts';

export type ItemRow = {
  id: string;
  itemNo: string;
  description: string;
  rentalType: 'Verhuur' | 'Verkoop' | 'Verkoop_Terugkoop';
  rentalUnit: string;
  dayPrice: string | null;
  weekPrice: string | null;
  salePrice: string | null;
  weight: string | null;
  blocked: boolean;
  imageSha: string | null;
};

export type SetRow = {
  id: string;
  setNo: string;
  description: string;
  longDescription: string | null;
  active: boolean;
  imageSha: string | null;
};

// why: looked up on every change of an order list and every submit, so prepared statements (parsed and
// planned once per connection, docs/decisions/0011).
/**
 * The item columns of ItemRow for the rows `where` selects (`$2` = the locale). Numbers as text, so they
 * stay exact decimal strings when a statement wraps the rows in JSON.
 */
export function itemRowsSql(where: string): string {
  return `select i.id, i.item_no as "itemNo", coalesce(tl.description, tn.description, i.item_no) as description,
    i.rental_type as "rentalType", i.rental_unit as "rentalUnit", i.day_price::text as "dayPrice",
    i.week_price::text as "weekPrice", i.sale_price::text as "salePrice", i.weight::text as weight, i.blocked,
    (select f.sha256 from files f where f.id = i.image_file_id) as "imageSha"
  from items i
  left join item_translations tl on tl.item_id = i.id and tl.locale = $2::locale
  left join item_translations tn on tn.item_id = i.id and tn.locale = 'nl-NL'
  where ${where}`;
}
const itemsWhere = (where: string) => statement(itemRowsSql(where));
export const itemsByNoStatement = itemsWhere('i.item_no = any($1::text[])');
export const itemsByIdStatement = itemsWhere('i.id = any($1::uuid[])');
export const itemsByIdOrNoStatement = itemsWhere('i.id = any($1::uuid[]) or i.item_no = any($3::text[])');

/** The set columns of SetRow for the rows `where` selects (`$2` = the locale). */
export function setRowsSql(where: string): string {
  return `select s.id, s.set_no as "setNo", coalesce(sl.description, sn.description, s.set_no) as description,
    coalesce(sl.long_description, sn.long_description) as "longDescription", s.active,
    (select f.sha256 from files f where f.id = s.image_file_id) as "imageSha"
  from sets s
  left join set_translations sl on sl.set_id = s.id and sl.locale = $2::locale
  left join set_translations sn on sn.set_id = s.id and sn.locale = 'nl-NL'
  where ${where}`;
}
const setsWhere = (where: string) => statement(setRowsSql(where));
export const setsByNoStatement = setsWhere('s.set_no = any($1::text[])');
export const setsByIdStatement = setsWhere('s.id = any($1::uuid[])');

/** Items by number or id (itemsByNoStatement, itemsByIdStatement), described in a locale (nl-NL, then the number). */
export async function selectItems(db: Db, locale: Locale, st: Statement, keys: string[]): Promise<ItemRow[]> {
  return runStatement<ItemRow>(db, st, [keys, locale]);
}

/** Sets by number or id (setsByNoStatement, setsByIdStatement), described in a locale. */
export async function selectSets(db: Db, locale: Locale, st: Statement, keys: string[]): Promise<SetRow[]> {
  return runStatement<SetRow>(db, st, [keys, locale]);
}

// ── an item's pictures ───────────────────────────────────────────────────────────────────────

const isUuid = (s: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s);

export interface ItemPicture {
  id: string;
  contentType: string;
  sha256: string;
}

/** The item (by item number, or by id) with its main image file, if it has one. */
export async function selectItemWithImage(db: Db, idOrNo: string) {
  const [row] = await db
    .select({
      id: items.id,
      itemNo: items.itemNo,
      imageFileId: items.imageFileId,
      imageContentType: files.contentType,
      imageSha: files.sha256,
    })
    .from(items)
    .leftJoin(files, eq(files.id, items.imageFileId))
    .where(isUuid(idOrNo) ? or(eq(items.id, idOrNo), eq(items.itemNo, idOrNo)) : eq(items.itemNo, idOrNo))
    .limit(1);
  return row ?? null;
}

/** Image documents of an item in one category (extra pictures: Documenten_CategorieAfbeeldingen), oldest first. */
export async function selectItemImageDocuments(
  db: Db,
  itemId: string,
  category: string,
): Promise<ItemPicture[]> {
  return db
    .select({ id: files.id, contentType: files.contentType, sha256: files.sha256 })
    .from(documents)
    .innerJoin(files, eq(files.id, documents.fileId))
    .where(
      and(eq(documents.itemId, itemId), eq(documents.category, category), like(files.contentType, 'image/%')),
    )
    .orderBy(documents.createdAt, documents.id);
}

// ── what is delivered with an item ───────────────────────────────────────────────────────────

export type AccessoryRow = { itemId: string; accessoryId: string; accessoryNo: string; perPiece: number };

/** The items delivered with these items (item_links of kind accessory: MeegeleverdeItems), blocked ones left out. */
export async function selectAccessories(db: Db, itemIds: readonly string[]): Promise<AccessoryRow[]> {
  const r = await db.execute<AccessoryRow>(sql`
    select l.item_id as "itemId", a.id as "accessoryId", a.item_no as "accessoryNo", l.amount as "perPiece"
    from item_links l join items a on a.id = l.linked_item_id
    where l.item_id = any(${sql.param([...itemIds])}::uuid[]) and l.kind = 'accessory' and not a.blocked
    order by l.item_id, l.sort, a.item_no`);
  return r.rows;
}

// ── an item's category (the stock screen's category filter) ─────────────────────────────────

export type ItemCategoryRow = {
  itemId: string;
  categoryId: string | null;
  categoryName: string | null;
};

/** The category of each item with its name in a locale (nl-NL, then the code). */
export async function selectItemCategories(
  db: Db,
  locale: Locale,
  itemIds: string[],
): Promise<ItemCategoryRow[]> {
  const r = await db.execute<ItemCategoryRow>(sql`
    select i.id as "itemId", c.id as "categoryId", coalesce(tl.name, tn.name, c.code) as "categoryName"
    from items i
    left join categories c on c.id = i.category_id
    left join category_translations tl on tl.category_id = c.id and tl.locale = ${locale}::locale
    left join category_translations tn on tn.category_id = c.id and tn.locale = 'nl-NL'
    where i.id = any(${sql.param(itemIds)}::uuid[])`);
  return r.rows;
}
