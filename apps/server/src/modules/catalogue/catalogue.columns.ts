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

/** A lower-case hex digit's value by its character code (128 codes), -1 for any other character. */
const HEX_VALUE = Int8Array.from({ length: 128 }, (_, c) =>
  c >= 48 && c <= 57 ? c - 48 : c >= 97 && c <= 102 ? c - 87 : -1,
);
const HEX = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, '0'));
/** Where each of a uuid's 16 bytes starts in its 36 characters. */
const AT = [0, 2, 4, 6, 9, 11, 14, 16, 19, 21, 24, 26, 28, 30, 32, 34];

export interface IdColumnParts {
  /** 16 bytes per row while every id is a uuid as PostgreSQL writes it, else null and `text` holds them. */
  uuids: Uint8Array | null;
  text: TextColumnParts | null;
  /** The lookup table over `uuids` (row + 1 per slot), when the column has one. */
  slots: Int32Array | null;
}

/**
 * Ids, one per row: 16 bytes each while every id is a uuid as PostgreSQL writes it (lower-case, with dashes), else
 * a text column — 36 bytes and an offset each at scale 1000's 433,000 ids otherwise. With `lookup`, `rowOf` finds
 * an id's row through an open-addressing table over the bytes. A page's ids are written back as the database wrote
 * them.
 */
export class IdColumn {
  private uuids: Uint8Array | null = new Uint8Array(16 * 1024);
  private rows = 0;
  private text: TextColumn | null = null;
  private slots: Int32Array | null = null;
  private readonly lookup: boolean;

  constructor(options: { lookup?: boolean } = {}) {
    this.lookup = options.lookup ?? false;
  }

  static fromParts(parts: IdColumnParts): IdColumn {
    const c = new IdColumn({ lookup: parts.slots !== null || parts.text?.slots != null });
    c.uuids = parts.uuids;
    c.text = parts.text ? TextColumn.fromParts(parts.text) : null;
    c.slots = parts.slots;
    c.rows = c.text ? c.text.size : (parts.uuids as Uint8Array).length / 16;
    return c;
  }

  parts(): IdColumnParts {
    return { uuids: this.uuids, text: this.text?.parts() ?? null, slots: this.slots };
  }

  /** The 16 bytes of a uuid written as PostgreSQL writes it into `out` at `at`; false when it is not one. */
  private static parse(id: string, out: Uint8Array, at: number): boolean {
    if (id.length !== 36) return false;
    if (
      id.charCodeAt(8) !== 45 ||
      id.charCodeAt(13) !== 45 ||
      id.charCodeAt(18) !== 45 ||
      id.charCodeAt(23) !== 45
    )
      return false;
    for (let k = 0; k < 16; k++) {
      const hi = HEX_VALUE[id.charCodeAt(AT[k])] ?? -1;
      const lo = HEX_VALUE[id.charCodeAt(AT[k] + 1)] ?? -1;
      if (hi < 0 || lo < 0) return false;
      out[at + k] = (hi << 4) | lo;
    }
    return true;
  }

  add(id: string): void {
    if (this.uuids) {
      if (16 * (this.rows + 1) > this.uuids.length) {
        const grown = new Uint8Array(this.uuids.length * 2);
        grown.set(this.uuids);
        this.uuids = grown;
      }
      if (IdColumn.parse(id, this.uuids, 16 * this.rows)) {
        this.rows++;
        return;
      }
      // Not a uuid: every id as text from here on.
      const text = new TextColumn(null, { lookup: this.lookup });
      for (let i = 0; i < this.rows; i++) text.add(this.get(i));
      this.text = text;
      this.uuids = null;
    }
    (this.text as TextColumn).add(id);
    this.rows++;
  }

  done(): void {
    if (this.text) {
      this.text.done();
      return;
    }
    const uuids = (this.uuids as Uint8Array).slice(0, 16 * this.rows);
    this.uuids = uuids;
    if (!this.lookup) return;
    let size = 16;
    while (size < 2 * this.rows) size *= 2;
    const slots = new Int32Array(size);
    for (let row = 0; row < this.rows; row++) {
      for (let s = hashOf(uuids, 16 * row, 16 * row + 16) & (size - 1); ; s = (s + 1) & (size - 1)) {
        if (slots[s] === 0) {
          slots[s] = row + 1;
          break;
        }
        if (this.sameUuid(slots[s] - 1, uuids, 16 * row)) break;
      }
    }
    this.slots = slots;
  }

  private sameUuid(row: number, other: Uint8Array, at: number): boolean {
    const uuids = this.uuids as Uint8Array;
    for (let k = 0; k < 16; k++) if (uuids[16 * row + k] !== other[at + k]) return false;
    return true;
  }

  get size(): number {
    return this.rows;
  }

  get(i: number): string {
    if (this.text) return this.text.get(i);
    const u = this.uuids as Uint8Array;
    const h = (k: number) => HEX[u[16 * i + k]];
    return `${h(0)}${h(1)}${h(2)}${h(3)}-${h(4)}${h(5)}-${h(6)}${h(7)}-${h(8)}${h(9)}-${h(10)}${h(11)}${h(12)}${h(13)}${h(14)}${h(15)}`;
  }

  private readonly key = new Uint8Array(16);

  /** The row of `id` (a column made with `lookup`), or -1. */
  rowOf(id: string): number {
    if (this.text) return this.text.rowOf(id);
    const { slots, key } = this;
    if (!slots) throw new Error('an id column without a lookup table');
    if (!IdColumn.parse(id, key, 0)) return -1;
    const mask = slots.length - 1;
    for (let s = hashOf(key, 0, 16) & mask; slots[s] !== 0; s = (s + 1) & mask) {
      if (this.sameUuid(slots[s] - 1, key, 0)) return slots[s] - 1;
    }
    return -1;
  }
}
