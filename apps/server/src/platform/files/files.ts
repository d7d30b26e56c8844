import { eq, sql } from 'drizzle-orm';
import { files } from '../../db/schema/platform.ts';
import type { Db } from '../db/database.ts';
import { type FileStorage, newStorageKey, sha256 } from './storage.ts';

export type FileRow = typeof files.$inferSelect;

export interface NewFile {
  /** Storage key prefix (a folder per purpose: 'images/item', 'content', 'documents'). */
  prefix: string;
  extension: string;
  bytes: Buffer;
  contentType: string;
  /** Display name only (already cleaned by safeDisplayName). */
  fileName: string;
  uploadedBy: string | null;
  meta?: Record<string, unknown>;
}

/**
 * Stores bytes under a key the server makes, then records the row. If the row cannot be written
 * the bytes are removed again, so storage never holds files the database does not know.
 */
export async function storeFile(db: Db, storage: FileStorage, file: NewFile): Promise<FileRow> {
  const storageKey = newStorageKey(file.prefix.replaceAll('/', '-'), file.extension);
  await storage.put(storageKey, file.bytes, file.contentType);
  try {
    const [row] = await db
      .insert(files)
      .values({
        storageKey,
        fileName: file.fileName,
        contentType: file.contentType,
        size: file.bytes.length,
        sha256: sha256(file.bytes),
        uploadedBy: file.uploadedBy,
        meta: file.meta ?? {},
      })
      .returning();
    return row;
  } catch (e) {
    await storage.delete(storageKey).catch(() => {});
    throw e;
  }
}

export async function findFile(db: Db, id: string): Promise<FileRow | null> {
  const [row] = await db.select().from(files).where(eq(files.id, id)).limit(1);
  return row ?? null;
}

/**
 * The advisory lock a backup holds exclusively while the database it saves may still hold rows whose bytes it has
 * not copied yet (apps/server/src/ops/backup.ts, docs/decisions/0030); removeFile takes it shared.
 */
export const FILE_BYTES_LOCK = 0x6d702d66696c; // 'mp-fil'

/**
 * Deletes the row, then the bytes (a row without bytes would answer 404 anyway). While a backup runs, the bytes
 * stay: the backup's database may still hold the row, and the row's file must be in the backup. Such bytes are
 * left without a row (harmless; docs/decisions/0030).
 */
export async function removeFile(db: Db, storage: FileStorage, id: string): Promise<void> {
  const key = await db.transaction(async (tx) => {
    const {
      rows: [lock],
    } = await tx.execute<{ free: boolean }>(
      sql`select pg_try_advisory_xact_lock_shared(${FILE_BYTES_LOCK}::bigint) as free`,
    );
    const [row] = await tx.delete(files).where(eq(files.id, id)).returning({ storageKey: files.storageKey });
    return row && lock.free ? row.storageKey : null;
  });
  if (key) await storage.delete(key).catch(() => {});
}
