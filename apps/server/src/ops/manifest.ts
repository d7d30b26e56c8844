import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** What `npm run backup` writes last, as manifest.json: a backup without it is unfinished (docs/decisions/0030). */
export interface Manifest {
  format: 'materieelportaal-backup';
  formatVersion: 1;
  startedAt: string;
  finishedAt: string;
  portalVersion: string;
  database: {
    /** `base-backup`: the embedded cluster's files and WAL (PostgreSQL's low-level base backup); `pg_dump`: a custom-format dump. */
    kind: 'base-backup' | 'pg_dump';
    serverVersion: string;
    /** The tool that made it: `PostgreSQL <version> (pg_backup_start/pg_backup_stop)` or `pg_dump (PostgreSQL) 18.1 at /usr/bin/pg_dump`. */
    tool: string;
    /** Schema migrations applied (rows of drizzle.__drizzle_migrations) and the journal tag of the last one. */
    migrations: { count: number; last: string | null };
    /** The number of rows of the files table in the saved state, when known (a pg_dump's snapshot). */
    fileRows: number | null;
  };
  storage:
    | { kind: 'local' }
    | { kind: 's3'; bucket: string; objects: { key: string; size: number; etag: string | null }[] };
  /** Every file of the backup but manifest.json: its path under the backup directory, size and SHA-256. */
  files: { path: string; size: number; sha256: string }[];
}

export type ManifestEntry = Manifest['files'][number];

/** Copies a file while hashing it; undefined when the source vanished meanwhile (a temp file, a deleted upload). */
export async function copyHashed(
  from: string,
  to: string,
): Promise<{ size: number; sha256: string } | undefined> {
  const hash = createHash('sha256');
  let size = 0;
  await mkdir(path.dirname(to), { recursive: true });
  try {
    await pipeline(
      createReadStream(from),
      new Transform({
        transform(chunk: Buffer, _enc, done) {
          hash.update(chunk);
          size += chunk.length;
          done(null, chunk);
        },
      }),
      createWriteStream(to, { mode: 0o600 }),
    );
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw e;
  }
  return { size, sha256: hash.digest('hex') };
}

export async function hashFile(file: string): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of createReadStream(file)) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { size, sha256: hash.digest('hex') };
}

/**
 * Copies a directory tree into `backupDir/prefix`, hashing each file. `skip(rel, isDir)` leaves an entry out; a
 * directory it names with 'contents' is made empty (PostgreSQL expects it to exist); with 'subdirectories' it keeps
 * its sub-directories without any file. Returns the manifest entries.
 */
export async function copyTree(
  from: string,
  backupDir: string,
  prefix: string,
  options: {
    skip?: (rel: string, isDir: boolean) => false | 'whole' | 'contents' | 'subdirectories';
    signal?: AbortSignal;
  } = {},
): Promise<ManifestEntry[]> {
  const entries: ManifestEntry[] = [];
  const walk = async (rel: string): Promise<void> => {
    let names: import('node:fs').Dirent[];
    try {
      names = await readdir(path.join(from, rel), { withFileTypes: true });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw e;
    }
    await mkdir(path.join(backupDir, prefix, rel), { recursive: true, mode: 0o700 });
    for (const entry of names) {
      options.signal?.throwIfAborted();
      const childRel = rel ? `${rel}/${entry.name}` : entry.name;
      const isDir = entry.isDirectory();
      const skip = options.skip?.(childRel, isDir) ?? false;
      if (skip === 'whole') continue;
      if (isDir) {
        if (skip === 'contents')
          await mkdir(path.join(backupDir, prefix, childRel), { recursive: true, mode: 0o700 });
        else if (skip === 'subdirectories')
          await emptyCopyOfDirs(path.join(from, childRel), path.join(backupDir, prefix, childRel));
        else await walk(childRel);
      } else if (entry.isFile()) {
        const target = `${prefix}/${childRel}`;
        const copied = await copyHashed(path.join(from, childRel), path.join(backupDir, target));
        if (copied) entries.push({ path: target, ...copied });
      }
    }
  };
  await walk('');
  return entries;
}

/** The directory and its sub-directories, without any file (pg_wal/archive_status, pg_wal/summaries). */
async function emptyCopyOfDirs(from: string, to: string): Promise<void> {
  await mkdir(to, { recursive: true, mode: 0o700 });
  for (const entry of await readdir(from, { withFileTypes: true }).catch(() => [])) {
    if (entry.isDirectory()) await emptyCopyOfDirs(path.join(from, entry.name), path.join(to, entry.name));
  }
}

export async function writeManifest(dir: string, manifest: Manifest): Promise<void> {
  await writeFile(path.join(dir, 'manifest.json'), `${JSON.stringify(manifest, null, 1)}\n`, { mode: 0o600 });
}

/**
 * Reads manifest.json and checks every file it lists (size and SHA-256) before anything is restored. Throws with
 * the first problems found; a directory without a manifest is not a finished backup.
 */
export async function verifyBackup(dir: string, log: (line: string) => void = () => {}): Promise<Manifest> {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(await readFile(path.join(dir, 'manifest.json'), 'utf8')) as Manifest;
  } catch (e) {
    throw new Error(
      `${dir} holds no readable manifest.json (not a finished backup): ${(e as Error).message}`,
    );
  }
  if (manifest.format !== 'materieelportaal-backup' || manifest.formatVersion !== 1) {
    throw new Error(`${dir}/manifest.json is not a Materieelportaal backup of format version 1`);
  }
  const problems: string[] = [];
  for (const entry of manifest.files) {
    const file = path.join(dir, entry.path);
    const found = await stat(file).catch(() => undefined);
    if (!found) {
      problems.push(`missing: ${entry.path}`);
      continue;
    }
    const actual = await hashFile(file);
    if (actual.size !== entry.size || actual.sha256 !== entry.sha256)
      problems.push(`checksum differs: ${entry.path}`);
  }
  // a restore copies directories whole: nothing in them may be outside the manifest
  const listed = new Set([...manifest.files.map((f) => f.path), 'manifest.json']);
  for (const file of await filesUnder(dir))
    if (!listed.has(file)) problems.push(`not in the manifest: ${file}`);
  if (problems.length > 0) {
    throw new Error(
      `the backup in ${dir} is damaged (${problems.length} of ${manifest.files.length} files):\n  ${problems.slice(0, 20).join('\n  ')}`,
    );
  }
  log(`backup verified: ${manifest.files.length} files, checksums match`);
  return manifest;
}

/** Every file under `dir`, as paths relative to it with '/'. */
async function filesUnder(dir: string, rel = ''): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(path.join(dir, rel), { withFileTypes: true })) {
    const child = rel ? `${rel}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...(await filesUnder(dir, child)));
    else out.push(child);
  }
  return out;
}

/** True when the directory does not exist or holds nothing. */
export async function isEmptyDir(dir: string): Promise<boolean> {
  try {
    return (await readdir(dir)).length === 0;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw e;
  }
}
