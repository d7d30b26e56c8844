import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { inArray, sql } from 'drizzle-orm';
import { files, pageViews } from '../db/schema/platform.ts';
import type { Database } from '../platform/db/database.ts';
import { removeFile, storeFile } from '../platform/files/files.ts';
import type { FileStorage } from '../platform/files/storage.ts';

// The writes the backup tests make while a backup runs (backup.test.ts, backup-external.test.ts).

export const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

export interface Written {
  /** files rows whose storeFile resolved, in order, with their bytes' SHA-256 */
  stored: { id: string; sha256: string }[];
  /** ids whose removeFile resolved */
  removed: Set<string>;
  /** page_views ids whose insert resolved */
  views: string[];
}

/** Writes until `until` resolves: a file stored, a page view, now and then the oldest live file removed. */
export async function writeUntil(
  database: Database,
  storage: FileStorage,
  written: Written,
  until: Promise<unknown>,
) {
  let done = false;
  void until.finally(() => {
    done = true;
  });
  let n = 0;
  while (!done) {
    n++;
    const bytes = randomBytes(2_000 + (n % 7) * 5_000);
    const row = await storeFile(database.db, storage, {
      prefix: 'documents',
      extension: 'bin',
      bytes,
      contentType: 'application/octet-stream',
      fileName: `w${n}.bin`,
      uploadedBy: null,
    });
    written.stored.push({ id: row.id, sha256: sha(bytes) });
    const [view] = await database.db
      .insert(pageViews)
      .values({ page: `/p/${n}` })
      .returning({ id: pageViews.id });
    written.views.push(view.id);
    if (n % 4 === 0) {
      const victim = written.stored.find((s) => !written.removed.has(s.id));
      if (victim) {
        await removeFile(database.db, storage, victim.id);
        written.removed.add(victim.id);
      }
    }
  }
}

/**
 * Writes (writeUntil) until a dozen are acknowledged, then runs `backup` while they go on; `before` is what was
 * acknowledged when the backup started.
 */
export async function backupDuringWrites<T>(
  database: Database,
  storage: FileStorage,
  backup: () => Promise<T>,
): Promise<{ before: Written; written: Written; result: T }> {
  const written: Written = { stored: [], removed: new Set(), views: [] };
  let warmedUp: () => void = () => {};
  const warm = new Promise<void>((r) => {
    warmedUp = r;
  });
  let backupDone: () => void = () => {};
  const finished = new Promise<void>((r) => {
    backupDone = r;
  });
  const writing = writeUntil(database, storage, written, finished);
  const watcher = setInterval(() => written.stored.length >= 12 && warmedUp(), 20);
  await Promise.race([warm, writing]);
  clearInterval(watcher);
  const before = {
    stored: [...written.stored],
    removed: new Set(written.removed),
    views: [...written.views],
  };
  const result = await backup().finally(backupDone);
  await writing;
  return { before, written, result };
}

/**
 * What a restore must hold: every file acknowledged before the backup and never removed, none removed before it,
 * every row's bytes in `filesDir` with the row's SHA-256 (and the writer's), every page view acknowledged before.
 */
export async function expectRestored(
  database: Database,
  filesDir: string,
  before: Written,
  written: Written,
) {
  const { expect } = await import('vitest');
  const rows = await database.db
    .select({ id: files.id, key: files.storageKey, sha256: files.sha256 })
    .from(files);
  const ids = new Set(rows.map((r) => r.id));
  for (const s of before.stored) {
    // removed later (during the backup) it may be gone: the deletion is a write of its own
    if (!written.removed.has(s.id))
      expect(ids.has(s.id), `file ${s.id} acknowledged before the backup`).toBe(true);
  }
  for (const id of before.removed) expect(ids.has(id)).toBe(false);
  const shas = new Map(written.stored.map((s) => [s.id, s.sha256]));
  for (const row of rows) {
    const bytes = readFileSync(path.join(filesDir, row.key));
    expect(sha(bytes)).toBe(row.sha256);
    if (shas.has(row.id)) expect(row.sha256).toBe(shas.get(row.id));
  }
  const views = await database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(pageViews)
    .where(inArray(pageViews.id, before.views));
  expect(views[0].n).toBe(before.views.length);
}
