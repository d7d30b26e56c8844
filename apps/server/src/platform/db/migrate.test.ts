import { randomBytes } from 'node:crypto';
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
