import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { reservePort } from '../../../scripts/lib/ports.ts';
import { connect } from '../src/platform/db/database.ts';
import { startEmbeddedPostgres } from '../src/platform/db/embedded.ts';
import { runMigrations } from '../src/platform/db/migrate.ts';
import { LocalDiskStorage } from '../src/platform/files/storage.ts';
import { seedDemo } from '../src/seed/index.ts';

export const TEMPLATE_EMPTY = 'mp_tpl_empty';
export const TEMPLATE_DEMO = 'mp_tpl_demo';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
    filesDir: string;
  }
}

/**
 * One PostgreSQL server for the whole run: the embedded one by default, or TEST_DATABASE_URL (any server,
 * e.g. Debian's) when set. Two migrated templates are made once; each test file clones its own database.
 */
export default async function setup(project: TestProject) {
  const work = mkdtempSync(path.join(tmpdir(), 'mp-test-'));
  // why: as root, PostgreSQL runs as the postgres user, which must reach its data directory below this one.
  chmodSync(work, 0o755);
  let stop: (() => Promise<void>) | undefined;
  let adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    // why: a port can be taken by anything on the machine (a random one in 55000–59000 was, now and then,
    // by an outgoing connection); a socket in this run's own directory cannot. Where there is none — Windows,
    // or a temporary directory so deep that the socket's path exceeds the 103 bytes macOS allows — a port
    // reserved outside the ephemeral range instead (scripts/lib/ports.ts).
    const dir = path.join(work, 'pg');
    const socketDir = path.join(work, 's');
    const socketFits = Buffer.byteLength(path.join(socketDir, '.s.PGSQL.5432')) <= 103;
    const embedded =
      process.platform !== 'win32' && socketFits
        ? await startEmbeddedPostgres({ dir, port: 5432, socketDir })
        : await startEmbeddedPostgres({ dir, port: await reservePort() });
    stop = embedded.stop;
    adminUrl = embedded.url;
  }
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const filesDir = path.join(work, 'files');
  try {
    for (const name of [TEMPLATE_EMPTY, TEMPLATE_DEMO]) {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.query(`create database ${name}`);
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      const database = connect(url.toString(), { max: 4 });
      try {
        await runMigrations(database.db);
        if (name === TEMPLATE_DEMO) await seedDemo(database.db, { storage: new LocalDiskStorage(filesDir) });
      } finally {
        await database.close();
      }
    }
  } finally {
    await admin.end();
  }
  project.provide('pgAdminUrl', adminUrl);
  project.provide('filesDir', filesDir);
  return async () => {
    await stop?.();
    rmSync(work, { recursive: true, force: true });
  };
}
