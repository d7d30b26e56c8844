import { Readable } from 'node:stream';
import { createInflateRaw } from 'node:zlib';

/**
 * A zip archive held in memory (an uploaded workbook), read without trusting it (docs/decisions/0004): the central
 * directory names the entries and what they claim to be; an entry is inflated as a stream that stops at the size the
 * directory declares (a directory that lies about sizes cannot make it inflate more) and at a hard cap. Only Node's
 * own modules: this also runs inside the table reader's worker thread.
 */

/** Why a file is refused: its type (415), its size (413), or its content cannot be read (422). */
export type RefusalKind = 'type' | 'too_large' | 'unreadable' | 'too_many_rows';

/** A file refused for what it is; `reason` says which check refused it (details.reason in the answer). */
export class Refusal extends Error {
  readonly kind: RefusalKind;
  readonly reason: string;
  constructor(kind: RefusalKind, reason: string) {
    super(`${kind}: ${reason}`);
    this.name = 'Refusal';
    this.kind = kind;
    this.reason = reason;
  }
}

export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated; anything else is refused when read. */
  method: number;
  flags: number;
  compressed: number;
  /** What the central directory declares: never more is inflated. */
  uncompressed: number;
  localOffset: number;
}

const ZIP_EOCD = 0x06054b50;
const ZIP_CENTRAL = 0x02014b50;
const ZIP_LOCAL = 0x04034b50;

/** Reads the central directory only (nothing is inflated). Refuses a malformed archive, ZIP64 and too many entries. */
export function zipDirectory(bytes: Buffer, maxEntries: number): ZipEntry[] {
  const minEocd = Math.max(0, bytes.length - 22 - 0xffff);
  let eocd = -1;
  for (let i = bytes.length - 22; i >= minEocd; i--) {
    if (bytes.readUInt32LE(i) === ZIP_EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new Refusal('type', 'zip_malformed');
  const total = bytes.readUInt16LE(eocd + 10);
  const cdSize = bytes.readUInt32LE(eocd + 12);
  const cdOffset = bytes.readUInt32LE(eocd + 16);
  // ZIP64 markers: a spreadsheet within the upload limit never needs them.
  if (total === 0xffff || cdSize === 0xffffffff || cdOffset === 0xffffffff)
    throw new Refusal('too_large', 'zip64');
  if (total > maxEntries) throw new Refusal('too_large', 'zip_entries');
  if (cdOffset + cdSize > eocd) throw new Refusal('type', 'zip_malformed');
  const entries: ZipEntry[] = [];
  let p = cdOffset;
  while (p < cdOffset + cdSize) {
    if (p + 46 > bytes.length || bytes.readUInt32LE(p) !== ZIP_CENTRAL)
      throw new Refusal('type', 'zip_malformed');
    const compressed = bytes.readUInt32LE(p + 20);
    const uncompressed = bytes.readUInt32LE(p + 24);
    const nameLength = bytes.readUInt16LE(p + 28);
    const extraLength = bytes.readUInt16LE(p + 30);
    const commentLength = bytes.readUInt16LE(p + 32);
    if (compressed === 0xffffffff || uncompressed === 0xffffffff) throw new Refusal('too_large', 'zip64');
    entries.push({
      name: bytes.subarray(p + 46, p + 46 + nameLength).toString('utf8'),
      method: bytes.readUInt16LE(p + 10),
      flags: bytes.readUInt16LE(p + 8),
      compressed,
      uncompressed,
      localOffset: bytes.readUInt32LE(p + 42),
    });
    if (entries.length > maxEntries) throw new Refusal('too_large', 'zip_entries');
    p += 46 + nameLength + extraLength + commentLength;
  }
  if (entries.length !== total) throw new Refusal('type', 'zip_malformed');
  return entries;
}

export interface ZipLimits {
  maxEntries: number;
  maxTotalUncompressed: number;
  /** Uncompressed/compressed ratio refused for entries bigger than 1 MiB (deflate tops out near 1032). */
  maxRatio: number;
}

export const defaultZipLimits: ZipLimits = {
  maxEntries: 2000,
  maxTotalUncompressed: 200 * 1024 * 1024,
  maxRatio: 200,
};

/**
 * Zip-bomb guard on what the directory declares, before anything inflates: the entry count, the total uncompressed
 * size and the compression ratio per entry. The declared sizes could lie, so `inflateEntry` never inflates beyond them.
 */
export function checkZipLimits(
  entries: ZipEntry[],
  limits: ZipLimits,
): { entries: number; uncompressed: number } {
  if (entries.length > limits.maxEntries) throw new Refusal('too_large', 'zip_entries');
  let total = 0;
  for (const e of entries) {
    total += e.uncompressed;
    if (total > limits.maxTotalUncompressed) throw new Refusal('too_large', 'zip_uncompressed_size');
    if (e.uncompressed > 1024 * 1024 && e.uncompressed / Math.max(e.compressed, 1) > limits.maxRatio)
      throw new Refusal('too_large', 'zip_ratio');
  }
  return { entries: entries.length, uncompressed: total };
}

/** The entry's compressed bytes, found through its local header; an archive cut short is unreadable. */
function compressedData(bytes: Buffer, entry: ZipEntry): Buffer {
  const at = entry.localOffset;
  if (at + 30 > bytes.length || bytes.readUInt32LE(at) !== ZIP_LOCAL)
    throw new Refusal('unreadable', 'zip_truncated');
  const start = at + 30 + bytes.readUInt16LE(at + 26) + bytes.readUInt16LE(at + 28);
  if (start + entry.compressed > bytes.length) throw new Refusal('unreadable', 'zip_truncated');
  return bytes.subarray(start, start + entry.compressed);
}

/** Compressed input is fed in slices this small, so one slice inflates to a few MiB at most (deflate's ratio ≤ 1032). */
const FEED = 4 * 1024;

/**
 * The entry's bytes as it inflates, chunk by chunk. Refused when it inflates beyond its declared size (the directory
 * lies: unreadable), beyond `cap` (too large), when the deflate stream is corrupt or ends early (unreadable), or
 * when it is encrypted or uses another method (type). Stopping the iteration early stops the inflating.
 */
export async function* inflateEntry(bytes: Buffer, entry: ZipEntry, cap: number): AsyncGenerator<Buffer> {
  if (entry.flags & 1) throw new Refusal('type', 'zip_encrypted');
  if (entry.uncompressed > cap) throw new Refusal('too_large', 'zip_entry_size');
  const data = compressedData(bytes, entry);
  if (entry.method === 0) {
    if (data.length !== entry.uncompressed) throw new Refusal('unreadable', 'zip_size_mismatch');
    for (let i = 0; i < data.length; i += 64 * 1024) yield data.subarray(i, i + 64 * 1024);
    return;
  }
  if (entry.method !== 8) throw new Refusal('type', 'zip_method');
  const slices = function* () {
    for (let i = 0; i < data.length; i += FEED) yield data.subarray(i, i + FEED);
  };
  const inflater = createInflateRaw({ chunkSize: 64 * 1024 });
  const source = Readable.from(slices(), { objectMode: false });
  source.on('error', (e) => inflater.destroy(e));
  source.pipe(inflater);
  let total = 0;
  try {
    for await (const chunk of inflater as AsyncIterable<Buffer>) {
      total += chunk.length;
      if (total > entry.uncompressed) throw new Refusal('unreadable', 'zip_size_mismatch');
      yield chunk;
    }
  } catch (e) {
    if (e instanceof Refusal) throw e;
    throw new Refusal('unreadable', 'zip_corrupt');
  } finally {
    source.destroy();
    inflater.destroy();
  }
  if (total !== entry.uncompressed) throw new Refusal('unreadable', 'zip_size_mismatch');
}
