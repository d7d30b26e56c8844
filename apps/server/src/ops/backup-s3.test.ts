import { chmodSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { releasePorts, reservePort } from '../../../../scripts/lib/ports.ts';
import { type Config, loadConfig } from '../config.ts';
import { openDatabase } from '../platform/db/bootstrap.ts';
import { type FileRow, storeFile } from '../platform/files/files.ts';
import { createStorage } from '../platform/files/s3.ts';
import { runBackup } from './backup.ts';
import { runRestore } from './restore.ts';

// Backup and restore with the files in S3 (issue #35 point 1, docs/decisions/0030): the objects are not copied; the
// backup lists those the database refers to (size, ETag), refuses when one is missing, and the restore checks
// they are all there. Against a real S3-compatible server on loopback (s3rver).

const BUCKET = 'mp-files';
let server: S3rver;
const dirs: string[] = [];
let s3: Record<string, string>;

function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  chmodSync(dir, 0o755); // open to the postgres user when run as root (see embedded.ts)
  dirs.push(dir);
  return dir;
}

beforeAll(async () => {
  server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: tempDir('mp-bk-s3-'),
    configureBuckets: [{ name: BUCKET }],
  });
  const { port } = await server.run();
  s3 = {
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'S3RVER', // s3rver's fixed credentials
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  };
});

afterAll(async () => {
  await server?.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
  releasePorts();
});

async function portalConfig(dataDir: string): Promise<Config> {
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(await reservePort()),
    SEED: 'none',
    ...s3,
  });
}

describe('backup and restore with the files in S3', () => {
  it('lists the objects the rows refer to; the restore checks each is there', async () => {
    const source = await portalConfig(tempDir('mp-bk-s3src-'));
    const database = await openDatabase(source);
    const storage = createStorage(source);
    const stored: FileRow[] = [];
    const backupDir = path.join(tempDir('mp-bk-s3out-'), 'backup');
    try {
      for (let i = 0; i < 5; i++) {
        stored.push(
          await storeFile(database.db, storage, {
            prefix: 'documents',
            extension: 'txt',
            bytes: Buffer.from(`object ${i}`),
            contentType: 'text/plain',
            fileName: `o${i}.txt`,
            uploadedBy: null,
          }),
        );
      }
      // an object missing from the bucket: the backup is refused and leaves nothing
      const gone = stored[2];
      await storage.delete(gone.storageKey);
      await expect(runBackup(source, { to: backupDir })).rejects.toThrow(/1 objects .* missing from S3/);
      expect(readdirSync(backupDir)).toEqual([]);
      await storage.put(gone.storageKey, Buffer.from('object 2'), 'text/plain');

      const manifest = await runBackup(source, { to: backupDir });
      expect(manifest.storage.kind).toBe('s3');
      const objects = manifest.storage.kind === 's3' ? manifest.storage.objects : [];
      expect(objects.map((o) => o.key).sort()).toEqual(stored.map((s) => s.storageKey).sort());
      expect(objects.every((o) => o.size === 8 && o.etag)).toBe(true);
      expect(manifest.files.some((f) => f.path.startsWith('files/'))).toBe(false);
    } finally {
      await database.shutdown();
    }

    // the bucket lost an object since the backup: the restore says which and leaves the target as it was
    const lost = stored[4];
    await storage.delete(lost.storageKey);
    const first = await portalConfig(tempDir('mp-bk-s3dst-'));
    await expect(runRestore(first, { from: backupDir })).rejects.toThrow(
      new RegExp(`1 of 5 files .* missing or differ: ${lost.storageKey}`),
    );
    expect(readdirSync(first.dataDir)).toEqual([]);

    await storage.put(lost.storageKey, Buffer.from('object 4'), 'text/plain');
    const second = await portalConfig(tempDir('mp-bk-s3dst-'));
    await runRestore(second, { from: backupDir });
    const restored = await openDatabase(second);
    try {
      const { rows } = await restored.pool.query<{ n: number }>('select count(*)::int as n from files');
      expect(rows[0].n).toBe(5);
    } finally {
      await restored.shutdown();
    }
  });
});
