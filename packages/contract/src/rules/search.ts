// Product search rules (product §4 quick search, §5 validation, §9 minimum length), shared by the server's
// queries and the web's dropdown (ranking and bolding of matched words).

import { defaultLocale, type Locale, locales } from '../i18n/locales.ts';

/** Spec §9: the product search needs at least this many characters (setting MinimumZoekLengte, default 2). */
export const MIN_SEARCH_LENGTH = 2;
/** More words than this are ignored: a search box is not a document. */
export const MAX_SEARCH_WORDS = 8;
/** Longest search text accepted. */
export const MAX_SEARCH_LENGTH = 100;
/** Words shorter than this match only at the start of a word (a 2-letter fragment inside a word is noise). */
export const CONTAINS_MIN_WORD_LENGTH = 3;
/**
 * What starts a word for that rule: the start of the text or one of these characters before it. A fixed
 * list (not "any non-letter") because the database matches it with trigram-indexed LIKE patterns.
 */
export const WORD_SEPARATORS = [' ', '-'] as const;

// Letters that unaccent (PostgreSQL's unaccent.rules) spells out and that NFD does not decompose.
const SPELLED: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
  ĳ: 'ij',
};

function foldChar(ch: string): string {
  const lower = ch.toLowerCase();
  let out = '';
  for (const c of lower) out += SPELLED[c] ?? c.normalize('NFD').replace(/\p{M}/gu, '');
  return out;
}

/** Case- and accent-insensitive form of a text, as `lower(f_unaccent(text))` gives it in the database. */
export function foldText(text: string): string {
  let out = '';
  for (const ch of text) out += foldChar(ch);
  return out;
}

/** Whether a search text is long enough to search at all (shorter: an empty list, never an error). */
export function isSearchable(query: string | null | undefined, minLength = MIN_SEARCH_LENGTH): boolean {
  return (query ?? '').trim().length >= minLength;
}

/**
 * The words of a search text: split on whitespace, folded (lower case, no accents), duplicates and
 * empty parts removed, at most MAX_SEARCH_WORDS, in the order typed.
 */
export function splitSearchWords(query: string | null | undefined): string[] {
  const seen = new Set<string>();
  for (const part of (query ?? '').slice(0, MAX_SEARCH_LENGTH).split(/\s+/u)) {
    const word = foldText(part);
    if (word && !seen.has(word)) seen.add(word);
    if (seen.size >= MAX_SEARCH_WORDS) break;
  }
  return [...seen];
}

/**
 * Fewer hits than this in the interface language (the quick search's 10) and the other languages are searched
 * too (decision 0013). The full search counts the interface language's matches before any filter, so
 * whether it looks further depends neither on the page nor on the filters.
 */
export const OTHER_LANGUAGES_BELOW = 10;

/**
 * The languages searched after the interface language when it finds too little (issue #9 item 11,
 * decision 0013): nl-NL first (the catalogue's source language, the one every item has), then the
 * others in their usual order. Their hits rank below the interface language's, in this order.
 */
export function fallbackLocales(locale: Locale): Locale[] {
  return [defaultLocale, ...locales.filter((l) => l !== defaultLocale)].filter((l) => l !== locale);
}

/** At most this many word lists are searched for one text when synonyms apply (the typed words are the first). */
export const MAX_SEARCH_VARIANTS = 8;

/** Synonym groups (SynoniemCode, issue #31 item 20) as the search compares them: every word folded. */
export function synonymGroupsOf(groups: readonly (readonly string[])[]): string[][] {
  return groups.map((g) => [...new Set(g.map(foldText).filter(Boolean))]).filter((g) => g.length > 1);
}

/**
 * The word lists a search looks for (decision 0013): the (folded) words as typed first, then each word that is a
 * word of a synonym group replaced by each other word of its group, in the groups' order, combined over the words;
 * at most MAX_SEARCH_VARIANTS, no word twice in one list. Whole words only: a part of a synonym is no synonym.
 */
export function searchVariants(words: readonly string[], groups: readonly (readonly string[])[]): string[][] {
  const alternatives = words.map((w) => {
    const others = groups.filter((g) => g.includes(w)).flatMap((g) => g.filter((x) => x !== w));
    return [w, ...new Set(others)];
  });
  let variants: string[][] = [[]];
  for (const options of alternatives) {
    const next: string[][] = [];
    for (const v of variants) {
      for (const o of options) {
        if (v.includes(o)) continue;
        next.push([...v, o]);
        if (next.length >= MAX_SEARCH_VARIANTS) break;
      }
      if (next.length >= MAX_SEARCH_VARIANTS) break;
    }
    variants = next;
  }
  return variants;
}

const startsWord = (folded: string, at: number) =>
  at === 0 || (WORD_SEPARATORS as readonly string[]).includes(folded[at - 1]);

/** Start offsets in `folded` where `word` matches by the rule of `wordMatches`. */
function matchOffsets(folded: string, word: string): number[] {
  const out: number[] = [];
  if (!word) return out;
  let from = 0;
  for (;;) {
    const at = folded.indexOf(word, from);
    if (at < 0) break;
    if (word.length >= CONTAINS_MIN_WORD_LENGTH || startsWord(folded, at)) out.push(at);
    from = at + 1;
  }
  return out;
}

/**
 * Whether one (folded) search word matches a text: a word of 3+ characters anywhere in it, a shorter word
 * only at the start of the text or after a space or hyphen. Case and accents never matter.
 */
export function wordMatches(text: string, word: string): boolean {
  return matchOffsets(foldText(text), foldText(word)).length > 0;
}

/** How many of the search words the text contains (the first ranking key, product §4). */
export function countMatchedWords(text: string, words: readonly string[]): number {
  const folded = foldText(text);
  let n = 0;
  for (const w of words) if (matchOffsets(folded, w).length) n++;
  return n;
}

/**
 * Results sorted by how many search words their text contains, most first; ties keep their order
 * (the server already ordered them by relevance, then by number).
 */
export function rankByMatchedWords<T>(
  results: readonly T[],
  words: readonly string[],
  textOf: (r: T) => string,
): T[] {
  return results
    .map((r, i) => ({ r, i, n: countMatchedWords(textOf(r), words) }))
    .sort((a, b) => b.n - a.n || a.i - b.i)
    .map((x) => x.r);
}

export interface HighlightPart {
  text: string;
  match: boolean;
}

/**
 * The text cut into parts, matched words marked, for bold rendering. Matching is case- and
 * accent-insensitive; the parts keep the original spelling.
 */
export function highlightMatches(text: string, words: readonly string[]): HighlightPart[] {
  // Fold character by character, remembering which original character each folded one came from.
  const chars = Array.from(text);
  let folded = '';
  const origin: number[] = [];
  chars.forEach((ch, i) => {
    const f = foldChar(ch);
    folded += f;
    for (let k = 0; k < f.length; k++) origin.push(i);
  });
  const marked = new Array<boolean>(chars.length).fill(false);
  for (const word of words) {
    const w = foldText(word);
    for (const at of matchOffsets(folded, w)) {
      for (let k = at; k < at + w.length; k++) marked[origin[k]] = true;
    }
  }
  const parts: HighlightPart[] = [];
  chars.forEach((ch, i) => {
    const last = parts[parts.length - 1];
    if (last && last.match === marked[i]) last.text += ch;
    else parts.push({ text: ch, match: marked[i] });
  });
  return parts;
}
