import { and, eq, sql } from 'drizzle-orm';
import { corporateIdentity, documents, files } from '../../db/schema/index.ts';
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

/** Whether a corporate identity slot or a document still points at the file (catalogue slots: catalogueUsesFile). */
export async function fileStillUsedAsImage(db: Db, fileId: string): Promise<boolean> {
  const result = await db.execute<{ used: boolean }>(sql`
    select exists (select 1 from ${corporateIdentity}
                   where ${corporateIdentity.logoFileId} = ${fileId}
                      or ${corporateIdentity.bannerFileId} = ${fileId}
                      or ${corporateIdentity.faviconFileId} = ${fileId})
        or exists (select 1 from ${documents} where ${documents.fileId} = ${fileId}) as used`);
  return Boolean(result.rows[0]?.used);
}
