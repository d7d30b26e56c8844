import { eq, or, sql } from 'drizzle-orm';
import { categories, documents, items, sets } from '../../db/schema/index.ts';
import type { Db } from '../../platform/db/database.ts';

const isUuid = (s: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s);

/** The item (by item number, or by id) with its main image file. */
export async function selectItemImage(db: Db, idOrNo: string) {
  const [row] = await db
    .select({ id: items.id, itemNo: items.itemNo, imageFileId: items.imageFileId })
    .from(items)
    .where(isUuid(idOrNo) ? or(eq(items.id, idOrNo), eq(items.itemNo, idOrNo)) : eq(items.itemNo, idOrNo))
    .limit(1);
  return row ?? null;
}

export async function selectCategoryImage(db: Db, id: string) {
  const [row] = await db
    .select({ id: categories.id, imageFileId: categories.imageFileId })
    .from(categories)
    .where(eq(categories.id, id))
    .limit(1);
  return row ?? null;
}

export async function selectSetImage(db: Db, idOrNo: string) {
  const [row] = await db
    .select({ id: sets.id, imageFileId: sets.imageFileId })
    .from(sets)
    .where(isUuid(idOrNo) ? or(eq(sets.id, idOrNo), eq(sets.setNo, idOrNo)) : eq(sets.setNo, idOrNo))
    .limit(1);
  return row ?? null;
}

export async function updateItemImage(db: Db, itemId: string, fileId: string | null): Promise<void> {
  await db.update(items).set({ imageFileId: fileId }).where(eq(items.id, itemId));
}

export async function updateCategoryImage(db: Db, categoryId: string, fileId: string | null): Promise<void> {
  await db.update(categories).set({ imageFileId: fileId }).where(eq(categories.id, categoryId));
}

export async function updateSetImage(db: Db, setId: string, fileId: string | null): Promise<void> {
  await db.update(sets).set({ imageFileId: fileId }).where(eq(sets.id, setId));
}

/** Whether the file is an item's main image or one of an item's documents. */
export async function selectIsItemImageFile(db: Db, fileId: string, category: string): Promise<boolean> {
  const result = await db.execute<{ used: boolean }>(sql`
    select exists (select 1 from ${items} where ${items.imageFileId} = ${fileId})
        or exists (select 1 from ${documents} where ${documents.fileId} = ${fileId} and ${documents.itemId} is not null
          and ${documents.category} = ${category}) as used`);
  return Boolean(result.rows[0]?.used);
}

/** Whether an item, category or set still shows the file as its image. */
export async function selectCatalogueUsesFile(db: Db, fileId: string): Promise<boolean> {
  const result = await db.execute<{ used: boolean }>(sql`
    select exists (select 1 from ${items} where ${items.imageFileId} = ${fileId})
        or exists (select 1 from ${categories} where ${categories.imageFileId} = ${fileId})
        or exists (select 1 from ${sets} where ${sets.imageFileId} = ${fileId}) as used`);
  return Boolean(result.rows[0]?.used);
}
