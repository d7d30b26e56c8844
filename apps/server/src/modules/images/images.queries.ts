import { and, eq, or, sql } from 'drizzle-orm';
import { categories, corporateIdentity, documents, files, items, sets } from '../../db/schema/index.ts';
import type { Db } from '../../platform/db/database.ts';

export interface ImageFile {
  id: string;
  storageKey: string;
  contentType: string;
  sha256: string;
  size: number;
  meta: unknown;
}

const fileColumns = {
  id: files.id,
  storageKey: files.storageKey,
  contentType: files.contentType,
  sha256: files.sha256,
  size: files.size,
  meta: files.meta,
};

const isUuid = (s: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s);

/** The item (by item number, or by id) with its main image file. */
export async function selectItem(db: Db, idOrNo: string) {
  const [row] = await db
    .select({ id: items.id, itemNo: items.itemNo, imageFileId: items.imageFileId })
    .from(items)
    .where(isUuid(idOrNo) ? or(eq(items.id, idOrNo), eq(items.itemNo, idOrNo)) : eq(items.itemNo, idOrNo))
    .limit(1);
  return row ?? null;
}

/** A file that is an item's main image or one of its image documents, found by the file's id. */
export async function selectItemImageByFileId(db: Db, fileId: string): Promise<ImageFile | null> {
  const [row] = await db
    .select(fileColumns)
    .from(files)
    .where(
      and(
        eq(files.id, fileId),
        or(
          sql`exists (select 1 from ${items} where ${items.imageFileId} = ${files.id})`,
          sql`exists (select 1 from ${documents} where ${documents.fileId} = ${files.id} and ${documents.itemId} is not null)`,
        ),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function selectCategory(db: Db, id: string) {
  const [row] = await db
    .select({ id: categories.id, imageFileId: categories.imageFileId })
    .from(categories)
    .where(eq(categories.id, id))
    .limit(1);
  return row ?? null;
}

export async function selectSet(db: Db, idOrNo: string) {
  const [row] = await db
    .select({ id: sets.id, imageFileId: sets.imageFileId })
    .from(sets)
    .where(isUuid(idOrNo) ? or(eq(sets.id, idOrNo), eq(sets.setNo, idOrNo)) : eq(sets.setNo, idOrNo))
    .limit(1);
  return row ?? null;
}

export async function selectFile(db: Db, id: string): Promise<ImageFile | null> {
  const [row] = await db.select(fileColumns).from(files).where(eq(files.id, id)).limit(1);
  return row ?? null;
}

/** A content image: a file uploaded for content pages (meta.purpose = 'content'). */
export async function selectContentImage(db: Db, id: string): Promise<ImageFile | null> {
  const [row] = await db
    .select(fileColumns)
    .from(files)
    .where(and(eq(files.id, id), sql`${files.meta}->>'purpose' = 'content'`))
    .limit(1);
  return row ?? null;
}

export type CorporateSlot = 'logo' | 'banner' | 'favicon';

export async function selectCorporateIdentity(db: Db) {
  const [row] = await db
    .select({
      logoFileId: corporateIdentity.logoFileId,
      bannerFileId: corporateIdentity.bannerFileId,
      faviconFileId: corporateIdentity.faviconFileId,
    })
    .from(corporateIdentity)
    .where(eq(corporateIdentity.id, 1))
    .limit(1);
  return row ?? { logoFileId: null, bannerFileId: null, faviconFileId: null };
}

const slotColumn = { logo: 'logoFileId', banner: 'bannerFileId', favicon: 'faviconFileId' } as const;

export async function setCorporateImage(
  db: Db,
  slot: CorporateSlot,
  fileId: string | null,
  userId: string,
): Promise<void> {
  const value = { [slotColumn[slot]]: fileId, updatedBy: userId };
  await db
    .insert(corporateIdentity)
    .values({ id: 1, ...value })
    .onConflictDoUpdate({ target: corporateIdentity.id, set: { ...value, updatedAt: new Date() } });
}

export async function setItemImage(db: Db, itemId: string, fileId: string | null): Promise<void> {
  await db.update(items).set({ imageFileId: fileId }).where(eq(items.id, itemId));
}

export async function setCategoryImage(db: Db, categoryId: string, fileId: string | null): Promise<void> {
  await db.update(categories).set({ imageFileId: fileId }).where(eq(categories.id, categoryId));
}

export async function setSetImage(db: Db, setId: string, fileId: string | null): Promise<void> {
  await db.update(sets).set({ imageFileId: fileId }).where(eq(sets.id, setId));
}

/** Whether any image slot (item, category, set, corporate identity) still points at the file. */
export async function fileStillUsedAsImage(db: Db, fileId: string): Promise<boolean> {
  const result = await db.execute<{ used: boolean }>(sql`
    select exists (select 1 from ${items} where ${items.imageFileId} = ${fileId})
        or exists (select 1 from ${categories} where ${categories.imageFileId} = ${fileId})
        or exists (select 1 from ${sets} where ${sets.imageFileId} = ${fileId})
        or exists (select 1 from ${corporateIdentity}
                   where ${corporateIdentity.logoFileId} = ${fileId}
                      or ${corporateIdentity.bannerFileId} = ${fileId}
                      or ${corporateIdentity.faviconFileId} = ${fileId})
        or exists (select 1 from ${documents} where ${documents.fileId} = ${fileId}) as used`);
  return Boolean(result.rows[0]?.used);
}
