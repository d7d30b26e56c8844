import type { Locale } from '@mp/contract/i18n';
import { and, eq, inArray, like, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { documents, files, items, itemTranslations, sets, setTranslations } from '../../db/schema/index.ts';
import type { Db } from '../../platform/db/database.ts';

const tLoc = alias(itemTranslations, 't_loc');
const tNl = alias(itemTranslations, 't_nl');
const sLoc = alias(setTranslations, 's_loc');
const sNl = alias(setTranslations, 's_nl');
const itemImage = alias(files, 'item_image');
const setImage = alias(files, 'set_image');

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

/** Items by number or id (`where` on items.item_no or items.id), described in a locale (nl-NL, then the number). */
export async function selectItems(db: Db, locale: Locale, where: SQL): Promise<ItemRow[]> {
  return db
    .select({
      id: items.id,
      itemNo: items.itemNo,
      description: sql<string>`coalesce(${tLoc.description}, ${tNl.description}, ${items.itemNo})`,
      rentalType: items.rentalType,
      rentalUnit: items.rentalUnit,
      dayPrice: items.dayPrice,
      weekPrice: items.weekPrice,
      salePrice: items.salePrice,
      weight: items.weight,
      blocked: items.blocked,
      imageSha: itemImage.sha256,
    })
    .from(items)
    .leftJoin(tLoc, and(eq(tLoc.itemId, items.id), eq(tLoc.locale, locale)))
    .leftJoin(tNl, and(eq(tNl.itemId, items.id), eq(tNl.locale, 'nl-NL')))
    .leftJoin(itemImage, eq(itemImage.id, items.imageFileId))
    .where(where);
}

export const itemNoIn = (nos: string[]) => inArray(items.itemNo, nos);
export const itemIdIn = (ids: string[]) => inArray(items.id, ids);
export const setNoIn = (nos: string[]) => inArray(sets.setNo, nos);
export const setIdIn = (ids: string[]) => inArray(sets.id, ids);

export async function selectSets(db: Db, locale: Locale, where: SQL): Promise<SetRow[]> {
  return db
    .select({
      id: sets.id,
      setNo: sets.setNo,
      description: sql<string>`coalesce(${sLoc.description}, ${sNl.description}, ${sets.setNo})`,
      longDescription: sql<string | null>`coalesce(${sLoc.longDescription}, ${sNl.longDescription})`,
      active: sets.active,
      imageSha: setImage.sha256,
    })
    .from(sets)
    .leftJoin(sLoc, and(eq(sLoc.setId, sets.id), eq(sLoc.locale, locale)))
    .leftJoin(sNl, and(eq(sNl.setId, sets.id), eq(sNl.locale, 'nl-NL')))
    .leftJoin(setImage, eq(setImage.id, sets.imageFileId))
    .where(where);
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

/** Image documents of an item (extra pictures), oldest first. */
export async function selectItemImageDocuments(db: Db, itemId: string): Promise<ItemPicture[]> {
  return db
    .select({ id: files.id, contentType: files.contentType, sha256: files.sha256 })
    .from(documents)
    .innerJoin(files, eq(files.id, documents.fileId))
    .where(and(eq(documents.itemId, itemId), like(files.contentType, 'image/%')))
    .orderBy(documents.createdAt, documents.id);
}
