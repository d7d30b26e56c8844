import { Worker } from 'node:worker_threads';
import { AppError } from '../errors.ts';
import type { WorkerAnswer } from './table-reader.worker.ts';
import type { TableLimits } from './table-rows.ts';
import { detectKind, refusalError } from './uploads.ts';
import { Refusal } from './zip.ts';

/**
 * The one reader of uploaded tables (XLSX or CSV), docs/decisions/0004 and issue #31 item 2. The type comes from the
 * content (anything else: 415). The reading runs in a worker thread of its own, with a heap limit and a time limit,
 * so the event loop stays free and the memory a hostile file can take is bounded: the workbook is inflated as a
 * stream (never beyond what its zip directory declares), XML with a DOCTYPE is refused, and reading stops at the
 * first row past the limit. At most TABLE_READS_AT_ONCE files are read at once per process; another is 429 with
 * Retry-After. Malformed content is 422 (`error.bestand_onleesbaar`), too large when unpacked 413.
 */

/** Files read at once per server process. */
export const TABLE_READS_AT_ONCE = 2;
export const TABLE_BUSY_RETRY_AFTER_SECONDS = 5;
/** The worker's JavaScript heap: the rows kept (≤ maxTextChars) and the parser's state fit well within it. */
const WORKER_HEAP_MB = 128;
/** A reading still going after this long is ended (a file the limits let through but that takes too long). */
const WORKER_TIME_LIMIT_MS = 60_000;

const fixedLimits = {
  maxColumns: 64,
  maxTextChars: 16 * 1024 * 1024,
} satisfies Omit<TableLimits, 'maxRows'>;

export interface TableOptions {
  /** Data rows after the header; a row with a value past them is refused (422 `codes.tooManyRows`). */
  maxRows: number;
  /** The caller's translation keys: a file that is neither XLSX nor CSV (415), and too many rows (422). */
  codes: { type: string; tooManyRows: string };
  /** The request field the file came in, named in every error's details. */
  field?: string;
}

let reading = 0;

/** The file's rows as trimmed text, the header first; row n of a sheet is index n - 1 (gaps are empty rows). */
export async function readTable(bytes: Buffer, options: TableOptions): Promise<string[][]> {
  const field = options.field ? { field: options.field } : {};
  const detected = detectKind(bytes);
  const kind = detected === 'xlsx' ? 'xlsx' : detected === null && !bytes.includes(0) ? 'csv' : null;
  if (!kind)
    throw new AppError('unsupported_type', options.codes.type, {
      details: { ...field, detected: detected ?? 'unknown', allowed: ['xlsx', 'csv'] },
    });
  if (reading >= TABLE_READS_AT_ONCE)
    throw new AppError('too_many', 'error.bestanden_bezig', {
      details: { retryAfter: TABLE_BUSY_RETRY_AFTER_SECONDS },
    });
  reading++;
  let answer: WorkerAnswer;
  try {
    answer = await inWorker(bytes, kind, { ...fixedLimits, maxRows: options.maxRows });
  } finally {
    reading--;
  }
  if ('rows' in answer) return answer.rows;
  if ('failure' in answer) throw new Error(`table reader failed: ${answer.failure}`);
  const { kind: refused, reason } = answer.refusal;
  if (refused === 'type')
    throw new AppError('unsupported_type', options.codes.type, { details: { ...field, reason } });
  if (refused === 'too_many_rows')
    throw new AppError('rule', options.codes.tooManyRows, {
      details: { ...field, reason, maxRows: options.maxRows },
    });
  throw refusalError(new Refusal(refused, reason), field);
}

function inWorker(bytes: Buffer, kind: 'xlsx' | 'csv', limits: TableLimits): Promise<WorkerAnswer> {
  // a copy of its own, handed over (not copied again): a Buffer may be a view into a larger shared pool
  const copy = new Uint8Array(bytes);
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./table-reader.worker.ts', import.meta.url), {
      workerData: { bytes: copy, kind, limits },
      transferList: [copy.buffer],
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB, maxYoungGenerationSizeMb: 16 },
    });
    let answer: WorkerAnswer | null = null;
    const timer = setTimeout(() => {
      answer ??= { refusal: { kind: 'too_large', reason: 'table_time' } };
      void worker.terminate();
    }, WORKER_TIME_LIMIT_MS);
    worker.once('message', (m: WorkerAnswer) => {
      answer ??= m;
    });
    worker.once('error', (e: Error & { code?: string }) => {
      answer ??=
        e.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? { refusal: { kind: 'too_large', reason: 'table_memory' } }
          : { failure: e.stack ?? e.message };
    });
    worker.once('exit', (code) => {
      clearTimeout(timer);
      if (answer) resolve(answer);
      else reject(new Error(`table reader worker ended (exit ${code}) without an answer`));
    });
  });
}
