import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** An answer of the fake's API: JSON, bytes, text, or a page written record by record. */
export interface ApiResponse {
  status: number;
  headers: Record<string, string>;
  json?: unknown;
  bytes?: Buffer;
  text?: string;
  /** A collection page: its parts are written one after the other, so no page is ever one big string. */
  chunks?: Iterable<string>;
}

/** An error as Business Central answers one: `{ error: { code, message } }`, the message ending in a correlation id. */
export class BcError extends Error {
  readonly status: number;
  readonly code: string;
  readonly headers: Record<string, string>;

  constructor(status: number, code: string, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.headers = headers;
  }

  toResponse(): ApiResponse {
    return {
      status: this.status,
      headers: { 'content-type': 'application/json; charset=utf-8', ...this.headers },
      json: { error: { code: this.code, message: `${this.message}  CorrelationId:  ${randomUUID()}.` } },
    };
  }
}

export function jsonResponse(
  status: number,
  json: unknown,
  headers: Record<string, string> = {},
): ApiResponse {
  return {
    status,
    headers: { 'content-type': 'application/json; odata.metadata=minimal; charset=utf-8', ...headers },
    json,
  };
}

/**
 * Reads a request body up to `limit` bytes. A longer one is read to its end and dropped (so the client gets the
 * answer instead of a broken pipe) and answered 413, as BC answers a request over its maximum size.
 */
export async function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length'] ?? Number.NaN);
  const parts: Buffer[] = [];
  let size = 0;
  let tooLarge = Number.isFinite(declared) && declared > limit;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) tooLarge = true;
    if (!tooLarge) parts.push(chunk);
  }
  if (tooLarge)
    throw new BcError(
      413,
      'RequestEntityTooLarge',
      `The request body of ${size} bytes is larger than the maximum of ${limit} bytes.`,
    );
  return Buffer.concat(parts);
}

export function parseJsonBody(raw: Buffer | string): unknown {
  const text = typeof raw === 'string' ? raw : raw.toString('utf8');
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw new BcError(400, 'BadRequest', 'The request body is not valid JSON.');
  }
}

/** Headers by lower-case name, the first value of each. */
export function headerMap(headers: IncomingMessage['headers']): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) {
    if (v === undefined) continue;
    out[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
  }
  return out;
}
