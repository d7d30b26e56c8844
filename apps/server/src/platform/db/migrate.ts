import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';
import type { Db } from './database.ts';

export const migrationsFolder = path.resolve(fileURLToPath(import.meta.url), '../../../db/migrations');

/** The advisory lock key the migrations hold (any fixed number; 'mp-migrate' as bytes). */
const MIGRATION_LOCK = 0x6d702d6d6967;

/**
 * Applies the migrations not yet applied. Several processes may start at once on one database (compose replicas,
 * docs/decisions/0029): each takes a session advisory lock on one connection first, so one migrates and the others
 * wait, then find nothing left to do.
 */
export async function runMigrations(db: Db): Promise<void> {
  // why: drizzle(pool) keeps its pool as $client (the Db type leaves it out); the lock needs one connection
  const client = await (db as Db & { $client: pg.Pool }).$client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await migrate(drizzle(client), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}
