import { CONTAINS_MIN_WORD_LENGTH, WORD_SEPARATORS } from '@mp/contract/rules/search';

// An in-process index for the quick search (docs/decisions/0008-quick-search-index.md): the same rule and
// ranking as the SQL statement of search.queries.ts (quickSearchSql), answered from memory. Texts come
// folded from the database (search_text = lower(f_unaccent(description)), lower(number)), so folding
// is PostgreSQL's own; the words are folded by splitSearchWords as for the statement.

/** One searchable entry: an item (searchable, not blocked) or an active set, in one locale. */
export interface SearchEntry {
  no: string;
  /** lower(number), what the number tests run on */
  noLower: string;
  /** Description in the locale (nl-NL fallback); the number when there is none. */
  description: string;
  /** Folded description (the folded number when there is none): ranking and the word count. */
  folded: string;
  /** Whether `folded` is a real description: only those are selected by description. */
  hasDescription: boolean;
  imageSha: string | null;
}

export interface SearchHit {
  isSet: boolean;
  no: string;
  description: string;
  imageSha: string | null;
  /** How many of the words the description or number holds. */
  n: number;
  rel: number;
}

const isSeparator = (c: string) => (WORD_SEPARATORS as readonly string[]).includes(c);

/** Whether a folded word matches a folded text: the LIKE patterns of search.queries.ts likePatterns(). */
export function matchesWord(text: string, word: string): boolean {
  if (word.length >= CONTAINS_MIN_WORD_LENGTH) return text.includes(word);
  if (text.startsWith(word)) return true;
  for (const sep of WORD_SEPARATORS) if (text.includes(sep + word)) return true;
  return false;
}

/** Code points, as PostgreSQL's length() counts them. */
function charLength(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

/** Up to this many texts starting with the first word are ranked before the posting lists are scanned. */
const STARTING_SCAN_MAX = 100;

/**
 * A posting list: ascending entry ids as the gaps between them, each in 7-bit groups (LEB128), so most
 * take one byte instead of four (decision 0008, "Size"); `count` is how many ids it holds.
 */
interface PostingList {
  readonly bytes: Uint8Array;
  readonly count: number;
}

const EMPTY: PostingList = { bytes: new Uint8Array(0), count: 0 };

/** Builds a posting list as ids are added (ascending, a repeated last id ignored), bytes grown by doubling. */
export class PostingWriter {
  private bytes = new Uint8Array(8);
  private length = 0;
  private count = 0;
  private last = -1;

  add(id: number): void {
    if (id === this.last) return;
    if (this.length + 5 > this.bytes.length) {
      const grown = new Uint8Array(this.bytes.length * 2);
      grown.set(this.bytes);
      this.bytes = grown;
    }
    let gap = id - this.last;
    this.last = id;
    this.count++;
    while (gap >= 0x80) {
      this.bytes[this.length++] = (gap & 0x7f) | 0x80;
      gap >>>= 7;
    }
    this.bytes[this.length++] = gap;
  }

  done(): PostingList {
    return { bytes: this.bytes.slice(0, this.length), count: this.count };
  }
}

/** Reads a posting list's ids in order: `next()` until it answers -1. */
export class PostingCursor {
  private readonly bytes: Uint8Array;
  private at = 0;
  private id = -1;

  constructor(bytes: Uint8Array) {
    this.bytes = bytes;
  }

  next(): number {
    const { bytes } = this;
    if (this.at >= bytes.length) return -1;
    let b = bytes[this.at++];
    let gap = b & 0x7f;
    for (let shift = 7; b & 0x80; shift += 7) {
      b = bytes[this.at++];
      gap |= (b & 0x7f) << shift;
    }
    this.id += gap;
    return this.id;
  }
}

/**
 * Postings of one text per entry: every 3-unit substring (for words of 3+ characters, which match
 * anywhere) and the 1- and 2-unit starts of its words (for shorter words, which match at a word start).
 */
class Postings {
  private readonly grams = new Map<string, PostingList>();
  private readonly starts = new Map<string, PostingList>();

  constructor(texts: readonly (string | null)[]) {
    const grams = new Map<string, PostingWriter>();
    const starts = new Map<string, PostingWriter>();
    const add = (map: Map<string, PostingWriter>, key: string, id: number) => {
      let list = map.get(key);
      if (!list) {
        list = new PostingWriter();
        map.set(key, list);
      }
      list.add(id);
    };
    texts.forEach((text, id) => {
      if (!text) return;
      for (let i = 0; i + 3 <= text.length; i++) add(grams, text.slice(i, i + 3), id);
      for (let i = 0; i < text.length; i++) {
        if (i > 0 && !isSeparator(text[i - 1])) continue;
        add(starts, text.slice(i, i + 1), id);
        if (i + 2 <= text.length) add(starts, text.slice(i, i + 2), id);
      }
    });
    for (const [k, v] of grams) this.grams.set(k, v.done());
    for (const [k, v] of starts) this.starts.set(k, v.done());
  }

  /**
   * Entries that may match the word: exactly those for a short word; for a longer word the rarest of its
   * trigrams' lists (a superset, checked by the caller).
   */
  candidates(word: string): PostingList {
    if (word.length < CONTAINS_MIN_WORD_LENGTH) return this.starts.get(word) ?? EMPTY;
    let best: PostingList | undefined;
    for (let i = 0; i + 3 <= word.length; i++) {
      const list = this.grams.get(word.slice(i, i + 3));
      if (!list) return EMPTY;
      if (!best || list.count < best.count) best = list;
    }
    return best ?? EMPTY;
  }
}

/** The better of two hits first: more words, then relevance, then number (code point order, as collate "C"). */
export function compareHits(a: SearchHit, b: SearchHit): number {
  return b.n - a.n || b.rel - a.rel || (a.no < b.no ? -1 : a.no > b.no ? 1 : 0);
}

/** Items or sets of one locale. */
export class EntryIndex {
  readonly size: number;
  // One column per field instead of an object per entry (decision 0008, "Size"), in id order.
  private readonly nos: readonly string[];
  private readonly noLowers: readonly string[];
  private readonly descriptions: readonly string[];
  private readonly foldeds: readonly string[];
  private readonly hasDescriptions: Uint8Array;
  private readonly imageShas: readonly (string | null)[];
  private readonly relBase: Float64Array;
  private readonly byDescription: Postings;
  private readonly byNumber: Postings;
  private readonly seen: Uint32Array;
  private epoch = 0;
  private readonly isSet: boolean;

  /** Ids in the order of their lower-case number (then id): one number's entries are one range. */
  private readonly byNumberText: Int32Array;
  /** Ids in the order of their folded text: the ones starting with a word are one range. */
  private readonly byText: Int32Array;

  constructor(entries: readonly SearchEntry[], isSet: boolean) {
    // Ids in ranking order for equal words and start: shorter description first, then number. Every
    // posting list is then best-first for what is left once the exact number has been looked at, so a
    // scan can stop when nothing further down can beat the last of the kept hits.
    const lengths = new Map(entries.map((e) => [e, charLength(e.folded)]));
    const sorted = [...entries].sort(
      (a, b) =>
        (lengths.get(a) as number) - (lengths.get(b) as number) || (a.no < b.no ? -1 : a.no > b.no ? 1 : 0),
    );
    this.isSet = isSet;
    this.size = entries.length;
    this.nos = sorted.map((e) => e.no);
    this.noLowers = sorted.map((e) => e.noLower);
    this.descriptions = sorted.map((e) => e.description);
    this.foldeds = sorted.map((e) => e.folded);
    this.hasDescriptions = Uint8Array.from(sorted, (e) => (e.hasDescription ? 1 : 0));
    this.imageShas = sorted.map((e) => e.imageSha);
    this.relBase = Float64Array.from(sorted, (e) => 1 / (1 + (lengths.get(e) as number)));
    this.byDescription = new Postings(sorted.map((e) => (e.hasDescription ? e.folded : null)));
    this.byNumber = new Postings(this.noLowers);
    const { noLowers, foldeds } = this;
    this.byNumberText = Int32Array.from(sorted.keys()).sort((a, b) => {
      const x = noLowers[a];
      const y = noLowers[b];
      return x < y ? -1 : x > y ? 1 : a - b;
    });
    this.byText = Int32Array.from(sorted.keys()).sort((a, b) => {
      const x = foldeds[a];
      const y = foldeds[b];
      return x < y ? -1 : x > y ? 1 : 0;
    });
    this.seen = new Uint32Array(entries.length);
  }

  /**
   * The entry numbered `no` (its description in this index's locale), through the exact-number order the
   * search already keeps: no extra memory. `noLower` is PostgreSQL's lower(); the loop also finds a number
   * JavaScript lower-cases differently only when both agree, else the caller asks the database.
   */
  entry(no: string): SearchEntry | undefined {
    for (const id of this.withNumber(no.toLowerCase())) {
      if (this.nos[id] === no) {
        return {
          no,
          noLower: this.noLowers[id],
          description: this.descriptions[id],
          folded: this.foldeds[id],
          hasDescription: this.hasDescriptions[id] === 1,
          imageSha: this.imageShas[id],
        };
      }
    }
    return undefined;
  }

  /** Ids of the entries whose lower-case number is `noLower`, in id order. */
  private withNumber(noLower: string): Int32Array {
    const { byNumberText, noLowers } = this;
    let lo = 0;
    let hi = byNumberText.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (noLowers[byNumberText[mid]] < noLower) lo = mid + 1;
      else hi = mid;
    }
    let end = lo;
    while (end < byNumberText.length && noLowers[byNumberText[end]] === noLower) end++;
    return byNumberText.subarray(lo, end);
  }

  /** Ids of the entries whose folded text starts with `prefix`, or null when there are more than `max`. */
  private startingWith(prefix: string, max: number): Int32Array | null {
    const { byText, foldeds } = this;
    let lo = 0;
    let hi = byText.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (foldeds[byText[mid]] < prefix) lo = mid + 1;
      else hi = mid;
    }
    let end = lo;
    while (end < byText.length && foldeds[byText[end]].startsWith(prefix)) {
      if (end - lo >= max) return null;
      end++;
    }
    return byText.subarray(lo, end);
  }

  /**
   * The best `limit` entries selected by any of `selecting` (on description or number), ranked over all
   * `words`: how many match the description or the number, then relevance (the exact number, a
   * description starting with the first word, the shorter description), then number.
   */
  top(words: readonly string[], selecting: readonly string[], limit: number): SearchHit[] {
    this.epoch = (this.epoch + 1) >>> 0;
    if (this.epoch === 0) {
      this.seen.fill(0);
      this.epoch = 1;
    }
    const { nos, noLowers, foldeds, hasDescriptions, seen, epoch, relBase } = this;
    const exact = words.join(' ');
    const first = words[0];
    // A word none of the texts can hold (no list for one of its trigrams or its start) counts for nobody.
    const live = words.filter(
      (w) => this.byDescription.candidates(w).count > 0 || this.byNumber.candidates(w).count > 0,
    );
    const best: SearchHit[] = [];
    let worst: SearchHit | undefined;
    const consider = (id: number, known: string | null) => {
      seen[id] = epoch;
      const no = nos[id];
      const noLower = noLowers[id];
      const folded = foldeds[id];
      let n = known === null ? 0 : 1; // `known` matches: the caller checked it
      for (const w of live) if (w !== known && (matchesWord(folded, w) || matchesWord(noLower, w))) n++;
      if (n === 0) return;
      const rel = (noLower === exact ? 4 : 0) + (folded.startsWith(first) ? 2 : 0) + relBase[id];
      // Most candidates do not make the list: compare before building a hit.
      if (
        worst &&
        (n < worst.n || (n === worst.n && (rel < worst.rel || (rel === worst.rel && no >= worst.no))))
      )
        return;
      const hit: SearchHit = {
        isSet: this.isSet,
        no,
        description: this.descriptions[id],
        imageSha: this.imageShas[id],
        n,
        rel,
      };
      // Insert in order; `limit` is small (10), so a sorted array beats a heap.
      let at = best.length;
      while (at > 0 && compareHits(hit, best[at - 1]) < 0) at--;
      best.splice(at, 0, hit);
      if (best.length > limit) best.pop();
      if (best.length === limit) worst = best[limit - 1];
    };
    // The exact number first (it holds every word, so it is always selected): after it, no candidate can
    // have more relevance than a description starting with the first word (2) plus its length part.
    for (const id of this.withNumber(exact)) consider(id, null);
    // Then the selected texts that start with the first word, unless there are very many: after them, no
    // candidate can have more relevance than its length part, so a scan stops sooner.
    let startBonus = 2;
    const starting = this.startingWith(first, STARTING_SCAN_MAX);
    if (starting) {
      for (const id of starting) {
        if (seen[id] === epoch) continue;
        if (
          selecting.some(
            (w) => (hasDescriptions[id] === 1 && matchesWord(foldeds[id], w)) || matchesWord(noLowers[id], w),
          )
        )
          consider(id, null);
      }
      startBonus = 0;
    }
    const maxN = live.length;
    /** Whether neither this id nor any after it in a posting list can beat the last kept hit. */
    const beyond = (id: number) =>
      worst !== undefined && worst.n >= maxN && worst.rel > startBonus + relBase[id];
    for (const w of selecting) {
      const short = w.length < CONTAINS_MIN_WORD_LENGTH;
      // Short words' lists are exact; a longer word's trigram list is checked against the text.
      const byDescription = new PostingCursor(this.byDescription.candidates(w).bytes);
      for (let id = byDescription.next(); id >= 0; id = byDescription.next()) {
        if (beyond(id)) break;
        if (seen[id] !== epoch && (short || foldeds[id].includes(w))) consider(id, w);
      }
      const byNumber = new PostingCursor(this.byNumber.candidates(w).bytes);
      for (let id = byNumber.next(); id >= 0; id = byNumber.next()) {
        if (beyond(id)) break;
        if (seen[id] !== epoch && (short || noLowers[id].includes(w))) consider(id, w);
      }
    }
    return best;
  }
}

/** Items and sets of one locale, as of one catalogue revision. */
export class QuickSearchIndex {
  readonly revision: number;
  readonly items: EntryIndex;
  readonly sets: EntryIndex;

  constructor(revision: number, items: readonly SearchEntry[], sets: readonly SearchEntry[]) {
    this.revision = revision;
    this.items = new EntryIndex(items, false);
    this.sets = new EntryIndex(sets, true);
  }

  /**
   * The quick search: items selected by the words of 3+ characters when there are any (a two-letter word
   * next to a longer one only counts), sets by any word; together the best `limit`.
   */
  search(words: readonly string[], withSets: boolean, limit: number): SearchHit[] {
    if (words.length === 0) return [];
    const long = words.filter((w) => w.length >= CONTAINS_MIN_WORD_LENGTH);
    const hits = this.items.top(words, long.length > 0 ? long : words, limit);
    if (withSets) hits.push(...this.sets.top(words, words, limit));
    return hits.sort(compareHits).slice(0, limit);
  }
}
