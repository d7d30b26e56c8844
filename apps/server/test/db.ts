import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { connect, type Database } from '../src/platform/db/database.ts';

export interface TestDatabase extends Database {
  url: string;
  name: string;
  drop(): Promise<void>;
}

/** A database of this test file's own, cloned from a migrated template (empty or with the demo data). */
export async function createTestDatabase(kind: 'empty' | 'demo' = 'demo'): Promise<TestDatabase> {
  const adminUrl = inject('pgAdminUrl');
  const template = kind === 'demo' ? 'mp_tpl_demo' : 'mp_tpl_empty';
  const name = `mp_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${template}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = connect(url.toString(), { max: 10 });
  return {
    ...database,
    url: url.toString(),
    name,
    async drop() {
      await database.close();
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      try {
        await c.query(`drop database if exists ${name} with (force)`);
      } finally {
        await c.end();
      }
    },
  };
}
