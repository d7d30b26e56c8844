import { createHash } from 'node:crypto';
import type pg from 'pg';
import type { Db } from './database.ts';

/**
 * Hot statements as named prepared statements (docs/decisions/0011): each pooled connection parses and
 * plans the text once, and no query builder runs per call. A statement is plain SQL with `$n` parameters
 * (cast where PostgreSQL cannot infer the type), defined once at module level with `statement()`, and run
 * with `runStatement()` on the pool or on a transaction (the transaction's own connection).
 *
 * PostgreSQL plans the first five runs per connection with the values, then keeps one generic plan if it
 * is not estimated dearer. A parameter whose value changes the estimate (the length of an array) makes the
 * generic plan look dearer and the statement is planned on every run: hide such a value from the planner
 * (`= any(array(select unnest($1::text[])))`) and check with pg_stat_statements (plans vs calls).
 */
export interface Statement {
  readonly name: string;
  readonly text: string;
}

export function statement(text: string): Statement {
  // why: one name per text; node-pg refuses a known name with another text on the same connection.
  return { name: `mp_${createHash('sha1').update(text).digest('base64url').slice(0, 24)}`, text };
}

type Queryable = { query: pg.Pool['query'] };

/** The node-postgres pool (of a Db) or client (of a transaction) a Drizzle database object runs on. */
function clientOf(db: unknown): Queryable {
  // why: a transaction object keeps its connection in `session.client`, a database its pool in `$client`.
  const d = db as { $client?: Queryable; session?: { client?: Queryable } };
  const client = d.$client ?? d.session?.client;
  if (!client) throw new Error('runStatement: not a node-postgres database or transaction');
  return client;
}

/** Rows of a prepared statement, typed by the caller (column aliases give the property names). */
export async function runStatement<T extends object>(
  db: Db | object,
  st: Statement,
  values: readonly unknown[],
): Promise<T[]> {
  const r = await clientOf(db).query<T>({ name: st.name, text: st.text, values: values as unknown[] });
  return r.rows;
}
