import type { SearchSynonyms, SearchSynonymsInput } from '@mp/contract/api/search-synonyms';
import { foldText, searchVariants, synonymGroupsOf } from '@mp/contract/rules/search';
import { requireAccess } from '../../platform/auth/access.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError, fieldErrors } from '../../platform/errors.ts';
import type { Ctx } from '../../platform/http/context.ts';
import { getSetting } from '../settings/index.ts';
import { createCache } from './catalogue.cache.ts';
import { replaceSynonymGroups, selectSynonymGroups } from './search.synonyms.queries.ts';

// Search synonyms (issue #31 item 20, decision 0013): SynoniemCode names a list of groups of words that mean the same
// to a searcher; a searched word of a group is also searched as each of its other words (rules/search.ts
// searchVariants). The list is read once per process and code and kept folded; a save here clears it at once, the
// other server processes on the NOTIFY of migration 0031 (forgetSearchSynonyms, wired in main.ts; decision 0029).
// CACHE_SECONDS is the safety net while a process's listener is away, and for processes without one.

const CACHE_SECONDS = 10;
const groupsCache = createCache<string[][]>({ ttlMs: CACHE_SECONDS * 1000, maxEntries: 50 });

/** The channel migration 0031's trigger NOTIFYs when search_synonyms change. */
export const SEARCH_SYNONYMS_CHANNEL = 'mp_search_synonyms';

/** Drops this process's synonym lists of a database (another process changed them). */
export function forgetSearchSynonyms(db: Db): void {
  groupsCache.clear(db);
}

/** The folded groups of a list (none for an empty code). `now`: the cache's clock (tests freeze it). */
export function synonymGroupsFor(db: Db, code: string, now = Date.now()): Promise<string[][]> {
  if (!code) return Promise.resolve([]);
  return groupsCache.get(
    db,
    code,
    async () => synonymGroupsOf((await selectSynonymGroups(db, code)).map((g) => g.words)),
    now,
  );
}

/** The word lists to search for these words: the words themselves, then their synonyms' (searchVariants). */
export async function searchWordVariants(ctx: Ctx, words: string[]): Promise<string[][]> {
  if (words.length === 0) return [words];
  const code = (await getSetting(ctx, 'SynoniemCode')).trim();
  return searchVariants(words, await synonymGroupsFor(ctx.db, code));
}

/** GET SearchSynonyms (administrators): the list the setting names, as entered. */
export async function getSearchSynonyms(ctx: Ctx): Promise<SearchSynonyms> {
  await requireAccess(ctx, { permission: 'admin' });
  const code = (await getSetting(ctx, 'SynoniemCode')).trim();
  return { code, groups: code ? await selectSynonymGroups(ctx.db, code) : [] };
}

/** A word that is already in the list: a rule of the list as a whole, which no schema of one group can say. */
const wordTwice = (field: string, word: string) =>
  fieldErrors('rule', 'error.ongeldige_invoer', {
    [field]: { code: 'validation.synoniem_dubbel', params: { word } },
  });

/**
 * PUT SearchSynonyms (administrators): replaces the groups of the list the setting names, all or nothing. Refused
 * with 422 while SynoniemCode is empty (there is no list to keep), and with 422 naming the word for a word twice in
 * one group or in two groups (a word may mean only one thing).
 */
export async function saveSearchSynonyms(ctx: Ctx, input: SearchSynonymsInput): Promise<SearchSynonyms> {
  await requireAccess(ctx, { permission: 'admin' });
  const code = (await getSetting(ctx, 'SynoniemCode')).trim();
  if (!code) throw new AppError('rule', 'error.synoniemcode_leeg');
  const seen = new Map<string, string>();
  input.groups.forEach((g, i) => {
    g.words.forEach((w, j) => {
      const folded = foldText(w);
      const where = `groups.${i}.words.${j}`;
      if (seen.has(folded)) throw wordTwice(where, w);
      seen.set(folded, where);
    });
  });
  await ctx.db.transaction((tx) =>
    replaceSynonymGroups(
      tx,
      code,
      input.groups.map((g) => g.words),
    ),
  );
  forgetSearchSynonyms(ctx.db);
  return { code, groups: await selectSynonymGroups(ctx.db, code) };
}
