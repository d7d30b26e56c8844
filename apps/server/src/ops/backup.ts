import { randomBytes } from 'node:crypto';
import { copyFile, mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import pg from 'pg';
import type { Config } from '../config.ts';
import journal from '../db/migrations/meta/_journal.json' with { type: 'json' };
import { FILE_BYTES_LOCK } from '../platform/files/files.ts';
import { buildInfo } from '../platform/version.ts';
import {
  copyHashed,
  copyTree,
  hashFile,
  isEmptyDir,
  type Manifest,
  type ManifestEntry,
  writeManifest,
} from './manifest.ts';
import {
  appliedMigrations,
  findTool,
  openEmbedded,
  runTool,
  serverVersion,
  toolConnection,
  toolVersion,
} from './postgres.ts';

/** Held (try, session) by a backup for its whole run: a second backup at the same time is refused. */
const BACKUP_LOCK = 0x6d702d626b70; // 'mp-bkp'

/**
 * What PostgreSQL's documentation says a base backup may leave out ("Making a Base Backup Using the Low Level
 * API"): the server's run-time files, the WAL (the segments the backup needs are copied after pg_backup_stop), and
 * the contents of directories PostgreSQL empties at start.
 */
function skipInCluster(rel: string, isDir: boolean): false | 'whole' | 'contents' | 'subdirectories' {
  if (!isDir) {
    if (
      ['postmaster.pid', 'postmaster.opts', 'backup_label', 'tablespace_map', 'backup_manifest'].includes(rel)
    )
      return 'whole';
    if (/(^|\/)pg_internal\.init$/.test(rel) || /(^|\/)pgsql_tmp/.test(rel)) return 'whole';
    return false;
  }
  if (rel === 'pg_wal') return 'subdirectories'; // archive_status, summaries
  const contentsOnly = [
    'pg_replslot',
    'pg_dynshmem',
    'pg_notify',
    'pg_serial',
    'pg_snapshots',
    'pg_stat_tmp',
    'pg_subtrans',
  ];
  if (contentsOnly.includes(rel)) return 'contents';
  if (/(^|\/)pgsql_tmp/.test(rel)) return 'whole';
  return false;
}

export interface BackupOptions {
  to: string;
  log?: (line: string) => void;
  signal?: AbortSignal;
}

/**
 * `npm run backup -- --to DIR` (docs/decisions/0030). Works while the portal serves:
 * - embedded PostgreSQL: a base backup (pg_backup_start, the cluster's files, pg_backup_stop, the WAL between —
 *   kept by a temporary replication slot); restoring replays that WAL, so the database is as it was at
 *   pg_backup_stop;
 * - DATABASE_URL: pg_dump in its custom format from a snapshot this command exports, so it knows exactly which
 *   files rows the dump holds.
 * The files are copied after that point: a row's bytes are written before the row (storeFile), so every row saved
 * has its bytes by then; a file deleted meanwhile keeps its bytes (removeFile skips them while FILE_BYTES_LOCK is
 * held here). With S3 the backup lists the objects the rows refer to (size, ETag) instead of copying them.
 * manifest.json, written last, lists every file with its SHA-256.
 */
export async function runBackup(config: Config, options: BackupOptions): Promise<Manifest> {
  const log = options.log ?? (() => {});
  const dir = path.resolve(options.to);
  if (!(await isEmptyDir(dir)))
    throw new Error(`${dir} is not empty: a backup goes into a new or empty directory`);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  try {
    const manifest = config.DATABASE_URL
      ? await backupExternal(config, config.DATABASE_URL, dir, log, options.signal)
      : await backupEmbedded(config, dir, log, options.signal);
    options.signal?.throwIfAborted(); // interrupted at the last moment: still nothing kept
    await writeManifest(dir, manifest);
    log(
      `backup written to ${dir}: ${manifest.files.length} files, ${manifest.database.migrations.count} migrations`,
    );
    return manifest;
  } catch (e) {
    // nothing half-written stays behind: the directory was empty before
    await clearDir(dir);
    throw e;
  }
}

async function clearDir(dir: string): Promise<void> {
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    await rm(path.join(dir, name), { recursive: true, force: true });
  }
}

/** One connection holding the backup's locks: BACKUP_LOCK (refused if taken), then FILE_BYTES_LOCK (waits). */
async function lockedSession(url: string, signal?: AbortSignal): Promise<pg.Client> {
  const client = new pg.Client({
    connectionString: url,
    application_name: `materieelportaal-backup-${process.pid}`,
  });
  await client.connect();
  const end = () => void client.end().catch(() => {});
  signal?.addEventListener('abort', end, { once: true });
  try {
    const { rows } = await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1::bigint) as ok', [
      BACKUP_LOCK,
    ]);
    if (!rows[0].ok) throw new Error('another backup of this database is running');
    // waits only for the file deletions in progress (a moment); new ones keep their bytes from now on
    await client.query('select pg_advisory_lock($1::bigint)', [FILE_BYTES_LOCK]);
    return client;
  } catch (e) {
    end();
    throw e;
  }
}

async function backupEmbedded(
  config: Config,
  dir: string,
  log: (line: string) => void,
  signal?: AbortSignal,
): Promise<Manifest> {
  const startedAt = new Date().toISOString();
  const cluster = await openEmbedded(config, log);
  try {
    const client = await lockedSession(cluster.url, signal);
    try {
      const version = await serverVersion(client);
      const slot = `mp_backup_${process.pid}_${randomBytes(3).toString('hex')}`;
      // why: keeps every WAL segment from here on until this session ends, so the ones the backup needs are
      // still in pg_wal after pg_backup_stop (what pg_basebackup's temporary slot does)
      await client.query('select pg_create_physical_replication_slot($1, true, true)', [slot]);
      const start = await client.query<{ lsn: string; wal: string }>(
        "select lsn::text, pg_walfile_name(lsn) as wal from pg_backup_start('materieelportaal', true) as lsn",
      );
      log(`base backup started at WAL ${start.rows[0].lsn}; copying ${cluster.pgDir}`);
      const files = await copyTree(cluster.pgDir, dir, 'postgres', { skip: skipInCluster, signal });
      const stop = await client.query<{ lsn: string; wal: string; labelfile: string; spcmapfile: string }>(
        'select lsn::text, pg_walfile_name(lsn) as wal, labelfile, spcmapfile from pg_backup_stop(false)',
      );
      const { labelfile, spcmapfile } = stop.rows[0];
      files.push(await writeHashed(dir, 'postgres/backup_label', labelfile));
      if (spcmapfile) files.push(await writeHashed(dir, 'postgres/tablespace_map', spcmapfile));
      files.push(...(await copyWal(cluster.pgDir, dir, start.rows[0].wal, stop.rows[0].wal)));
      log(`base backup stopped at WAL ${stop.rows[0].lsn}`);
      const migrations = await appliedMigrations(client, journal);
      const storage = await backupStorage(config, dir, client, files, signal);
      await copyJwtSecret(config, dir, files);
      return manifestOf(startedAt, storage, files, {
        kind: 'base-backup',
        serverVersion: version.text,
        tool: `PostgreSQL ${version.text} (pg_backup_start/pg_backup_stop, WAL ${start.rows[0].lsn}–${stop.rows[0].lsn})`,
        migrations,
        fileRows: null,
      });
    } finally {
      // ends the slot and, if pg_backup_stop was not reached, the backup (a non-exclusive backup ends with its session)
      await client.end().catch(() => {});
    }
  } finally {
    await cluster.stop();
  }
}

function manifestOf(
  startedAt: string,
  storage: Manifest['storage'],
  files: ManifestEntry[],
  database: Manifest['database'],
): Manifest {
  const finishedAt = new Date().toISOString();
  return {
    format: 'materieelportaal-backup',
    formatVersion: 1,
    startedAt,
    finishedAt,
    portalVersion: buildInfo().version,
    database,
    storage,
    files,
  };
}

async function writeHashed(dir: string, rel: string, text: string): Promise<ManifestEntry> {
  await writeFile(path.join(dir, rel), text, { mode: 0o600 });
  return { path: rel, ...(await hashFile(path.join(dir, rel))) };
}

/** The WAL segments from the backup's start to its stop (and the timeline history files) into postgres/pg_wal. */
async function copyWal(pgDir: string, dir: string, first: string, last: string): Promise<ManifestEntry[]> {
  const entries: ManifestEntry[] = [];
  for (const name of (await readdir(path.join(pgDir, 'pg_wal'))).sort()) {
    const segment = /^[0-9A-F]{24}$/.test(name) && name >= first && name <= last;
    if (!segment && !/^[0-9A-F]{8}\.history$/.test(name)) continue;
    const rel = `postgres/pg_wal/${name}`;
    const copied = await copyHashed(path.join(pgDir, 'pg_wal', name), path.join(dir, rel));
    if (!copied) throw new Error(`WAL segment ${name} vanished during the backup`);
    entries.push({ path: rel, ...copied });
  }
  if (!entries.some((e) => e.path.endsWith(last)))
    throw new Error(`WAL segment ${last} is missing from pg_wal`);
  return entries;
}

async function copyJwtSecret(config: Config, dir: string, files: ManifestEntry[]): Promise<void> {
  const secret = path.join(config.dataDir, 'jwt-secret');
  if (!(await stat(secret).catch(() => undefined))) return;
  await copyFile(secret, path.join(dir, 'jwt-secret'));
  files.push({ path: 'jwt-secret', ...(await hashFile(path.join(dir, 'jwt-secret'))) });
}

/**
 * Local storage: DATA_DIR/files copied whole (after the database's point, so every saved row's bytes are there).
 * S3: the objects the files rows refer to, with size and ETag (read with `client`, in the saved state where it is a
 * snapshot); a row whose object is missing fails the backup.
 */
async function backupStorage(
  config: Config,
  dir: string,
  client: pg.ClientBase,
  files: ManifestEntry[],
  signal?: AbortSignal,
): Promise<Manifest['storage']> {
  if (!config.S3_BUCKET) {
    files.push(...(await copyTree(path.join(config.dataDir, 'files'), dir, 'files', { signal })));
    return { kind: 'local' };
  }
  const s3 = new S3Client({
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    forcePathStyle: Boolean(config.S3_ENDPOINT),
    credentials:
      config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
        : undefined,
  });
  const { rows } = await client.query<{ storage_key: string; size: number }>(
    'select storage_key, size from files order by storage_key',
  );
  const objects: { key: string; size: number; etag: string | null }[] = [];
  const missing: string[] = [];
  for (const row of rows) {
    signal?.throwIfAborted();
    try {
      const head = await s3.send(new HeadObjectCommand({ Bucket: config.S3_BUCKET, Key: row.storage_key }));
      objects.push({
        key: row.storage_key,
        size: Number(head.ContentLength ?? row.size),
        etag: head.ETag ?? null,
      });
    } catch {
      missing.push(row.storage_key);
    }
  }
  if (missing.length)
    throw new Error(
      `${missing.length} objects the database refers to are missing from S3: ${missing.slice(0, 5).join(', ')}`,
    );
  return { kind: 's3', bucket: config.S3_BUCKET, objects };
}

async function backupExternal(
  config: Config,
  url: string,
  dir: string,
  log: (line: string) => void,
  signal?: AbortSignal,
): Promise<Manifest> {
  const startedAt = new Date().toISOString();
  const tool = findTool('pg_dump');
  const client = await lockedSession(url, signal);
  const dump = new AbortController();
  const stopDump = () => dump.abort();
  signal?.addEventListener('abort', stopDump, { once: true });
  try {
    const version = await serverVersion(client);
    const dumper = toolVersion(tool);
    if (dumper.major < version.major) {
      throw new Error(
        `${dumper.text} (${tool}) cannot dump a PostgreSQL ${version.text} server: install the client programs of PostgreSQL ${version.major} or newer, or set PG_DUMP`,
      );
    }
    // The snapshot pg_dump dumps, held open here: the files rows read below are exactly the dump's.
    await client.query('begin isolation level repeatable read read only');
    const { rows } = await client.query<{ snapshot: string }>('select pg_export_snapshot() as snapshot');
    log(`pg_dump (${dumper.text}) from snapshot ${rows[0].snapshot}`);
    const { env, dbname } = toolConnection(url);
    const dumping = runTool(
      tool,
      [
        '--format=custom',
        `--snapshot=${rows[0].snapshot}`,
        '--no-owner',
        `--file=${path.join(dir, 'database.dump')}`,
        `--dbname=${dbname}`,
      ],
      { env, signal: dump.signal },
    );
    try {
      const files: ManifestEntry[] = [];
      const fileRows = await client.query<{ n: number }>('select count(*)::int as n from files');
      const migrations = await appliedMigrations(client, journal);
      const storage = config.S3_BUCKET
        ? await backupStorage(config, dir, client, files, signal)
        : await copyReferencedFiles(config, dir, client, files, signal);
      await dumping;
      await client.query('commit');
      files.unshift({ path: 'database.dump', ...(await hashFile(path.join(dir, 'database.dump'))) });
      await copyJwtSecret(config, dir, files);
      return manifestOf(startedAt, storage, files, {
        kind: 'pg_dump',
        serverVersion: version.text,
        tool: `${dumper.text} at ${tool}`,
        migrations,
        fileRows: fileRows.rows[0].n,
      });
    } catch (e) {
      dump.abort();
      await dumping.catch(() => {});
      throw e;
    }
  } finally {
    signal?.removeEventListener('abort', stopDump);
    await client.end().catch(() => {});
  }
}

/** Local storage with a snapshot: exactly the files its rows refer to, each checked against the row's SHA-256. */
async function copyReferencedFiles(
  config: Config,
  dir: string,
  client: pg.ClientBase,
  files: ManifestEntry[],
  signal?: AbortSignal,
): Promise<Manifest['storage']> {
  const { rows } = await client.query<{ storage_key: string; sha256: string }>(
    'select storage_key, sha256 from files order by storage_key',
  );
  const problems: string[] = [];
  for (const row of rows) {
    signal?.throwIfAborted();
    const rel = `files/${row.storage_key}`;
    const copied = await copyHashed(path.join(config.dataDir, 'files', row.storage_key), path.join(dir, rel));
    if (!copied) problems.push(`missing: ${row.storage_key}`);
    else if (copied.sha256 !== row.sha256) problems.push(`differs from its row: ${row.storage_key}`);
    else files.push({ path: rel, ...copied });
  }
  if (problems.length) {
    throw new Error(
      `${problems.length} files the database refers to are not right in ${config.dataDir}/files: ${problems.slice(0, 5).join(', ')}`,
    );
  }
  return { kind: 'local' };
}
