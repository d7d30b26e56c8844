import { Buffer } from 'node:buffer';
import { WORD_SEPARATORS } from '@mp/contract/rules/search';

// The texts of one locale's quick-search entries in one buffer (docs/decisions/0008-in-process-catalogue-indexes.md,
// "Scale 1000", step 2): each entry's description as UTF-8 bytes, and its folded text (the database's
// lower(f_unaccent(description))) only when it is not the description with A–Z lower-cased, which it is for
// most texts: those are read through a table that lowers A–Z. Instead of two strings per entry (with their
// headers and pointers), about one byte per character and eight bytes of offsets.
//
// Matching on UTF-8 bytes is matching on the strings: UTF-8 is self-synchronising, so a word's bytes occur in a
// text's bytes exactly where the word occurs in the text, and a separator (ASCII) before them is the separator
// before the word.

const SAME = Uint8Array.from({ length: 256 }, (_, b) => b);
const LOWER = Uint8Array.from({ length: 256 }, (_, b) => (b >= 65 && b <= 90 ? b + 32 : b));
const SEPARATOR = Uint8Array.from({ length: 256 }, (_, b) =>
  (WORD_SEPARATORS as readonly string[]).includes(String.fromCharCode(b)) && b < 0x80 ? 1 : 0,
);

const encoder = new TextEncoder();

/** A word as the bytes the texts are matched on. */
export const bytesOf = (word: string): Uint8Array => encoder.encode(word);

/** Whether `folded` is `description` with only A–Z lower-cased. */
function isAsciiLowered(description: string, folded: string): boolean {
  if (description.length !== folded.length) return false;
  for (let i = 0; i < description.length; i++) {
    const d = description.charCodeAt(i);
    if ((d >= 65 && d <= 90 ? d + 32 : d) !== folded.charCodeAt(i)) return false;
  }
  return true;
}

const asciiLower = (s: string) => s.replace(/[A-Z]+/g, (x) => x.toLowerCase());

/** Flags per entry. */
const HAS_DESCRIPTION = 1;
const FOLDED_STORED = 2;

/** Collects the texts entry by entry (in the order of their ids), then `done()`. */
export class TextsBuilder {
  private bytes = new Uint8Array(1 << 16);
  private length = 0;
  private readonly start: number[] = [0];
  private readonly split: number[] = [];
  private readonly flags: number[] = [];

  private write(s: string): void {
    // at most 3 bytes per UTF-16 unit
    if (this.length + 3 * s.length > this.bytes.length) {
      const grown = new Uint8Array(Math.max(this.bytes.length * 2, this.length + 3 * s.length));
      grown.set(this.bytes.subarray(0, this.length));
      this.bytes = grown;
    }
    this.length += encoder.encodeInto(s, this.bytes.subarray(this.length)).written;
  }

  add(description: string, folded: string, hasDescription: boolean): void {
    this.write(description);
    this.split.push(this.length);
    let flags = hasDescription ? HAS_DESCRIPTION : 0;
    if (!isAsciiLowered(description, folded)) {
      this.write(folded);
      flags |= FOLDED_STORED;
    }
    this.flags.push(flags);
    this.start.push(this.length);
  }

  done(): Texts {
    return new Texts(
      this.bytes.slice(0, this.length),
      Int32Array.from(this.start),
      Int32Array.from(this.split),
      Uint8Array.from(this.flags),
    );
  }
}

/** The texts as typed arrays: what a build in a worker thread hands over (catalogue.read-model.worker.ts). */
export interface TextsParts {
  bytes: Uint8Array;
  start: Int32Array;
  split: Int32Array;
  flags: Uint8Array;
}

export class Texts {
  private readonly bytes: Uint8Array;
  /** A view of `bytes` for decoding. */
  private readonly buffer: Buffer;
  /** Entry i: description [start[i], split[i]), a stored folded text [split[i], start[i + 1]). */
  private readonly start: Int32Array;
  private readonly split: Int32Array;
  private readonly flags: Uint8Array;

  constructor(bytes: Uint8Array, start: Int32Array, split: Int32Array, flags: Uint8Array) {
    this.bytes = bytes;
    this.buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    this.start = start;
    this.split = split;
    this.flags = flags;
  }

  static fromParts(p: TextsParts): Texts {
    return new Texts(p.bytes, p.start, p.split, p.flags);
  }

  parts(): TextsParts {
    return { bytes: this.bytes, start: this.start, split: this.split, flags: this.flags };
  }

  get size(): number {
    return this.flags.length;
  }

  hasDescription(i: number): boolean {
    return (this.flags[i] & HAS_DESCRIPTION) !== 0;
  }

  description(i: number): string {
    return this.buffer.toString('utf8', this.start[i], this.split[i]);
  }

  folded(i: number): string {
    return (this.flags[i] & FOLDED_STORED) !== 0
      ? this.buffer.toString('utf8', this.split[i], this.start[i + 1])
      : asciiLower(this.description(i));
  }

  // The folded text of entry i: bytes [from(i), to(i)) read through table(i). Three calls instead of one
  // answer of three, so the hot loops allocate nothing.
  private from(i: number): number {
    return (this.flags[i] & FOLDED_STORED) !== 0 ? this.split[i] : this.start[i];
  }

  private to(i: number): number {
    return (this.flags[i] & FOLDED_STORED) !== 0 ? this.start[i + 1] : this.split[i];
  }

  private table(i: number): Uint8Array {
    return (this.flags[i] & FOLDED_STORED) !== 0 ? SAME : LOWER;
  }

  /** The folded texts of two entries in byte order (UTF-8: code point order). */
  compareFolded(i: number, j: number): number {
    const { bytes } = this;
    const aTable = this.table(i);
    const bTable = this.table(j);
    const a = this.from(i);
    const aEnd = this.to(i);
    const b = this.from(j);
    const bEnd = this.to(j);
    for (let x = a, y = b; x < aEnd && y < bEnd; x++, y++) {
      const d = aTable[bytes[x]] - bTable[bytes[y]];
      if (d !== 0) return d;
    }
    return aEnd - a - (bEnd - b);
  }

  /** An entry's folded text against `other` in byte order (a longer text after its prefix). */
  compareFoldedWith(i: number, other: Uint8Array): number {
    const { bytes } = this;
    const table = this.table(i);
    const from = this.from(i);
    const length = this.to(i) - from;
    for (let k = 0; k < length && k < other.length; k++) {
      const d = table[bytes[from + k]] - other[k];
      if (d !== 0) return d;
    }
    return length - other.length;
  }

  /** Two entries' descriptions in byte order. */
  compareDescriptions(i: number, j: number): number {
    const { bytes, start, split } = this;
    const a = start[i];
    const aEnd = split[i];
    const b = start[j];
    const bEnd = split[j];
    for (let x = a, y = b; x < aEnd && y < bEnd; x++, y++) {
      const d = bytes[x] - bytes[y];
      if (d !== 0) return d;
    }
    return aEnd - a - (bEnd - b);
  }

  /** An entry's folded text against `prefix` in byte order: 0 when it starts with it. */
  compareFoldedTo(i: number, prefix: Uint8Array): number {
    const { bytes } = this;
    const table = this.table(i);
    const from = this.from(i);
    const to = this.to(i);
    for (let k = 0; k < prefix.length; k++) {
      if (from + k >= to) return -1;
      const d = table[bytes[from + k]] - prefix[k];
      if (d !== 0) return d;
    }
    return 0;
  }

  /** Whether the folded text holds `word` at byte `at` (its bytes read through `table`). */
  private static at(bytes: Uint8Array, table: Uint8Array, at: number, word: Uint8Array): boolean {
    for (let k = 0; k < word.length; k++) if (table[bytes[at + k]] !== word[k]) return false;
    return true;
  }

  /** `folded(i) === word` */
  foldedIs(i: number, word: Uint8Array): boolean {
    return this.to(i) - this.from(i) === word.length && this.startsWith(i, word);
  }

  /** `folded(i).startsWith(word)` */
  startsWith(i: number, word: Uint8Array): boolean {
    const from = this.from(i);
    return this.to(i) - from >= word.length && Texts.at(this.bytes, this.table(i), from, word);
  }

  /** `folded(i).includes(word)` */
  includes(i: number, word: Uint8Array): boolean {
    const { bytes } = this;
    const table = this.table(i);
    const first = word[0];
    for (let at = this.from(i), last = this.to(i) - word.length; at <= last; at++) {
      if (table[bytes[at]] === first && Texts.at(bytes, table, at, word)) return true;
    }
    return word.length === 0;
  }

  /** Whether `word` starts the folded text or follows a separator in it (matchesWord for a short word). */
  startsAWord(i: number, word: Uint8Array): boolean {
    const { bytes } = this;
    const table = this.table(i);
    const from = this.from(i);
    for (let at = from, last = this.to(i) - word.length; at <= last; at++) {
      if ((at === from || SEPARATOR[table[bytes[at - 1]]] === 1) && Texts.at(bytes, table, at, word))
        return true;
    }
    return false;
  }
}
