import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { type Config, loadConfig } from '../config.ts';
import { connect } from '../platform/db/database.ts';
import { runMigrations } from '../platform/db/migrate.ts';
import { LocalDiskStorage } from '../platform/files/storage.ts';
import { runBackup } from './backup.ts';
import { findTool, serverVersion, toolVersion } from './postgres.ts';
import { runRestore } from './restore.ts';
import { backupDuringWrites, expectRestored } from './writes.test-support.ts';

// npm run backup / restore with DATABASE_URL (issue #35 point 1, docs/decisions/0030): pg_dump's custom format from
// a snapshot the backup exports, pg_restore into an empty database. pg_dump cannot dump a server newer than itself:
// this runs where the client programs are at least the test server's version — in CI's second integration run on
// Debian's PostgreSQL with Debian's pg_dump (.ci/run); against the embedded PostgreSQL 18 Debian 12's pg_dump 15
// cannot, and the file says so instead of passing.

const adminUrl = inject('pgAdminUrl');
const compatible = await (async () => {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const server = await serverVersion(admin);
    const dump = toolVersion(findTool('pg_dump'));
    return dump.major >= server.major ? '' : `${dump.text} cannot dump PostgreSQL ${server.text}`;
  } catch (e) {
    return (e as Error).message;
  } finally {
    await admin.end();
  }
})();

const dirs: string[] = [];
const databases: string[] = [];
afterAll(async () => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  for (const name of databases) await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
});

async function newDatabase(): Promise<string> {
  const name = `mp_t_bk_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  databases.push(name);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

function portalConfig(url: string): Config {
  const dir = mkdtempSync(path.join(tmpdir(), 'mp-bkx-'));
  chmodSync(dir, 0o755);
  dirs.push(dir);
  return loadConfig({ NODE_ENV: 'test', DATA_DIR: dir, DATABASE_URL: url, SEED: 'none' });
}

describe.skipIf(compatible !== '')(`backup and restore with DATABASE_URL ${compatible}`, () => {
  it('a pg_dump taken during writes restores every acknowledged write with its file; a non-empty target is refused', async () => {
    const source = portalConfig(await newDatabase());
    const database = connect(source.DATABASE_URL as string, { max: 4 });
    await runMigrations(database.db);
    const storage = new LocalDiskStorage(path.join(source.dataDir, 'files'));
    const backupDir = path.join(source.dataDir, 'backup');
    let run: Awaited<ReturnType<typeof backupDuringWrites>>;
    try {
      run = await backupDuringWrites(database, storage, () => runBackup(source, { to: backupDir }));
    } finally {
      await database.close();
    }
    expect(run.written.stored.length).toBeGreaterThan(run.before.stored.length);

    const target = portalConfig(await newDatabase());
    await runRestore(target, { from: backupDir });
    const restored = connect(target.DATABASE_URL as string, { max: 2 });
    try {
      await expectRestored(restored, path.join(target.dataDir, 'files'), run.before, run.written);
    } finally {
      await restored.close();
    }
    await expect(runRestore(target, { from: backupDir })).rejects.toThrow(/not empty.*--force/);
    await runRestore(target, { from: backupDir, force: true });
  });
});
