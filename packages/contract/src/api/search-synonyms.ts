import { z } from 'zod';

// Search synonyms (issue #31 item 20, setting SynoniemCode, decision 0013): groups of words that mean the same to a
// searcher, in the list the setting names. Administrators keep them on /settings/zoeksynoniemen.

/** Most groups one list may hold, and words one group. */
export const MAX_SYNONYM_GROUPS = 500;
export const MAX_SYNONYM_WORDS = 20;

/** One word: no spaces (the search splits on them), 2 to 50 characters. */
export const synonymWord = z.string().trim().min(2).max(50).regex(/^\S+$/, 'validation.een_woord');

export const synonymGroup = z.object({
  id: z.string(),
  words: z.array(z.string()),
});

/** GET /api/v2.0/SearchSynonyms: the list SynoniemCode names ('' when the setting is empty: synonyms off). */
export const searchSynonyms = z.object({
  code: z.string(),
  groups: z.array(synonymGroup),
});
export type SearchSynonyms = z.infer<typeof searchSynonyms>;

/** PUT /api/v2.0/SearchSynonyms: every group of the list, replacing what it held (in this order). */
export const searchSynonymsInput = z
  .object({
    groups: z
      .array(z.object({ words: z.array(synonymWord).min(2).max(MAX_SYNONYM_WORDS) }).strict())
      .max(MAX_SYNONYM_GROUPS),
  })
  .strict();
export type SearchSynonymsInput = z.infer<typeof searchSynonymsInput>;
