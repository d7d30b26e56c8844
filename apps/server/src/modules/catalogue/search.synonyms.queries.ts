import { asc, eq } from 'drizzle-orm';
import { searchSynonyms } from '../../db/schema/index.ts';
import type { Db } from '../../platform/db/database.ts';
import type { Tx } from '../../platform/http/idempotency.ts';

export type SynonymGroupRow = { id: string; words: string[] };

/** The groups of one synonym list, in their order. */
export async function selectSynonymGroups(db: Db | Tx, code: string): Promise<SynonymGroupRow[]> {
  return db
    .select({ id: searchSynonyms.id, words: searchSynonyms.words })
    .from(searchSynonyms)
    .where(eq(searchSynonyms.code, code))
    .orderBy(asc(searchSynonyms.sort), asc(searchSynonyms.createdAt));
}

/** Replaces every group of the list (in the caller's transaction). */
export async function replaceSynonymGroups(tx: Tx, code: string, groups: readonly string[][]): Promise<void> {
  await tx.delete(searchSynonyms).where(eq(searchSynonyms.code, code));
  if (groups.length > 0)
    await tx.insert(searchSynonyms).values(groups.map((words, sort) => ({ code, words, sort })));
}
