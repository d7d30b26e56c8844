import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { releasePorts, reservePort } from '../../../../scripts/lib/ports.ts';
import { type Config, loadConfig } from '../config.ts';
import { files } from '../db/schema/platform.ts';
import { openDatabase } from '../platform/db/bootstrap.ts';
import { removeFile, storeFile } from '../platform/files/files.ts';
import { LocalDiskStorage } from '../platform/files/storage.ts';
import { runBackup } from './backup.ts';
import type { Manifest } from './manifest.ts';
import { runRestore } from './restore.ts';
import { backupDuringWrites, expectRestored, type Written } from './writes.test-support.ts';

// npm run backup / npm run restore (issue #35 point 1, docs/decisions/0030) on an embedded PostgreSQL in a
// DATA_DIR of this file's own, while writes go on through the file service (storeFile/removeFile, what every upload
// and generated document goes through) and plain inserts.

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
  releasePorts();
});

function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  chmodSync(dir, 0o755); // open to the postgres user when run as root (see embedded.ts)
  dirs.push(dir);
  return dir;
}

async function portalConfig(dataDir: string): Promise<Config> {
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(await reservePort()),
    SEED: 'none',
  });
}

describe('backup and restore of the embedded PostgreSQL', () => {
  let backupDir: string;
  let manifest: Manifest;
  let before: Written;

  it('a backup taken during writes restores every write acknowledged before it, each row with its file', async () => {
    const source = await portalConfig(tempDir('mp-bk-src-'));
    const database = await openDatabase(source);
    writeFileSync(path.join(source.dataDir, 'jwt-secret'), 'the signing secret of this portal', {
      mode: 0o600,
    });
    const storage = new LocalDiskStorage(path.join(source.dataDir, 'files'));
    let written: Written;
    try {
      backupDir = path.join(tempDir('mp-bk-out-'), 'backup');
      const run = await backupDuringWrites(database, storage, () => runBackup(source, { to: backupDir }));
      ({ before, written, result: manifest } = run);
      expect(written.stored.length).toBeGreaterThan(before.stored.length); // the writes did go on meanwhile
      expect(manifest.database.kind).toBe('base-backup');
      expect(manifest.files.some((f) => f.path === 'postgres/backup_label')).toBe(true);
      // a file removed while the backup ran keeps its bytes (the backup's database may still hold its row)
      const removedDuring = [...written.removed].filter((id) => !before.removed.has(id));
      expect(removedDuring.length).toBeGreaterThan(0);
    } finally {
      await database.shutdown();
    }

    const target = await portalConfig(tempDir('mp-bk-dst-'));
    await runRestore(target, { from: backupDir });
    // sign-ins survive the restore: the same signing secret
    expect(readFileSync(path.join(target.dataDir, 'jwt-secret'), 'utf8')).toBe(
      'the signing secret of this portal',
    );
    const restored = await openDatabase(target);
    try {
      await expectRestored(restored, path.join(target.dataDir, 'files'), before, written);
      // the restored portal works on: a new file and a removal
      const storage = new LocalDiskStorage(path.join(target.dataDir, 'files'));
      const added = await storeFile(restored.db, storage, {
        prefix: 'documents',
        extension: 'bin',
        bytes: Buffer.from('after the restore'),
        contentType: 'application/octet-stream',
        fileName: 'after.bin',
        uploadedBy: null,
      });
      await removeFile(restored.db, storage, added.id);
      expect(await restored.db.select().from(files).where(eq(files.id, added.id))).toEqual([]);
    } finally {
      await restored.shutdown();
    }
  });

  it('refuses to restore into a DATA_DIR that holds a portal, unless --force', async () => {
    const target = await portalConfig(tempDir('mp-bk-full-'));
    const database = await openDatabase(target); // a portal of its own: cluster and migrations
    const storage = new LocalDiskStorage(path.join(target.dataDir, 'files'));
    const own = await storeFile(database.db, storage, {
      prefix: 'documents',
      extension: 'txt',
      bytes: Buffer.from('this portal'),
      contentType: 'text/plain',
      fileName: 'own.txt',
      uploadedBy: null,
    });
    await database.shutdown();
    await expect(runRestore(target, { from: backupDir })).rejects.toThrow(/is not empty.*--force/);
    // untouched
    const again = await openDatabase(target);
    try {
      expect((await again.db.select().from(files).where(eq(files.id, own.id))).length).toBe(1);
    } finally {
      await again.shutdown();
    }
    const { movedAside } = await runRestore(target, { from: backupDir, force: true });
    expect(
      movedAside.map((p) => path.basename(p).replace(/-before-restore-.*|\.before-restore-.*/, '')),
    ).toEqual(['postgres', 'files']);
    const replaced = await openDatabase(target);
    try {
      expect((await replaced.db.select().from(files).where(eq(files.id, own.id))).length).toBe(0);
      const ids = new Set((await replaced.db.select({ id: files.id }).from(files)).map((r) => r.id));
      expect(ids.has(before.stored[0].id) || before.removed.has(before.stored[0].id)).toBe(true);
    } finally {
      await replaced.shutdown();
    }
  });

  it('refuses an embedded backup for an external database', async () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: tempDir('mp-bk-url-'),
      DATABASE_URL: 'postgres://nobody@127.0.0.1:9/none',
    });
    await expect(runRestore(config, { from: backupDir })).rejects.toThrow(/restore it without DATABASE_URL/);
  });

  it('refuses a damaged backup before it touches the target', async () => {
    const entry = manifest.files.find((f) => f.path.startsWith('files/')) ?? manifest.files[0];
    const file = path.join(backupDir, entry.path);
    const original = readFileSync(file);
    const damaged = Buffer.from(original);
    damaged[0] ^= 0xff;
    writeFileSync(file, damaged);
    try {
      const dataDir = tempDir('mp-bk-dmg-');
      await expect(runRestore(await portalConfig(dataDir), { from: backupDir })).rejects.toThrow(
        /damaged.*checksum differs/s,
      );
      expect(readdirSync(dataDir)).toEqual([]);
    } finally {
      writeFileSync(file, original);
    }
    // a file slipped into the backup after it was made is refused too (a restore copies directories whole)
    const extra = path.join(backupDir, 'postgres', 'base', 'extra');
    writeFileSync(extra, 'not from the backup');
    try {
      await expect(
        runRestore(await portalConfig(tempDir('mp-bk-ext-')), { from: backupDir }),
      ).rejects.toThrow(/not in the manifest: postgres\/base\/extra/);
    } finally {
      rmSync(extra);
    }
  });

  it('refuses a backup into a directory that is not empty, and a second backup at the same time', async () => {
    const source = await portalConfig(tempDir('mp-bk-two-'));
    const database = await openDatabase(source);
    try {
      await expect(runBackup(source, { to: backupDir })).rejects.toThrow(/is not empty/);
      const out = tempDir('mp-bk-par-');
      const results = await Promise.allSettled([
        runBackup(source, { to: path.join(out, 'a') }),
        runBackup(source, { to: path.join(out, 'b') }),
      ]);
      const failures = results
        .filter((r) => r.status === 'rejected')
        .map((r) => String((r as PromiseRejectedResult).reason));
      // one may finish before the other starts; when they overlap, the second is refused and leaves nothing
      for (const f of failures) expect(f).toMatch(/another backup of this database is running/);
      expect(failures.length).toBeLessThan(2);
    } finally {
      await database.shutdown();
    }
  });
});
