import { Buffer } from 'node:buffer';

// Compact columns for the read models (docs/decisions/0008-in-process-catalogue-indexes.md, "Scale 1000"): a
// column of texts as UTF-8 bytes in one buffer with offsets instead of a string (and its pointer) per row, and a
// column of few distinct values (a category, a price, a unit) as a small number per row into a list of them.
// Both are filled row by row, so a model can be built from its rows in batches, then `done()`. A done column is
// its `parts()`: typed arrays and a short list, which a build in a worker thread hands over without copying
// (catalogue.read-model.worker.ts) and `fromParts` reads back.

const encoder = new TextEncoder();

/** FNV-1a over bytes [from, to): the slot of a text in a column's lookup table. */
function hashOf(bytes: Uint8Array, from: number, to: number): number {
  let h = 0x811c9dc5;
  for (let i = from; i < to; i++) h = Math.imul(h ^ bytes[i], 0x01000193);
  return h >>> 0;
}

export interface TextColumnParts {
  bytes: Uint8Array;
  starts: Int32Array;
  same: Uint8Array;
  /** The lookup table (`rowOf`) when the column has one: row + 1 per slot, 0 for none. */
  slots: Int32Array | null;
}

/** Texts, one per row; a row may instead refer to another column's text (`fallback`), holding nothing. */
export class TextColumn {
  private bytes: Uint8Array = new Uint8Array(1 << 16);
  private length = 0;
  private starts: number[] | Int32Array = [0];
  private same: number[] | Uint8Array = [];
  private buffer: Buffer | null = null;
  private readonly fallback: TextColumn | null;
  /** With `lookup`: an open-addressing table of the texts (ids), so `rowOf` needs no Map of strings. */
  private slots: Int32Array | null = null;
  private readonly lookup: boolean;

  constructor(fallback: TextColumn | null = null, options: { lookup?: boolean } = {}) {
    this.fallback = fallback;
    this.lookup = options.lookup ?? false;
  }

  /** A done column from its parts (another thread's, handed over). */
  static fromParts(parts: TextColumnParts, fallback: TextColumn | null = null): TextColumn {
    const c = new TextColumn(fallback, { lookup: parts.slots !== null });
    c.bytes = parts.bytes;
    c.length = parts.bytes.length;
    c.starts = parts.starts;
    c.same = parts.same;
    c.slots = parts.slots;
    c.buffer = Buffer.from(c.bytes.buffer, c.bytes.byteOffset, c.bytes.byteLength);
    return c;
  }

  parts(): TextColumnParts {
    return {
      bytes: this.bytes,
      starts: this.starts as Int32Array,
      same: this.same as Uint8Array,
      slots: this.slots,
    };
  }

  /** The next row's text; `null`: the fallback column's text of that row. */
  add(text: string | null): void {
    if (text !== null) {
      if (this.length + 3 * text.length > this.bytes.length) {
        const grown = new Uint8Array(Math.max(this.bytes.length * 2, this.length + 3 * text.length));
        grown.set(this.bytes.subarray(0, this.length));
        this.bytes = grown;
      }
      this.length += encoder.encodeInto(text, this.bytes.subarray(this.length)).written;
    }
    (this.same as number[]).push(text === null ? 1 : 0);
    (this.starts as number[]).push(this.length);
  }

  done(): void {
    this.bytes = this.bytes.slice(0, this.length);
    this.buffer = Buffer.from(this.bytes.buffer, this.bytes.byteOffset, this.bytes.byteLength);
    this.starts = Int32Array.from(this.starts);
    this.same = Uint8Array.from(this.same);
    if (this.lookup) this.slots = this.table();
  }

  /** Each row's own text in a table of twice as many slots (the first row of equal texts wins). */
  private table(): Int32Array {
    const { bytes } = this;
    const starts = this.starts as Int32Array;
    const rows = starts.length - 1;
    let size = 16;
    while (size < 2 * rows) size *= 2;
    const slots = new Int32Array(size);
    for (let row = 0; row < rows; row++) {
      const from = starts[row];
      const to = starts[row + 1];
      for (let s = hashOf(bytes, from, to) & (size - 1); ; s = (s + 1) & (size - 1)) {
        if (slots[s] === 0) {
          slots[s] = row + 1;
          break;
        }
        if (this.equals(slots[s] - 1, bytes, from, to)) break;
      }
    }
    return slots;
  }

  /** Whether row `row`'s own bytes are `other[from, to)`. */
  private equals(row: number, other: Uint8Array, from: number, to: number): boolean {
    const { bytes } = this;
    const starts = this.starts as Int32Array;
    const a = starts[row];
    if (starts[row + 1] - a !== to - from) return false;
    for (let k = 0; k < to - from; k++) if (bytes[a + k] !== other[from + k]) return false;
    return true;
  }

  /** The row whose own text is `text` (a column made with `lookup`), or -1. */
  rowOf(text: string): number {
    const { slots } = this;
    if (!slots) throw new Error('a text column without a lookup table');
    // An ASCII text (an id) is its own UTF-8: hashed and compared by its character codes, nothing encoded.
    let h = 0x811c9dc5;
    let ascii = true;
    for (let i = 0; i < text.length && ascii; i++) {
      const c = text.charCodeAt(i);
      ascii = c < 0x80;
      h = Math.imul(h ^ c, 0x01000193);
    }
    if (ascii) return this.asciiRowOf(text, h >>> 0, slots);
    const key = encoder.encode(text);
    const mask = slots.length - 1;
    for (let s = hashOf(key, 0, key.length) & mask; slots[s] !== 0; s = (s + 1) & mask) {
      if (this.equals(slots[s] - 1, key, 0, key.length)) return slots[s] - 1;
    }
    return -1;
  }

  private asciiRowOf(text: string, hash: number, slots: Int32Array): number {
    const { bytes } = this;
    const starts = this.starts as Int32Array;
    const mask = slots.length - 1;
    for (let s = hash & mask; slots[s] !== 0; s = (s + 1) & mask) {
      const row = slots[s] - 1;
      const from = starts[row];
      if (starts[row + 1] - from !== text.length) continue;
      let k = 0;
      while (k < text.length && bytes[from + k] === text.charCodeAt(k)) k++;
      if (k === text.length) return row;
    }
    return -1;
  }

  get size(): number {
    return this.starts.length - 1;
  }

  get(i: number): string {
    if (this.same[i] === 1 && this.fallback) return this.fallback.get(i);
    return (this.buffer as Buffer).toString('utf8', this.starts[i], this.starts[i + 1]);
  }
}

export interface ValueColumnParts<V> {
  values: V[];
  codes: Uint16Array | Int32Array;
}

/** Values with few distinct ones: each once, a row holds its value's number. */
export class ValueColumn<V extends string | null> {
  private values: V[] = [];
  private readonly numbers = new Map<V, number>();
  private codes: number[] | Uint16Array | Int32Array = [];

  /** A done column from its parts (another thread's, handed over). */
  static fromParts<V extends string | null>(parts: ValueColumnParts<V>): ValueColumn<V> {
    const c = new ValueColumn<V>();
    c.values = parts.values;
    c.codes = parts.codes;
    return c;
  }

  parts(): ValueColumnParts<V> {
    return { values: this.values, codes: this.codes as Uint16Array | Int32Array };
  }

  add(value: V): void {
    let code = this.numbers.get(value);
    if (code === undefined) {
      code = this.values.length;
      this.values.push(value);
      this.numbers.set(value, code);
    }
    (this.codes as number[]).push(code);
  }

  done(): void {
    this.codes = this.values.length <= 0xffff ? Uint16Array.from(this.codes) : Int32Array.from(this.codes);
    this.numbers.clear();
  }

  get(i: number): V {
    return this.values[this.codes[i]];
  }
}
