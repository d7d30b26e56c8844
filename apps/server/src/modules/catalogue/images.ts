import type { Db } from '../../platform/db/database.ts';
import { invalidateCatalogueCaches } from './catalogue.cache.ts';
import {
  selectCatalogueUsesFile,
  selectCategoryImage,
  selectIsItemImageFile,
  selectItemImage,
  selectSetImage,
  updateCategoryImage,
  updateItemImage,
  updateSetImage,
} from './images.queries.ts';

/*
 * The image slots of catalogue entities, for the images area (which stores, serves and replaces the
 * files): which file an item, category or set shows, and changing it.
 */

export type CatalogueImageType = 'item' | 'category' | 'set';

export interface CatalogueImageSlot {
  /** The entity's key. */
  id: string;
  /** The id its image URL names: the item number for an item, else the key. */
  urlId: string;
  imageFileId: string | null;
}

const isUuid = (s: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s);

/** The image slot of an item (by number or id), a category (by id) or a set (by number or id); null when unknown. */
export async function catalogueImageSlot(
  db: Db,
  type: CatalogueImageType,
  id: string,
): Promise<CatalogueImageSlot | null> {
  if (type === 'item') {
    const item = await selectItemImage(db, id);
    return item ? { id: item.id, urlId: item.itemNo, imageFileId: item.imageFileId } : null;
  }
  const row =
    type === 'category'
      ? isUuid(id)
        ? await selectCategoryImage(db, id)
        : null
      : await selectSetImage(db, id);
  return row ? { id: row.id, urlId: row.id, imageFileId: row.imageFileId } : null;
}

/** Points the entity's image at the file (null clears it); cards, details and the quick search show it at once. */
export async function setCatalogueImage(
  db: Db,
  type: CatalogueImageType,
  entityId: string,
  fileId: string | null,
): Promise<void> {
  if (type === 'item') await updateItemImage(db, entityId, fileId);
  else if (type === 'category') await updateCategoryImage(db, entityId, fileId);
  else await updateSetImage(db, entityId, fileId);
  // Cards, details and the quick search show the image: their caches must not keep the old one.
  invalidateCatalogueCaches(db);
}

/**
 * Whether the file is an item's main image or one of an item's pictures: a document of the item in the
 * pictures' category (setting Documenten_CategorieAfbeeldingen; empty: none).
 */
export function isItemImageFile(db: Db, fileId: string, category: string): Promise<boolean> {
  return selectIsItemImageFile(db, fileId, category);
}

/** Whether an item, category or set still shows the file. */
export function catalogueUsesFile(db: Db, fileId: string): Promise<boolean> {
  return selectCatalogueUsesFile(db, fileId);
}
