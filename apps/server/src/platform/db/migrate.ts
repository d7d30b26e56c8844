import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type pg from 'pg';
import type { Db } from './database.ts';

export const migrationsFolder = path.resolve(fileURLToPath(import.meta.url), '../../../db/migrations');

/** The advisory lock key the migrations hold (any fixed number; 'mp-migrate' as bytes). */
const MIGRATION_LOCK = 0x6d702d6d6967;

/** A migration of only these runs outside a transaction (PostgreSQL refuses them inside one). */
const CONCURRENT_INDEX = /^\s*create\s+(unique\s+)?index\s+concurrently\s+if\s+not\s+exists\b/i;

interface Options {
  /** Another migrations folder (tests). */
  folder?: string;
  /** Apply the journal's first `count` migrations only (the upgrade test builds an old database with it). */
  count?: number;
}

/**
 * Applies the migrations not yet applied, in drizzle's bookkeeping (`drizzle.__drizzle_migrations`, a row per
 * migration with its hash and journal time), so `npm run db:generate` and existing databases carry on as before.
 *
 * - Several processes may start at once on one database (compose replicas, docs/decisions/0029): each takes a session
 *   advisory lock on one connection first, so one migrates and the others wait, then find nothing left to do.
 * - Each migration runs in a transaction of its own, with its bookkeeping row: one that fails leaves nothing of
 *   itself, the ones before it stay applied (docs/decisions/0030).
 * - A migration of `CREATE INDEX CONCURRENTLY IF NOT EXISTS` statements only (what the migration lint asks for an
 *   index on an existing table) runs outside a transaction, statement by statement; if one fails, the invalid index
 *   it leaves is dropped, so the next start builds it again.
 */
export async function runMigrations(db: Db, options: Options = {}): Promise<void> {
  const all = readMigrationFiles({ migrationsFolder: options.folder ?? migrationsFolder });
  const migrations = options.count === undefined ? all : all.slice(0, options.count);
  // why: drizzle(pool) keeps its pool as $client (the Db type leaves it out); the lock needs one connection
  const client = await (db as Db & { $client: pg.Pool }).$client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await client.query('create schema if not exists drizzle');
      await client.query(
        'create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)',
      );
      const last = await client.query<{ created_at: string }>(
        'select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1',
      );
      const lastMillis = last.rows[0] ? Number(last.rows[0].created_at) : -1;
      for (const migration of migrations) {
        if (migration.folderMillis <= lastMillis) continue;
        const statements = migration.sql.filter((s) => s.trim());
        if (statements.length > 0 && statements.every((s) => CONCURRENT_INDEX.test(stripComments(s)))) {
          await applyConcurrently(client, statements);
          await client.query('insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)', [
            migration.hash,
            migration.folderMillis,
          ]);
          continue;
        }
        await client.query('begin');
        try {
          for (const statement of statements) await client.query(statement);
          await client.query('insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)', [
            migration.hash,
            migration.folderMillis,
          ]);
          await client.query('commit');
        } catch (e) {
          await client.query('rollback').catch(() => {});
          throw e;
        }
      }
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}

const stripComments = (s: string) => s.replace(/--[^\n]*/g, '');

async function applyConcurrently(client: pg.PoolClient, statements: string[]): Promise<void> {
  for (const statement of statements) {
    try {
      await client.query(statement);
    } catch (e) {
      // An interrupted concurrent build leaves an INVALID index that IF NOT EXISTS would keep for ever: drop it.
      const name = /concurrently\s+if\s+not\s+exists\s+"?(\w+)"?/i.exec(stripComments(statement))?.[1];
      const invalid = name
        ? await client.query(
            'select 1 from pg_index i join pg_class c on c.oid = i.indexrelid where c.relname = $1 and not i.indisvalid',
            [name],
          )
        : undefined;
      if (invalid?.rowCount)
        await client.query(`drop index concurrently if exists "${name}"`).catch(() => {});
      throw e;
    }
  }
}
