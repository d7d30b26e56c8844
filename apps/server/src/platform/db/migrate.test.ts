import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { connect } from './database.ts';
import { runMigrations } from './migrate.ts';

// Several server processes (compose replicas, WEB_CONCURRENCY over DATABASE_URL) start together on a new, empty
// database (issue #34 point 2, docs/decisions/0029): each runs the migrations; they must not trip over each other.

async function withNewDatabase(work: (url: string) => Promise<void>) {
  const adminUrl = inject('pgAdminUrl');
  const name = `mp_t_mig_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    await work(url.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

describe('migrations run by several processes at once', () => {
  it('apply once, and every process starts', async () => {
    await withNewDatabase(async (url) => {
      const processes = [connect(url, { max: 2 }), connect(url, { max: 2 }), connect(url, { max: 2 })];
      try {
        const results = await Promise.allSettled(processes.map((p) => runMigrations(p.db)));
        expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'ok'))).toEqual([
          'ok',
          'ok',
          'ok',
        ]);
        const applied = await processes[0].pool.query(
          'select count(*)::int as n from drizzle.__drizzle_migrations',
        );
        const journal = (await import('../../db/migrations/meta/_journal.json', { with: { type: 'json' } }))
          .default;
        expect(applied.rows[0].n).toBe(journal.entries.length);
      } finally {
        await Promise.all(processes.map((p) => p.close()));
      }
    });
  });
});

/** A migrations folder of these SQL texts (drizzle's layout: meta/_journal.json and <tag>.sql). */
function folderOf(migrations: string[]): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'mp-mig-'));
  mkdirSync(path.join(dir, 'meta'));
  const entries = migrations.map((sql, idx) => {
    const tag = `000${idx}_t`;
    writeFileSync(path.join(dir, `${tag}.sql`), sql);
    return { idx, version: '7', when: 1_000 + idx, tag, breakpoints: true };
  });
  writeFileSync(
    path.join(dir, 'meta/_journal.json'),
    JSON.stringify({ version: '7', dialect: 'postgresql', entries }),
  );
  return dir;
}

describe('each migration in a transaction of its own (docs/decisions/0030)', () => {
  it('a failing migration leaves nothing of itself; the ones before it stay applied and it runs again next time', async () => {
    await withNewDatabase(async (url) => {
      const good =
        'create table t_one (id int primary key);--> statement-breakpoint\ninsert into t_one values (1);';
      const bad =
        'create table t_two (id int primary key);--> statement-breakpoint\ninsert into t_missing values (1);';
      const fixed = 'create table t_two (id int primary key);';
      const p = connect(url, { max: 2 });
      const broken = folderOf([good, bad]);
      const repaired = folderOf([good, fixed]);
      try {
        await expect(runMigrations(p.db, { folder: broken })).rejects.toThrow(/t_missing/);
        const tables = await p.pool.query(
          "select table_name from information_schema.tables where table_schema = 'public' order by 1",
        );
        expect(tables.rows.map((r) => r.table_name)).toEqual(['t_one']);
        const applied = await p.pool.query('select count(*)::int as n from drizzle.__drizzle_migrations');
        expect(applied.rows[0].n).toBe(1);
        await runMigrations(p.db, { folder: repaired });
        const after = await p.pool.query('select count(*)::int as n from drizzle.__drizzle_migrations');
        expect(after.rows[0].n).toBe(2);
      } finally {
        await p.close();
        rmSync(broken, { recursive: true, force: true });
        rmSync(repaired, { recursive: true, force: true });
      }
    });
  });

  it('runs a migration of CREATE INDEX CONCURRENTLY outside a transaction', async () => {
    await withNewDatabase(async (url) => {
      const dir = folderOf([
        'create table t_big (id int primary key, n int);',
        'CREATE INDEX CONCURRENTLY IF NOT EXISTS "t_big_n_idx" ON "t_big" USING btree ("n");',
      ]);
      const p = connect(url, { max: 2 });
      try {
        await runMigrations(p.db, { folder: dir });
        const index = await p.pool.query(
          "select i.indisvalid from pg_index i join pg_class c on c.oid = i.indexrelid where c.relname = 't_big_n_idx'",
        );
        expect(index.rows).toEqual([{ indisvalid: true }]);
      } finally {
        await p.close();
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });
});
