/** Product search box rules (spec §2 Product search box, §4 Quick search, §5, §9). */

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

export interface TextSegment {
  text: string;
  match: boolean;
}

/** Splits a text into plain and matched segments (every case-insensitive occurrence of any word), for bold display. */
export function highlightSegments(text: string, words: readonly string[]): TextSegment[] {
  const wanted = [...new Set(words.filter((w) => w !== ''))];
  if (wanted.length === 0 || text === '') return text === '' ? [] : [{ text, match: false }];
  const lower = text.toLowerCase();
  const marked = new Array<boolean>(text.length).fill(false);
  for (const w of wanted) {
    let from = lower.indexOf(w);
    while (from !== -1) {
      marked.fill(true, from, from + w.length);
      from = lower.indexOf(w, from + 1);
    }
  }
  const segments: TextSegment[] = [];
  let start = 0;
  for (let i = 1; i <= text.length; i++) {
    if (i === text.length || marked[i] !== marked[start]) {
      segments.push({ text: text.slice(start, i), match: marked[start] });
      start = i;
    }
  }
  return segments;
}
