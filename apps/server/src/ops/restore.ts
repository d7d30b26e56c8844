import { execFileSync } from 'node:child_process';
import { chmod, chown, cp, lstat, readdir, rename, rm, stat } from 'node:fs/promises';
import { userInfo } from 'node:os';
import path from 'node:path';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import pg from 'pg';
import type { Config } from '../config.ts';
import { startEmbeddedPostgres } from '../platform/db/embedded.ts';
import { isEmptyDir, type Manifest, verifyBackup } from './manifest.ts';
import { findTool, runningEmbedded, runTool, toolConnection, toolVersion } from './postgres.ts';

export interface RestoreOptions {
  from: string;
  /** Replace a target that holds data: the embedded cluster and files are moved aside, an external database cleaned. */
  force?: boolean;
  log?: (line: string) => void;
  signal?: AbortSignal;
}

export interface RestoreResult {
  manifest: Manifest;
  /** Where a replaced target was moved (embedded, --force). */
  movedAside: string[];
}

/**
 * `npm run restore -- --from DIR [--force]` (docs/decisions/0030): checks every file of the backup against its
 * manifest first, then brings DATA_DIR (embedded cluster, files, signing secret) or the DATABASE_URL database back
 * to the backup's state. A target that holds data is refused unless `force`. The portal must be stopped.
 */
export async function runRestore(config: Config, options: RestoreOptions): Promise<RestoreResult> {
  const log = options.log ?? (() => {});
  const dir = path.resolve(options.from);
  const manifest = await verifyBackup(dir, log);
  if (manifest.database.kind === 'base-backup' && config.DATABASE_URL) {
    throw new Error(
      'this backup is of the embedded PostgreSQL (a base backup): restore it without DATABASE_URL, into a DATA_DIR',
    );
  }
  if (manifest.database.kind === 'pg_dump' && !config.DATABASE_URL) {
    throw new Error('this backup is a pg_dump of an external PostgreSQL: restore it with DATABASE_URL set');
  }
  const movedAside: string[] = [];
  if (manifest.database.kind === 'base-backup')
    await restoreEmbedded(config, dir, manifest, options, movedAside, log);
  else await restoreExternal(config, config.DATABASE_URL as string, dir, manifest, options, movedAside, log);
  log(`restored the backup of ${manifest.finishedAt} (${manifest.database.migrations.count} migrations)`);
  return { manifest, movedAside };
}

const stamp = () => new Date().toISOString().replace(/[:.]/g, '-');

/** Refuses a target that holds something, or (force) moves it aside; returns where. */
async function clearTarget(target: string, force: boolean | undefined, movedAside: string[]): Promise<void> {
  if (await isEmptyDir(target)) {
    await rm(target, { recursive: true, force: true });
    return;
  }
  if (!force)
    throw new Error(`${target} is not empty: restore into a new DATA_DIR, or pass --force to replace it`);
  const aside = `${target}.before-restore-${stamp()}`;
  await rename(target, aside);
  movedAside.push(aside);
}

async function restoreEmbedded(
  config: Config,
  dir: string,
  manifest: Manifest,
  options: RestoreOptions,
  movedAside: string[],
  log: (line: string) => void,
): Promise<void> {
  const pgDir = path.join(config.dataDir, 'postgres');
  const filesDir = path.join(config.dataDir, 'files');
  const running = runningEmbedded(pgDir);
  if (running) throw new Error(`PostgreSQL runs on ${pgDir} (process ${running.pid}): stop the portal first`);
  // both checked before either is touched
  for (const target of [pgDir, filesDir]) {
    if (!options.force && !(await isEmptyDir(target))) {
      throw new Error(`${target} is not empty: restore into a new DATA_DIR, or pass --force to replace it`);
    }
  }
  await clearTarget(pgDir, options.force, movedAside);
  await clearTarget(filesDir, options.force, movedAside);
  const made: string[] = [pgDir, filesDir];
  try {
    options.signal?.throwIfAborted();
    await cp(path.join(dir, 'postgres'), pgDir, { recursive: true });
    await chmod(pgDir, 0o700);
    // why: as root the embedded PostgreSQL runs as the postgres user (platform/db/embedded.ts), which must own it
    if (userInfo().uid === 0) await chownTree(pgDir, idOf('-u'), idOf('-g'));
    options.signal?.throwIfAborted();
    if (manifest.storage.kind === 'local') await copyFilesOf(dir, filesDir);
    if (await restoreJwtSecret(config, dir, manifest, options, movedAside))
      made.push(path.join(config.dataDir, 'jwt-secret'));
    log('starting PostgreSQL on the restored cluster (it replays the backup WAL)');
    const db = await startEmbeddedPostgres({ dir: pgDir, port: config.EMBEDDED_PG_PORT, log: () => {} });
    try {
      const url = new URL(db.url);
      url.pathname = '/materieelportaal';
      await checkRestored(url.toString(), manifest, config, log);
    } finally {
      await db.stop();
    }
    options.signal?.throwIfAborted(); // interrupted while PostgreSQL replayed: nothing kept, as the CLI says
  } catch (e) {
    // nothing half-restored stays behind (what was moved aside stays where it is, and the error says so)
    for (const target of made) await rm(target, { recursive: true, force: true });
    throw withMovedAside(e, movedAside);
  }
}

/** The backup's files/ into the storage directory (a backup of a portal without any file has none). */
async function copyFilesOf(dir: string, filesDir: string): Promise<void> {
  if (await stat(path.join(dir, 'files')).catch(() => undefined))
    await cp(path.join(dir, 'files'), filesDir, { recursive: true });
}

const idOf = (flag: '-u' | '-g') =>
  Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());

async function chownTree(dir: string, uid: number, gid: number): Promise<void> {
  await chown(dir, uid, gid);
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) await chownTree(full, uid, gid);
    else await chown(full, uid, gid);
  }
}

async function restoreJwtSecret(
  config: Config,
  dir: string,
  manifest: Manifest,
  options: RestoreOptions,
  movedAside: string[],
): Promise<boolean> {
  if (!manifest.files.some((f) => f.path === 'jwt-secret')) return false;
  const target = path.join(config.dataDir, 'jwt-secret');
  if (await lstat(target).catch(() => undefined)) {
    if (!options.force) return false; // this DATA_DIR's own secret stays: the backup's sign-ins end
    const aside = `${target}.before-restore-${stamp()}`;
    await rename(target, aside);
    movedAside.push(aside);
  }
  await cp(path.join(dir, 'jwt-secret'), target);
  await chmod(target, 0o600);
  return true;
}

const withMovedAside = (e: unknown, movedAside: string[]) =>
  movedAside.length
    ? new Error(`${(e as Error).message}\n(what was there before is in ${movedAside.join(', ')})`)
    : e;

/**
 * The restored database against the manifest: the same migrations, and every files row's bytes in storage with the
 * row's size (local: the SHA-256 too; S3: the object there).
 */
async function checkRestored(url: string, manifest: Manifest, config: Config, log: (line: string) => void) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows: m } = await client.query<{ n: number }>(
      'select count(*)::int as n from drizzle.__drizzle_migrations',
    );
    if (m[0].n !== manifest.database.migrations.count) {
      throw new Error(
        `the restored database has ${m[0].n} migrations, the backup's manifest says ${manifest.database.migrations.count}`,
      );
    }
    const { rows } = await client.query<{ storage_key: string; size: number; sha256: string }>(
      'select storage_key, size, sha256 from files',
    );
    if (manifest.database.fileRows !== null && rows.length !== manifest.database.fileRows) {
      throw new Error(
        `the restored database has ${rows.length} files rows, the backup had ${manifest.database.fileRows}`,
      );
    }
    const missing: string[] = [];
    if (manifest.storage.kind === 'local') {
      const saved = new Map(manifest.files.map((f) => [f.path, f]));
      for (const row of rows) {
        const entry = saved.get(`files/${row.storage_key}`);
        if (!entry || entry.sha256 !== row.sha256) missing.push(row.storage_key);
        else if (!(await stat(path.join(config.dataDir, 'files', row.storage_key)).catch(() => undefined)))
          missing.push(row.storage_key);
      }
    } else {
      missing.push(...(await missingObjects(config, manifest, rows)));
    }
    if (missing.length) {
      throw new Error(
        `${missing.length} of ${rows.length} files the restored database refers to are missing or differ: ${missing.slice(0, 5).join(', ')}`,
      );
    }
    log(`restored database checked: ${m[0].n} migrations, ${rows.length} files rows, every file present`);
  } finally {
    await client.end().catch(() => {});
  }
}

async function missingObjects(
  config: Config,
  manifest: Manifest,
  rows: { storage_key: string; size: number }[],
): Promise<string[]> {
  if (manifest.storage.kind !== 's3') return [];
  const bucket = config.S3_BUCKET ?? manifest.storage.bucket;
  const s3 = new S3Client({
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    forcePathStyle: Boolean(config.S3_ENDPOINT),
    credentials:
      config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
        : undefined,
  });
  const etags = new Map(manifest.storage.objects.map((o) => [o.key, o.etag]));
  const missing: string[] = [];
  for (const row of rows) {
    const head = await s3
      .send(new HeadObjectCommand({ Bucket: bucket, Key: row.storage_key }))
      .catch(() => undefined);
    const etag = etags.get(row.storage_key);
    if (!head || Number(head.ContentLength) !== row.size || (etag && head.ETag !== etag))
      missing.push(row.storage_key);
  }
  return missing;
}

async function restoreExternal(
  config: Config,
  url: string,
  dir: string,
  manifest: Manifest,
  options: RestoreOptions,
  movedAside: string[],
  log: (line: string) => void,
): Promise<void> {
  const tool = findTool('pg_restore');
  const restorer = toolVersion(tool);
  log(`pg_restore: ${restorer.text} (${tool})`);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let holdsData: boolean;
  try {
    const { rows } = await client.query<{ n: number }>(
      "select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace where c.relkind in ('r', 'p', 'S', 'v', 'm') and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%'",
    );
    holdsData = rows[0].n > 0;
  } finally {
    await client.end().catch(() => {});
  }
  if (holdsData && !options.force) {
    throw new Error(
      'the database of DATABASE_URL is not empty: restore into an empty database, or pass --force to replace it',
    );
  }
  const filesDir = path.join(config.dataDir, 'files');
  if (manifest.storage.kind === 'local' && !options.force && !(await isEmptyDir(filesDir))) {
    throw new Error(`${filesDir} is not empty: restore into a new DATA_DIR, or pass --force to replace it`);
  }
  // the files first: a failing pg_restore (one transaction) leaves the database as it was, and the files are removed
  if (manifest.storage.kind === 'local') {
    await clearTarget(filesDir, options.force, movedAside);
    await copyFilesOf(dir, filesDir);
  }
  const { env, dbname } = toolConnection(url);
  try {
    await runTool(
      tool,
      [
        '--no-owner',
        '--exit-on-error',
        '--single-transaction',
        ...(holdsData ? ['--clean', '--if-exists'] : []),
        `--dbname=${dbname}`,
        path.join(dir, 'database.dump'),
      ],
      { env, signal: options.signal },
    );
  } catch (e) {
    if (manifest.storage.kind === 'local') await rm(filesDir, { recursive: true, force: true });
    throw withMovedAside(e, movedAside);
  }
  await restoreJwtSecret(config, dir, manifest, options, movedAside);
  await checkRestored(url, manifest, config, log);
}
