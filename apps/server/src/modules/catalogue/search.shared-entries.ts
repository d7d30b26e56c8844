import { Buffer } from 'node:buffer';
import { ValueColumn, type ValueColumnParts } from './catalogue.columns.ts';
import { bytesOf, Texts, TextsBuilder, type TextsParts } from './search.texts.ts';

// The part of the quick-search index every locale shares (search.index.ts; decision 0008, "Scale 1000", step 1).

export const byText = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);

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

/** What an entry is whatever the locale: its number and image (decision 0008, "Scale 1000", step 1). */
export type SharedEntry = Pick<SearchEntry, 'no' | 'noLower' | 'imageSha'>;

export interface SharedEntriesParts {
  numbers: TextsParts;
  images: ValueColumnParts<string | null>;
}

/**
 * The part of the items' (or the sets') index every locale shares: ids in the order of the lower-case
 * number (then the number), so one number's entries are one range; the numbers and the images. A locale
 * adds its texts and postings, in its rank order (EntryIndex); one of these serves all four.
 */
export class SharedEntries {
  readonly size: number;
  /**
   * The numbers (as Texts' descriptions) and lower-case numbers (as their folded texts) in one UTF-8 buffer, and
   * the images as small numbers: no arrays of strings for the collector to mark (433,000 each at scale 1000).
   */
  readonly numbers: Texts;
  private readonly images: ValueColumn<string | null>;
  /** Per id: the search that last looked at it (searches are synchronous: one array for every locale). */
  readonly seen: Uint32Array;
  epoch = 0;

  /**
   * `order`: the entries' indexes in number order when the database gave it (checked here; sorted here when
   * it is not given or not right), so a build at scale 1000 does not sort 433,000 numbers on the event loop.
   */
  constructor(
    entries: readonly SharedEntry[],
    order?: Int32Array | null,
    parts?: { numbers: Texts; images: ValueColumn<string | null> },
  ) {
    if (parts) {
      this.numbers = parts.numbers;
      this.images = parts.images;
      this.size = parts.numbers.size;
      this.seen = new Uint32Array(this.size);
      return;
    }
    const inOrder = (k: number, a: SharedEntry, b: SharedEntry) =>
      k === 0 || (byText(a.noLower, b.noLower) || byText(a.no, b.no)) <= 0;
    const sorted =
      order &&
      order.length === entries.length &&
      order.every((i, k) => inOrder(k, entries[order[k - 1]], entries[i]))
        ? Array.from(order, (i) => entries[i])
        : [...entries].sort((a, b) => byText(a.noLower, b.noLower) || byText(a.no, b.no));
    this.size = sorted.length;
    const numbers = new TextsBuilder();
    this.images = new ValueColumn<string | null>();
    for (const e of sorted) {
      numbers.add(e.no, e.noLower, true);
      this.images.add(e.imageSha);
    }
    this.numbers = numbers.done();
    this.images.done();
    this.seen = new Uint32Array(sorted.length);
  }

  /** A shared part from its parts (a worker thread's build, handed over). */
  static fromParts(parts: SharedEntriesParts): SharedEntries {
    return new SharedEntries([], null, {
      numbers: Texts.fromParts(parts.numbers),
      images: ValueColumn.fromParts(parts.images),
    });
  }

  parts(): SharedEntriesParts {
    return { numbers: this.numbers.parts(), images: this.images.parts() };
  }

  /** Whether `other` holds the same numbers and images under the same ids (another locale's of one revision). */
  sameAs(other: SharedEntries): boolean {
    const a = this.parts();
    const b = other.parts();
    const same = (x: ArrayBufferView, y: ArrayBufferView) =>
      Buffer.from(x.buffer, x.byteOffset, x.byteLength).equals(
        Buffer.from(y.buffer, y.byteOffset, y.byteLength),
      );
    return (
      this.size === other.size &&
      same(a.numbers.bytes, b.numbers.bytes) &&
      same(a.numbers.start, b.numbers.start) &&
      same(a.numbers.split, b.numbers.split) &&
      same(a.numbers.flags, b.numbers.flags) &&
      same(a.images.codes, b.images.codes) &&
      a.images.values.length === b.images.values.length &&
      a.images.values.every((v, k) => v === b.images.values[k])
    );
  }

  no(id: number): string {
    return this.numbers.description(id);
  }

  noLower(id: number): string {
    return this.numbers.folded(id);
  }

  imageSha(id: number): string | null {
    return this.images.get(id);
  }

  /**
   * Whether the numbers' byte order is their code-unit order (as they were sorted): true unless a number holds a
   * character from U+E000 (UTF-8 lead byte 0xEE and up), where the two orders can differ. Then comparisons
   * run on the bytes instead of decoding strings.
   */
  private byteOrdered(): boolean {
    if (this.byteOrder === undefined) this.byteOrder = !this.numbers.parts().bytes.some((b) => b >= 0xee);
    return this.byteOrder;
  }

  private byteOrder: boolean | undefined;

  /** Two ids' numbers in code-unit order (`no(a)` against `no(b)`, as JavaScript compares strings). */
  compareNos(a: number, b: number): number {
    if (this.byteOrdered()) return this.numbers.compareDescriptions(a, b);
    const x = this.no(a);
    const y = this.no(b);
    return x < y ? -1 : x > y ? 1 : 0;
  }

  /** The first id and the end of the ids whose lower-case number is `noLower`. */
  withNumber(noLower: string): [number, number] {
    if (this.byteOrdered()) {
      const key = bytesOf(noLower);
      let lo = 0;
      let hi = this.size;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (this.numbers.compareFoldedWith(mid, key) < 0) lo = mid + 1;
        else hi = mid;
      }
      let end = lo;
      while (end < this.size && this.numbers.foldedIs(end, key)) end++;
      return [lo, end];
    }
    // Compared as strings (code-unit order, as the ids were sorted).
    let lo = 0;
    let hi = this.size;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.noLower(mid) < noLower) lo = mid + 1;
      else hi = mid;
    }
    let end = lo;
    while (end < this.size && this.noLower(end) === noLower) end++;
    return [lo, end];
  }

  /** The id of the entry numbered `no` whose lower-case number is `noLower`, or -1. */
  idOf(no: string, noLower: string): number {
    const [lo, end] = this.withNumber(noLower);
    for (let id = lo; id < end; id++) if (this.no(id) === no) return id;
    return -1;
  }

  /** `hint` as the entries' ids, if each names the entry's number and image and no id twice; else null. */
  private idsAt(entries: readonly SharedEntry[], hint: readonly number[]): Int32Array | null {
    const ids = new Int32Array(entries.length);
    const taken = new Uint8Array(this.size);
    for (let i = 0; i < entries.length; i++) {
      const id = hint[i];
      const e = entries[i];
      if (
        !(id >= 0 && id < this.size) ||
        taken[id] === 1 ||
        this.no(id) !== e.no ||
        this.noLower(id) !== e.noLower ||
        this.imageSha(id) !== e.imageSha
      )
        return null;
      taken[id] = 1;
      ids[i] = id;
    }
    return ids;
  }

  /** A new search: every id unseen. */
  nextEpoch(): number {
    this.epoch = (this.epoch + 1) >>> 0;
    if (this.epoch === 0) {
      this.seen.fill(0);
      this.epoch = 1;
    }
    return this.epoch;
  }

  /**
   * Each entry's id here, or null when these are not exactly the entries' numbers and images (another
   * catalogue revision): then the locale gets a shared part of its own.
   */
  idsOf(entries: readonly SharedEntry[], hint?: readonly number[]): Int32Array | null {
    if (entries.length !== this.size) return null;
    // The database's place of each entry in number order is its id here when these are the same entries:
    // checked one by one, so no search (433,000 binary searches at scale 1000) unless it is wrong.
    if (hint && hint.length === entries.length) {
      const ids = this.idsAt(entries, hint);
      if (ids) return ids;
    }
    const ids = new Int32Array(entries.length);
    const taken = new Uint8Array(this.size);
    for (let i = 0; i < entries.length; i++) {
      const e = entries[i];
      const id = this.idOf(e.no, e.noLower);
      if (id < 0 || taken[id] === 1 || this.imageSha(id) !== e.imageSha) return null;
      taken[id] = 1;
      ids[i] = id;
    }
    return ids;
  }
}
