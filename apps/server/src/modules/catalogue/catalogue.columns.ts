import { Buffer } from 'node:buffer';

// Compact columns for the read models (docs/decisions/0008-in-process-catalogue-indexes.md, "Scale 1000"): a
// column of texts as UTF-8 bytes in one buffer with offsets instead of a string (and its pointer) per row, and a
// column of few distinct values (a category, a price, a unit) as a small number per row into a list of them.
// Both are filled row by row, so a model can be built from its rows in batches, then `done()`.

const encoder = new TextEncoder();

/** Texts, one per row; a row may instead refer to another column's text (`fallback`), holding nothing. */
export class TextColumn {
  private bytes = new Uint8Array(1 << 16);
  private length = 0;
  private starts: number[] | Int32Array = [0];
  private same: number[] | Uint8Array = [];
  private buffer: Buffer | null = null;
  private readonly fallback: TextColumn | null;

  constructor(fallback: TextColumn | null = null) {
    this.fallback = fallback;
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
  }

  get(i: number): string {
    if (this.same[i] === 1 && this.fallback) return this.fallback.get(i);
    return (this.buffer as Buffer).toString('utf8', this.starts[i], this.starts[i + 1]);
  }
}

/** Values with few distinct ones: each once, a row holds its value's number. */
export class ValueColumn<V extends string | null> {
  private readonly values: V[] = [];
  private readonly numbers = new Map<V, number>();
  private codes: number[] | Uint16Array | Int32Array = [];

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
