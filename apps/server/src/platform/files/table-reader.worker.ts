import { parentPort, workerData } from 'node:worker_threads';
import { readTableRows, type TableLimits } from './table-rows.ts';
import { Refusal } from './zip.ts';

/** The table reader's worker thread (table-reader.ts): reads one file and posts its rows or why it was refused. */

export type WorkerAnswer =
  | { rows: string[][] }
  | { refusal: { kind: Refusal['kind']; reason: string } }
  | { failure: string };

const { bytes, kind, limits } = workerData as {
  bytes: Uint8Array;
  kind: 'xlsx' | 'csv';
  limits: TableLimits;
};

async function run(): Promise<WorkerAnswer> {
  try {
    return {
      rows: await readTableRows(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length), kind, limits),
    };
  } catch (e) {
    if (e instanceof Refusal) return { refusal: { kind: e.kind, reason: e.reason } };
    return { failure: e instanceof Error ? (e.stack ?? e.message) : String(e) };
  }
}

parentPort?.postMessage(await run());
