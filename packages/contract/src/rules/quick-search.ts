/** Product search box rules (product §2 Product search box, §4 Quick search, §5, §9). */
import { type HighlightPart, highlightMatches } from './search.ts';

export const MIN_SEARCH_LENGTH = 2;
export const QUICK_SEARCH_DEBOUNCE_MS = 400;

/** Search text split on spaces into words, lowercased; empty words dropped. */
export function searchWords(text: string): string[] {
  return text
    .toLowerCase()
    .split(/\s+/)
    .filter((w) => w !== '');
}

/** True when the text is long enough to search (trimmed length ≥ minimum). */
export function isSearchable(text: string, min: number = MIN_SEARCH_LENGTH): boolean {
  return text.trim().length >= min;
}

/** How many of the words the text contains (case-insensitive). */
export function countMatchedWords(text: string, words: readonly string[]): number {
  const lower = text.toLowerCase();
  return words.filter((w) => lower.includes(w)).length;
}

/** Results sorted by how many search words their description contains, most first; ties keep their order. */
export function rankQuickResults<T>(results: readonly T[], text: string, describe: (r: T) => string): T[] {
  const words = searchWords(text);
  return results
    .map((r, index) => ({ r, index, score: countMatchedWords(describe(r), words) }))
    .sort((x, y) => y.score - x.score || x.index - y.index)
    .map((x) => x.r);
}

/**
 * The dropdown bolds with the search's rule (./search.ts `highlightMatches`): case and accents never matter,
 * one rule for every highlighted text.
 */
export type TextSegment = HighlightPart;
export const highlightSegments: (text: string, words: readonly string[]) => TextSegment[] = highlightMatches;
