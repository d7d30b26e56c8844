import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type Sharp from 'sharp';
import type { Config } from '../../config.ts';
import { AppError, fieldErrors } from '../errors.ts';
import { plainText } from '../sanitize.ts';
import { loadSharp } from './sharp.ts';
import { checkZipLimits, defaultZipLimits, Refusal, type ZipLimits, zipDirectory } from './zip.ts';

/**
 * Every upload goes through here (docs/decisions/0004-content-and-files.md):
 * size limit → 413 (streamed, never buffered beyond the limit), type by magic bytes → 415,
 * zip-bomb check on xlsx before any parser sees it, images re-encoded with sharp (metadata
 * stripped, dimensions capped), file names made by the server (the user's name is display text).
 */

export type FileKind = 'png' | 'jpeg' | 'webp' | 'gif' | 'pdf' | 'xlsx';
/** What the magic bytes say; `svg`, `html` and `zip` (a zip that is not a workbook) are never accepted. */
export type DetectedKind = FileKind | 'svg' | 'html' | 'zip';

export const imageKinds: readonly FileKind[] = ['png', 'jpeg', 'webp', 'gif'];
export const documentKinds: readonly FileKind[] = ['pdf', 'png', 'jpeg', 'webp', 'gif'];

export const contentTypeOf: Record<FileKind, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

export const extensionOf: Record<FileKind, string> = {
  png: 'png',
  jpeg: 'jpg',
  webp: 'webp',
  gif: 'gif',
  pdf: 'pdf',
  xlsx: 'xlsx',
};

const ZIP_LOCAL = 0x04034b50;
const ZIP_EOCD = 0x06054b50;

function startsWith(bytes: Buffer, magic: number[], at = 0): boolean {
  if (bytes.length < at + magic.length) return false;
  return magic.every((b, i) => bytes[at + i] === b);
}

/** The file's type by its first bytes; null when nothing known matches. The name and the client's type are ignored. */
export function detectKind(bytes: Buffer): DetectedKind | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (
    bytes
      .subarray(0, 6)
      .toString('latin1')
      .match(/^GIF8[79]a$/)
  )
    return 'gif';
  if (
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'webp';
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  if (bytes.length >= 4 && (bytes.readUInt32LE(0) === ZIP_LOCAL || bytes.readUInt32LE(0) === ZIP_EOCD)) {
    return isWorkbook(bytes) ? 'xlsx' : 'zip';
  }
  const head = bytes
    .subarray(0, 1024)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart()
    .toLowerCase();
  if (head.startsWith('<svg') || (head.startsWith('<?xml') && head.includes('<svg'))) return 'svg';
  if (/^<(!doctype html|html|head|body|script|iframe|div|p|a|img|\?xml)/.test(head)) return 'html';
  return null;
}

function isWorkbook(bytes: Buffer): boolean {
  try {
    const names = zipDirectory(bytes, defaultZipLimits.maxEntries).map((e) => e.name);
    return names.includes('[Content_Types].xml') && names.some((n) => n.startsWith('xl/'));
  } catch {
    return false;
  }
}

/** A refused file as the one error the code throws: 415 for its type, 413 for its size, 422 when it cannot be read. */
export function refusalError(r: Refusal, details: Record<string, unknown> = {}): AppError {
  if (r.kind === 'type')
    return new AppError('unsupported_type', 'error.bestandstype', {
      details: { ...details, reason: r.reason },
    });
  if (r.kind === 'too_large')
    return new AppError('too_large', 'error.te_groot', { details: { ...details, reason: r.reason } });
  return new AppError('rule', 'error.bestand_onleesbaar', { details: { ...details, reason: r.reason } });
}

/**
 * Zip-bomb guard, run on an xlsx BEFORE any spreadsheet parser (zip.ts checkZipLimits: entry count, declared total
 * size, ratio per entry): it refuses the archive early and cheaply. The declared sizes could lie, so the table
 * reader (table-reader.ts) also inflates each entry no further than its declared size.
 */
export function checkZipArchive(
  bytes: Buffer,
  limits: ZipLimits = defaultZipLimits,
): { entries: number; uncompressed: number } {
  try {
    return checkZipLimits(zipDirectory(bytes, limits.maxEntries), limits);
  } catch (e) {
    throw e instanceof Refusal ? refusalError(e) : e;
  }
}

/**
 * The user's file name as display text only: no directories (either slash), no control characters,
 * no leading dots, at most 200 characters. Never used to build a storage path.
 */
export function safeDisplayName(name: string | null | undefined, fallback = 'bestand'): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const clean = plainText(base, 4000)
    .replace(/["*:?|]/g, '_')
    .replace(/^[.\s]+/, '')
    .trim();
  if (!clean) return fallback;
  if (clean.length <= 200) return clean;
  const dot = clean.lastIndexOf('.');
  const ext = dot > 0 && clean.length - dot <= 10 ? clean.slice(dot) : '';
  return clean.slice(0, 200 - ext.length) + ext;
}

/** Registers @fastify/multipart on a module's scope (idempotent); per-route limits come from `readUploads`. */
export async function registerUploads(
  app: FastifyInstance,
  config: Pick<Config, 'MAX_UPLOAD_BYTES'>,
): Promise<void> {
  if (app.hasContentTypeParser('multipart/form-data')) return;
  await app.register(multipart, {
    throwFileSizeLimit: true,
    limits: {
      fileSize: config.MAX_UPLOAD_BYTES,
      files: 5,
      fields: 10,
      parts: 15,
      fieldSize: 64 * 1024,
      headerPairs: 100,
    },
  });
}

export interface UploadedFile {
  /** Form field the file came in. */
  field: string;
  /** The user's file name, cleaned, for display only. */
  displayName: string;
  kind: FileKind;
  contentType: string;
  bytes: Buffer;
}

export interface UploadOptions {
  /** Types this route takes; anything else (whatever its name or declared type) is 415. */
  allowed: readonly FileKind[];
  /** Most files in one request (one per field). */
  maxFiles?: number;
  /** Per-file byte limit; never above MAX_UPLOAD_BYTES. */
  maxBytes?: number;
  /** Field names that may carry files; others are refused. Undefined: any. */
  fileFields?: readonly string[];
  zipLimits?: ZipLimits;
}

/**
 * Reads the multipart body of one request: files (checked) and plain fields. Each file is read
 * up to the limit and no further; over the limit the request ends with 413.
 */
export async function readUploads(
  req: FastifyRequest,
  config: Pick<Config, 'MAX_UPLOAD_BYTES'>,
  options: UploadOptions,
): Promise<{ files: UploadedFile[]; fields: Record<string, string> }> {
  if (!req.isMultipart?.())
    throw new AppError('unsupported_type', 'error.bestandstype', { details: { reason: 'not_multipart' } });
  const maxFiles = options.maxFiles ?? 1;
  const maxBytes = Math.min(options.maxBytes ?? config.MAX_UPLOAD_BYTES, config.MAX_UPLOAD_BYTES);
  // A declared length far beyond what this route takes is refused before a byte is read.
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > maxBytes * maxFiles + 256 * 1024)
    throw new AppError('too_large', 'error.te_groot', { details: { maxBytes } });

  const files: UploadedFile[] = [];
  const fields: Record<string, string> = {};
  const parts = req.parts({
    limits: { fileSize: maxBytes, files: maxFiles, fields: 10, parts: maxFiles + 10 },
  });
  for await (const part of parts) {
    if (part.type === 'field') {
      if (part.fieldname in fields)
        throw fieldErrors('invalid', 'error.ongeldige_invoer', {
          [part.fieldname]: 'validation.onbekend_veld',
        });
      fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value ?? '');
      continue;
    }
    if (options.fileFields && !options.fileFields.includes(part.fieldname)) {
      part.file.resume();
      throw fieldErrors('invalid', 'error.ongeldige_invoer', {
        [part.fieldname]: 'validation.onbekend_veld',
      });
    }
    if (files.some((f) => f.field === part.fieldname)) {
      part.file.resume();
      throw fieldErrors('invalid', 'error.ongeldige_invoer', { [part.fieldname]: 'validation.te_lang' });
    }
    const bytes = await part.toBuffer();
    if (part.file.truncated || bytes.length > maxBytes)
      throw new AppError('too_large', 'error.te_groot', { details: { maxBytes } });
    if (bytes.length === 0) {
      throw fieldErrors('invalid', 'error.ongeldige_invoer', { [part.fieldname]: 'validation.verplicht' });
    }
    const detected = detectKind(bytes);
    if (!detected || !(options.allowed as readonly string[]).includes(detected)) {
      throw new AppError('unsupported_type', 'error.bestandstype', {
        details: { field: part.fieldname, detected: detected ?? 'unknown', allowed: options.allowed },
      });
    }
    const kind = detected as FileKind;
    if (kind === 'xlsx') checkZipArchive(bytes, options.zipLimits);
    files.push({
      field: part.fieldname,
      displayName: safeDisplayName(part.filename),
      kind,
      contentType: contentTypeOf[kind],
      bytes,
    });
  }
  return { files, fields };
}

export interface ImageOptions {
  /** Longest side after re-encoding. */
  maxDimension?: number;
  /** Refuse decoding beyond this many pixels (decompression bomb). */
  maxInputPixels?: number;
  /** Output format; default keeps jpeg/webp, turns gif into png. */
  format?: 'png' | 'jpeg' | 'webp';
}

export interface ProcessedImage {
  bytes: Buffer;
  kind: 'png' | 'jpeg' | 'webp';
  contentType: string;
  width: number;
  height: number;
}

/**
 * Decodes and re-encodes an image: metadata (EXIF, GPS, ICC comments) dropped, orientation applied,
 * size capped. Whatever rode along inside the original (polyglot content) does not survive.
 */
export async function reencodeImage(bytes: Buffer, options: ImageOptions = {}): Promise<ProcessedImage> {
  const maxDimension = options.maxDimension ?? 2000;
  const maxInputPixels = options.maxInputPixels ?? 50_000_000;
  const sharp = await loadSharp();
  let meta: Awaited<ReturnType<ReturnType<typeof Sharp>['metadata']>>;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch (e) {
    throw new AppError('unsupported_type', 'error.bestandstype', {
      details: { reason: 'image_unreadable' },
      cause: e,
    });
  }
  if (!meta.width || !meta.height)
    throw new AppError('unsupported_type', 'error.bestandstype', { details: { reason: 'image_unreadable' } });
  if (meta.width * meta.height > maxInputPixels)
    throw new AppError('too_large', 'error.te_groot', { details: { reason: 'image_pixels' } });
  const format =
    options.format ?? (meta.format === 'jpeg' ? 'jpeg' : meta.format === 'webp' ? 'webp' : 'png');
  try {
    let pipeline = sharp(bytes, { limitInputPixels: maxInputPixels, failOn: 'error', animated: false })
      .rotate()
      .resize({ width: maxDimension, height: maxDimension, fit: 'inside', withoutEnlargement: true });
    if (format === 'jpeg')
      pipeline = pipeline.flatten({ background: '#ffffff' }).jpeg({ quality: 85, mozjpeg: true });
    else if (format === 'webp') pipeline = pipeline.webp({ quality: 85 });
    else pipeline = pipeline.png({ compressionLevel: 9 });
    const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
    return {
      bytes: data,
      kind: format,
      contentType: contentTypeOf[format],
      width: info.width,
      height: info.height,
    };
  } catch (e) {
    throw new AppError('unsupported_type', 'error.bestandstype', {
      details: { reason: 'image_unreadable' },
      cause: e,
    });
  }
}
