import { hash } from 'node:crypto';

/** mulberry32: a small, fast, seedable PRNG; the same seed gives the same demo data every time. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export class Rng {
  private readonly next: () => number;
  constructor(seed: number) {
    this.next = mulberry32(seed);
  }
  /** [0, 1) */
  float(): number {
    return this.next();
  }
  /** Integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(list: readonly T[]): T {
    return list[Math.floor(this.next() * list.length)];
  }
  /** Picks by weight; weights need not sum to 1. */
  weighted<T>(list: readonly T[], weight: (x: T) => number): T {
    let total = 0;
    for (const x of list) total += weight(x);
    let r = this.next() * total;
    for (const x of list) {
      r -= weight(x);
      if (r < 0) return x;
    }
    return list[list.length - 1];
  }
  shuffle<T>(list: readonly T[]): T[] {
    const out = [...list];
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [out[i], out[j]] = [out[j], out[i]];
    }
    return out;
  }
  /** `count` distinct elements (or all of them when the list is shorter). */
  sample<T>(list: readonly T[], count: number): T[] {
    return this.shuffle(list).slice(0, count);
  }
  /**
   * sample() of the first `length` numbers of `list`, shuffling them in place: the same draws and the same answer
   * as sample(), without copying (the simulation samples lists of tens of thousands of item indexes at --scale 1000).
   */
  sampleInPlace(list: Int32Array, length: number, count: number): number[] {
    for (let i = length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      const x = list[i];
      list[i] = list[j];
      list[j] = x;
    }
    return Array.from(list.subarray(0, Math.min(count, length)));
  }
}

/**
 * A stable UUID (RFC 9562 version 4 layout) derived from a name, so demo rows keep the same ids on
 * every seeding: links such as /set/{id} or /content-page/{id}/nl-NL stay valid across resets.
 */
export function stableId(kind: string, key: string | number): string {
  return uuidText(stableIdBytes(kind, key), 0);
}

/** stableId's 16 bytes (a table of many ids keeps these, 16 bytes an id, and makes the text when asked: uuidText). */
export function stableIdBytes(kind: string, key: string | number): Buffer {
  // why: crypto.hash, one call: half the time of createHash().update().digest() (millions of ids at --scale 1000).
  const h = hash('sha256', `materieelportaal-demo:${kind}:${key}`, 'buffer');
  h[6] = (h[6] & 0x0f) | 0x40;
  h[8] = (h[8] & 0x3f) | 0x80;
  return h;
}

/** The UUID text of the 16 bytes at `offset`. */
export function uuidText(bytes: Uint8Array, offset: number): string {
  // why: one flat 36-byte string; joining slices of the hex made a tree of strings of ~370 bytes per id, and
  // the seed holds millions of ids at --scale 1000 (each item's and plant's).
  let o = 0;
  for (let i = 0; i < 16; i++) {
    const b = bytes[offset + i];
    if (i === 4 || i === 6 || i === 8 || i === 10) uuid[o++] = 0x2d;
    uuid[o++] = HEX[b >> 4];
    uuid[o++] = HEX[b & 15];
  }
  return uuid.toString('latin1', 0, 36);
}

const HEX = Buffer.from('0123456789abcdef', 'latin1');
const uuid = Buffer.alloc(36);
