import { CONTAINS_MIN_WORD_LENGTH, WORD_SEPARATORS } from '@mp/contract/rules/search';
import { PostingCursor, Postings, PostingsBuilder, type PostingsParts } from './search.postings.ts';
import {
  byText,
  type SearchEntry,
  SharedEntries,
  type SharedEntriesParts,
  type SharedEntry,
} from './search.shared-entries.ts';
import { bytesOf, Texts, TextsBuilder, type TextsParts } from './search.texts.ts';

export {
  type SearchEntry,
  SharedEntries,
  type SharedEntriesParts,
  type SharedEntry,
} from './search.shared-entries.ts';

// An in-process index for the quick search (docs/decisions/0008-quick-search-index.md): the same rule and
// ranking as the SQL statement of search.queries.ts (quickSearchSql), answered from memory. Texts come
// folded from the database (search_text = lower(f_unaccent(description)), lower(number)), so folding
// is PostgreSQL's own; the words are folded by splitSearchWords as for the statement.

export interface SearchHit {
  isSet: boolean;
  no: string;
  description: string;
  imageSha: string | null;
  /** How many of the words the description or number holds. */
  n: number;
  rel: number;
}

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

/** The better of two hits first: more words, then relevance, then number (code point order, as collate "C"). */
export function compareHits(a: SearchHit, b: SearchHit): number {
  return b.n - a.n || b.rel - a.rel || (a.no < b.no ? -1 : a.no > b.no ? 1 : 0);
}

// A done index as typed arrays and short lists: what a build in a worker thread hands over without copying
// (catalogue.read-model.worker.ts), read back by `fromParts`.
export interface EntryIndexParts {
  isSet: boolean;
  shared: SharedEntriesParts;
  idOfRank: Int32Array;
  texts: TextsParts;
  lengths: Uint16Array | Uint32Array;
  byDescription: PostingsParts;
  byNumber: PostingsParts;
  byText: Int32Array;
}

export interface QuickSearchIndexParts {
  revision: number;
  items: EntryIndexParts;
  sets: EntryIndexParts;
}

/**
 * Builds a locale's items (or sets) entry by entry in rank order — the shorter folded text first (in code
 * points); the order among equal lengths does not change any answer, as a scan stops only at a longer text —
 * so a build can read its rows from the database in batches, already ranked (decision 0008, "Scale 1000").
 */
export class EntryIndexBuilder {
  private readonly texts = new TextsBuilder();
  private readonly descriptions = new PostingsBuilder();
  private readonly numberPostings = new PostingsBuilder();
  private readonly lengths: number[] = [];
  private readonly numbers: SharedEntry[] = [];
  /** Where the database put each entry in folded-text order and in number order, when it did. */
  private readonly textPositions: number[] = [];
  private readonly numberPositions: number[] = [];

  /**
   * The next entry in rank order; `at` (optional): its place among all in folded-text order (collate "C") and
   * in number order (lower-case number, number), which spare the build its two sorts (checked there).
   */
  add(e: SearchEntry, at?: { text: number; number: number }): void {
    const rank = this.lengths.length;
    const length = charLength(e.folded);
    if (rank > 0 && length < this.lengths[rank - 1]) {
      throw new Error(`quick-search entries out of rank order at ${e.no}: shortest folded text first`);
    }
    this.lengths.push(length);
    this.texts.add(e.description, e.folded, e.hasDescription);
    if (e.hasDescription) this.descriptions.add(rank, e.folded);
    this.numberPostings.add(rank, e.noLower);
    this.numbers.push({ no: e.no, noLower: e.noLower, imageSha: e.imageSha });
    if (at) {
      this.textPositions.push(at.text);
      this.numberPositions.push(at.number);
    }
  }

  /** `order[position] = index` from each index's position, or null when they are not a permutation. */
  private static orderOf(positions: readonly number[], size: number): Int32Array | null {
    if (positions.length !== size) return null;
    const order = new Int32Array(size).fill(-1);
    for (let i = 0; i < size; i++) {
      const p = positions[i];
      if (!(p >= 0 && p < size) || order[p] !== -1) return null;
      order[p] = i;
    }
    return order;
  }

  /** The index; `shared` is used when it holds exactly these entries' numbers and images, else one is made. */
  done(isSet: boolean, shared?: SharedEntries): EntryIndex {
    let base = shared;
    let ids = base?.idsOf(this.numbers, this.numberPositions) ?? null;
    const size = this.lengths.length;
    if (!base || !ids) {
      base = new SharedEntries(this.numbers, EntryIndexBuilder.orderOf(this.numberPositions, size));
      ids = base.idsOf(this.numbers, this.numberPositions) as Int32Array;
    }
    const longest = this.lengths.reduce((m, x) => Math.max(m, x), 0);
    return new EntryIndex(
      isSet,
      base,
      ids,
      this.texts.done(),
      longest <= 0xffff ? Uint16Array.from(this.lengths) : Uint32Array.from(this.lengths),
      this.descriptions.done(),
      this.numberPostings.done(),
      EntryIndexBuilder.orderOf(this.textPositions, size),
    );
  }
}

/** Items or sets of one locale: the shared part plus the locale's texts, ranked. */
export class EntryIndex {
  readonly size: number;
  readonly shared: SharedEntries;
  // One column per field (decision 0008, "Size"), indexed by rank: shorter description first, then number.
  /** The descriptions and folded texts in one buffer (search.texts.ts). */
  private readonly texts: Texts;
  /** The folded text's length in code points (the relevance's length part: 1 / (1 + length)). */
  private readonly lengths: Uint16Array | Uint32Array;
  private readonly byDescription: Postings;
  /**
   * The numbers' postings in this locale's rank order, so their scans stop early too (about 10 B an item: at
   * scale 100, numbers shared in number order cost up to 20 times the CPU of a number search).
   */
  private readonly byNumber: Postings;
  /** The shared id of each rank, and the rank of each shared id. */
  private readonly idOfRank: Int32Array;
  private readonly rankOfId: Int32Array;
  private readonly isSet: boolean;
  /** Ranks in the order of their folded text: the ones starting with a word are one range. */
  private readonly byText: Int32Array;

  /** From a builder's parts: see EntryIndexBuilder. */
  constructor(
    isSet: boolean,
    shared: SharedEntries,
    idOfRank: Int32Array,
    texts: Texts,
    lengths: Uint16Array | Uint32Array,
    byDescription: Postings,
    byNumber: Postings,
    textOrder?: Int32Array | null,
    /** `textOrder` is this index's own, checked when it was built (fromParts). */
    trusted = false,
  ) {
    this.isSet = isSet;
    this.size = idOfRank.length;
    this.shared = shared;
    this.idOfRank = idOfRank;
    this.rankOfId = new Int32Array(idOfRank.length);
    idOfRank.forEach((id, rank) => {
      this.rankOfId[id] = rank;
    });
    this.texts = texts;
    this.lengths = lengths;
    this.byDescription = byDescription;
    this.byNumber = byNumber;
    // The ranks in folded-text order: the database's (collate "C": byte order) when given and right.
    this.byText =
      trusted && textOrder
        ? textOrder
        : textOrder &&
            textOrder.length === idOfRank.length &&
            textOrder.every((rank, k) => k === 0 || texts.compareFolded(textOrder[k - 1], rank) <= 0)
          ? textOrder
          : Int32Array.from(idOfRank.keys()).sort((a, b) => texts.compareFolded(a, b));
  }

  /** An index from its parts; `shared` instead of the parts' own when it holds the same (sameAs). */
  static fromParts(p: EntryIndexParts, shared?: SharedEntries): EntryIndex {
    const own = SharedEntries.fromParts(p.shared);
    return new EntryIndex(
      p.isSet,
      shared?.sameAs(own) ? shared : own,
      p.idOfRank,
      Texts.fromParts(p.texts),
      p.lengths,
      Postings.fromParts(p.byDescription),
      Postings.fromParts(p.byNumber),
      p.byText,
      true,
    );
  }

  parts(): EntryIndexParts {
    return {
      isSet: this.isSet,
      shared: this.shared.parts(),
      idOfRank: this.idOfRank,
      texts: this.texts.parts(),
      lengths: this.lengths,
      byDescription: this.byDescription.parts(),
      byNumber: this.byNumber.parts(),
      byText: this.byText,
    };
  }

  /** An index of entries in any order (tests, small lists): ranked here, then built as from the database. */
  static of(entries: readonly SearchEntry[], isSet: boolean, shared?: SharedEntries): EntryIndex {
    const lengths = entries.map((e) => charLength(e.folded));
    const order = [...entries.keys()].sort(
      (a, b) => lengths[a] - lengths[b] || byText(entries[a].no, entries[b].no),
    );
    const builder = new EntryIndexBuilder();
    for (const i of order) builder.add(entries[i]);
    return builder.done(isSet, shared);
  }

  /** The relevance's length part of a rank: the shorter text ranks first (0005). */
  private relBase(rank: number): number {
    return 1 / (1 + this.lengths[rank]);
  }

  /**
   * The entry numbered `no` (its description in this index's locale), through the exact-number order the
   * search already keeps: no extra memory. `noLower` is PostgreSQL's lower(); the loop also finds a number
   * JavaScript lower-cases differently only when both agree, else the caller asks the database.
   */
  entry(no: string): Pick<SearchEntry, 'no' | 'description' | 'imageSha'> | undefined {
    const id = this.shared.idOf(no, no.toLowerCase());
    if (id < 0) return undefined;
    return {
      no,
      description: this.texts.description(this.rankOfId[id]),
      imageSha: this.shared.imageSha(id),
    };
  }

  /** Ranks of the entries whose folded text starts with `bytes`, or null when there are more than `max`. */
  private startingWith(bytes: Uint8Array, max: number): Int32Array | null {
    const { byText, texts } = this;
    let lo = 0;
    let hi = byText.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (texts.compareFoldedTo(byText[mid], bytes) < 0) lo = mid + 1;
      else hi = mid;
    }
    let end = lo;
    while (end < byText.length && texts.startsWith(byText[end], bytes)) {
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
    const { shared, texts, idOfRank, rankOfId } = this;
    const { numbers, seen } = shared;
    const epoch = shared.nextEpoch();
    const exact = words.join(' ');
    // each word's bytes once per search
    const encoded = new Map<string, Uint8Array>();
    const bytesOfWord = (w: string) => {
      let b = encoded.get(w);
      if (!b) {
        b = bytesOf(w);
        encoded.set(w, b);
      }
      return b;
    };
    const first = bytesOfWord(words[0]);
    const exactBytes = bytesOf(exact);
    /** matchesWord(folded text, word) on the texts' bytes, and matchesWord(lower-case number, word) by id */
    const matcher = (w: string) => {
      const bytes = bytesOfWord(w);
      return w.length >= CONTAINS_MIN_WORD_LENGTH
        ? {
            w,
            inText: (rank: number) => texts.includes(rank, bytes),
            inNumber: (id: number) => numbers.includes(id, bytes),
          }
        : {
            w,
            inText: (rank: number) => texts.startsAWord(rank, bytes),
            inNumber: (id: number) => numbers.startsAWord(id, bytes),
          };
    };
    // A word none of the texts can hold (no list for one of its trigrams or its start) counts for nobody.
    const live = words
      .filter((w) => this.byDescription.candidates(w).count > 0 || this.byNumber.candidates(w).count > 0)
      .map(matcher);
    const selected = selecting.map(matcher);
    const best: SearchHit[] = [];
    /** The shared id of each hit in `best`: ties on the number are compared on its bytes, not decoded. */
    const bestIds: number[] = [];
    let worst: SearchHit | undefined;
    let worstId = -1;
    const consider = (rank: number, known: string | null) => {
      const id = idOfRank[rank];
      seen[id] = epoch;
      let n = known === null ? 0 : 1; // `known` matches: the caller checked it
      for (const { w, inText, inNumber } of live) if (w !== known && (inText(rank) || inNumber(id))) n++;
      if (n === 0) return;
      const rel =
        (numbers.foldedIs(id, exactBytes) ? 4 : 0) +
        (texts.startsWith(rank, first) ? 2 : 0) +
        this.relBase(rank);
      // Most candidates do not make the list: compare before building a hit (the number decoded only for a tie).
      if (
        worst &&
        (n < worst.n ||
          (n === worst.n && (rel < worst.rel || (rel === worst.rel && shared.compareNos(id, worstId) >= 0))))
      )
        return;
      const hit: SearchHit = {
        isSet: this.isSet,
        no: shared.no(id),
        description: texts.description(rank),
        imageSha: shared.imageSha(id),
        n,
        rel,
      };
      // Insert in order; `limit` is small (10), so a sorted array beats a heap.
      let at = best.length;
      while (at > 0 && compareHits(hit, best[at - 1]) < 0) at--;
      best.splice(at, 0, hit);
      bestIds.splice(at, 0, id);
      if (best.length > limit) {
        best.pop();
        bestIds.pop();
      }
      if (best.length === limit) {
        worst = best[limit - 1];
        worstId = bestIds[limit - 1];
      }
    };
    // The exact number first (it holds every word, so it is always selected): after it, no candidate can
    // have more relevance than a description starting with the first word (2) plus its length part.
    const [lo, end] = shared.withNumber(exact);
    for (let id = lo; id < end; id++) consider(rankOfId[id], null);
    // Then the selected texts that start with the first word, unless there are very many: after them, no
    // candidate can have more relevance than its length part, so a scan stops sooner.
    let startBonus = 2;
    const starting = this.startingWith(first, STARTING_SCAN_MAX);
    if (starting) {
      for (const rank of starting) {
        const id = idOfRank[rank];
        if (seen[id] === epoch) continue;
        if (
          selected.some(
            ({ inText, inNumber }) => (texts.hasDescription(rank) && inText(rank)) || inNumber(id),
          )
        )
          consider(rank, null);
      }
      startBonus = 0;
    }
    const maxN = live.length;
    /** Whether neither this rank nor any after it can beat the last kept hit. */
    const beyond = (rank: number) =>
      worst !== undefined && worst.n >= maxN && worst.rel > startBonus + this.relBase(rank);
    for (const { w, inText, inNumber } of selected) {
      const short = w.length < CONTAINS_MIN_WORD_LENGTH;
      // Short words' lists are exact; a longer word's trigram list is checked against the text.
      const byDescription = new PostingCursor(this.byDescription.candidates(w).bytes);
      for (let rank = byDescription.next(); rank >= 0; rank = byDescription.next()) {
        if (beyond(rank)) break;
        if (seen[idOfRank[rank]] !== epoch && (short || inText(rank))) consider(rank, w);
      }
      const byNumber = new PostingCursor(this.byNumber.candidates(w).bytes);
      for (let rank = byNumber.next(); rank >= 0; rank = byNumber.next()) {
        if (beyond(rank)) break;
        const id = idOfRank[rank];
        if (seen[id] !== epoch && (short || inNumber(id))) consider(rank, w);
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

  /**
   * `shared`: another locale's index of the same catalogue, whose numbers, images and number postings this
   * one shares when they are the same entries (decision 0008, "Scale 1000"); else it gets its own.
   */
  constructor(
    revision: number,
    items: readonly SearchEntry[] | EntryIndexBuilder | EntryIndex,
    sets: readonly SearchEntry[] | EntryIndexBuilder | EntryIndex,
    shared?: QuickSearchIndex | null,
  ) {
    this.revision = revision;
    const index = (
      entries: readonly SearchEntry[] | EntryIndexBuilder | EntryIndex,
      isSet: boolean,
      on?: SharedEntries,
    ) =>
      entries instanceof EntryIndex
        ? entries
        : entries instanceof EntryIndexBuilder
          ? entries.done(isSet, on)
          : EntryIndex.of(entries, isSet, on);
    this.items = index(items, false, shared?.items.shared);
    this.sets = index(sets, true, shared?.sets.shared);
  }

  /**
   * An index from its parts (a worker thread's build, handed over); `shared` as in the constructor: its numbers
   * and images are used when they are the same as the parts' own (SharedEntries.sameAs).
   */
  static fromParts(p: QuickSearchIndexParts, shared?: QuickSearchIndex | null): QuickSearchIndex {
    return new QuickSearchIndex(
      p.revision,
      EntryIndex.fromParts(p.items, shared?.items.shared),
      EntryIndex.fromParts(p.sets, shared?.sets.shared),
    );
  }

  parts(): QuickSearchIndexParts {
    return { revision: this.revision, items: this.items.parts(), sets: this.sets.parts() };
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
