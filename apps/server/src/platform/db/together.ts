import { PgTransaction } from 'drizzle-orm/pg-core';
import pg from 'pg';

/**
 * Whether `db` is one connection: a transaction, or drizzle over a single pg client (the seed's note makers). There
 * pg runs one statement at a time anyway: statements sent together queue on the client, which pg warns of and pg 9
 * refuses ("client.query() when the client is already executing a query").
 */
export function isOneConnection(db: unknown): boolean {
  return db instanceof PgTransaction || (db as { $client?: unknown }).$client instanceof pg.Client;
}

/**
 * The reads' results in their order: started together on a pool (each on a connection of its own), one after another
 * on one connection (isOneConnection).
 */
export async function readTogether<T extends readonly unknown[]>(
  db: unknown,
  reads: { [K in keyof T]: () => Promise<T[K]> },
): Promise<T> {
  if (!isOneConnection(db)) return (await Promise.all(reads.map((read) => read()))) as unknown as T;
  const out: unknown[] = [];
  for (const read of reads) out.push(await read());
  return out as unknown as T;
}
