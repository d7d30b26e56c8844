import { CONTAINS_MIN_WORD_LENGTH, WORD_SEPARATORS } from '@mp/contract/rules/search';

// The quick-search index's posting lists (docs/decisions/0008-in-process-catalogue-indexes.md, "Size"):
// which entries hold a trigram or a word start, as gaps in 7-bit groups.

const isSeparator = (c: string) => (WORD_SEPARATORS as readonly string[]).includes(c);

/**
 * A posting list: ascending entry ids as the gaps between them, each in 7-bit groups (LEB128), so most
 * take one byte instead of four (decision 0008, "Size"); `count` is how many ids it holds.
 */
export interface PostingList {
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
 * Entries are added in id order (`add`), then `done()` gives the lists.
 */
export class PostingsBuilder {
  private readonly grams = new Map<string, PostingWriter>();
  private readonly starts = new Map<string, PostingWriter>();

  private static put(map: Map<string, PostingWriter>, key: string, id: number) {
    let list = map.get(key);
    if (!list) {
      list = new PostingWriter();
      map.set(key, list);
    }
    list.add(id);
  }

  add(id: number, text: string): void {
    for (let i = 0; i + 3 <= text.length; i++) PostingsBuilder.put(this.grams, text.slice(i, i + 3), id);
    for (let i = 0; i < text.length; i++) {
      if (i > 0 && !isSeparator(text[i - 1])) continue;
      PostingsBuilder.put(this.starts, text.slice(i, i + 1), id);
      if (i + 2 <= text.length) PostingsBuilder.put(this.starts, text.slice(i, i + 2), id);
    }
  }

  done(): Postings {
    const done = (map: Map<string, PostingWriter>) => new Map([...map].map(([k, v]) => [k, v.done()]));
    return new Postings(done(this.grams), done(this.starts));
  }
}

/** The lists (a few thousand, each its own small buffer): what a build in a worker thread hands over. */
export interface PostingsParts {
  grams: Map<string, PostingList>;
  starts: Map<string, PostingList>;
}

export class Postings {
  private readonly grams: Map<string, PostingList>;
  private readonly starts: Map<string, PostingList>;

  static fromParts(p: PostingsParts): Postings {
    return new Postings(p.grams, p.starts);
  }

  parts(): PostingsParts {
    return { grams: this.grams, starts: this.starts };
  }

  constructor(grams: Map<string, PostingList>, starts: Map<string, PostingList>) {
    this.grams = grams;
    this.starts = starts;
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
