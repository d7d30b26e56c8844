import type { Locale } from '@mp/contract/i18n';
import { CONTAINS_MIN_WORD_LENGTH } from '@mp/contract/rules/search';
import { inBatches } from './catalogue.read-model.queries.ts';
import { createReadModel } from './catalogue.read-model.ts';
import { presenceTextsSql } from './search.presence.queries.ts';
import { bytesOf } from './search.texts.ts';

/**
 * Which three-byte sequences occur anywhere in the items' and sets' descriptions of one language: one bit per
 * sequence (2^24 bits, 2 MiB, exact — no hashing). A word of 3+ characters is found in a text only if each of its
 * three-byte windows occurs in it (UTF-8 bytes, as the quick-search index matches them).
 *
 * What it is for (decision 0008, "Words in no description"): when the interface language finds fewer than 10, the
 * quick search asks the other languages (decision 0013) — at scale 1000 through their statements, since a process
 * holds only its own language's index. Another language can add only what its descriptions match: its number
 * matches are the interface language's (numbers are the same in every language, and fewer than 10 means all of
 * them are already listed). So a language none of whose descriptions can hold a selecting word is not asked
 * (`partsToAsk`).
 */
export class TrigramPresence {
  readonly revision: number;
  readonly bits: Uint8Array;

  constructor(revision: number, bits: Uint8Array) {
    this.revision = revision;
    this.bits = bits;
  }

  static empty(revision: number): TrigramPresence {
    return new TrigramPresence(revision, new Uint8Array(1 << 21));
  }

  add(bytes: Uint8Array): void {
    const { bits } = this;
    for (let i = 0; i + 2 < bytes.length; i++) {
      const k = (bytes[i] << 16) | (bytes[i + 1] << 8) | bytes[i + 2];
      bits[k >>> 3] |= 1 << (k & 7);
    }
  }

  /** False when the word (folded, as the search has it) occurs in no text; true when it may. */
  mayOccur(word: string): boolean {
    if (word.length < CONTAINS_MIN_WORD_LENGTH) return true;
    const bytes = bytesOf(word);
    const { bits } = this;
    for (let i = 0; i + 2 < bytes.length; i++) {
      const k = (bytes[i] << 16) | (bytes[i + 1] << 8) | bytes[i + 2];
      if ((bits[k >>> 3] & (1 << (k & 7))) === 0) return false;
    }
    return true;
  }

  /** Whether no word can occur in any description (a word under 3 characters always may). */
  rulesOut(words: readonly string[]): boolean {
    return words.length > 0 && words.every((w) => !this.mayOccur(w));
  }

  /**
   * What another language's quick search can add, as its statement selects (quickSearchSql; the index's `search`
   * alike): items by their words of 3+ characters when there are any, else by all words; sets by any word. Items
   * no selecting word can occur in add nothing, so only the sets are asked ('sets', when shown) or nothing.
   */
  partsToAsk(words: readonly string[], withSets: boolean): 'all' | 'sets' | 'none' {
    const long = words.filter((w) => w.length >= CONTAINS_MIN_WORD_LENGTH);
    if (!this.rulesOut(long.length > 0 ? long : words)) return 'all';
    return withSets && !this.rulesOut(words) ? 'sets' : 'none';
  }
}

/**
 * The presence bits of a locale, built per database from one snapshot (catalogue.read-model.ts); 2 MiB a locale
 * whatever the scale.
 */
export const trigramPresence = createReadModel(
  'search-presence',
  async (tx, locale: Locale) => {
    const presence = TrigramPresence.empty(0);
    await inBatches<{ t: string }>(tx, presenceTextsSql(locale), 20, (rows) => {
      for (const r of rows) presence.add(bytesOf(r.t));
    });
    return presence.bits;
  },
  (bits, revision) => new TrigramPresence(revision, bits),
  // 2 MiB over the items, for the budget's estimate (at least 5 B an item at scale 1000's 433,000)
  5,
  {
    parts: (p) => ({ revision: p.revision, bits: p.bits }),
    fromParts: (p: { revision: number; bits: Uint8Array }) => new TrigramPresence(p.revision, p.bits),
  },
);
