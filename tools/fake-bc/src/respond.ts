import { once } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Fault } from './faults.ts';
import type { ApiResponse } from './http-util.ts';

/** Reads what is left of a request (an answer given before its body was read). */
export async function drain(req: IncomingMessage): Promise<void> {
  if (req.readableEnded) return;
  req.resume();
  if (!req.readableEnded) await once(req, 'end').catch(() => {});
}

/**
 * Writes an answer. A page goes out record by record with backpressure; a `drop` fault writes part of it (its
 * records up to `afterRecords`, or half the bytes) and destroys the connection, so the client sees a body cut off.
 */
export async function send(res: ServerResponse, r: ApiResponse, drop?: Fault): Promise<void> {
  const write = (chunk: string | Buffer) =>
    new Promise<void>((resolve, reject) => res.write(chunk, (e) => (e ? reject(e) : resolve())));
  if (r.chunks) {
    res.writeHead(r.status, r.headers);
    const parts = drop ? [...r.chunks] : r.chunks;
    if (drop) {
      const records = (parts as string[]).length - 2;
      const cutAfter = Math.min(drop.afterRecords ?? Math.floor(records / 2), records);
      const kept = (parts as string[]).slice(0, 1 + cutAfter).join('');
      await write(kept);
      res.socket?.destroy();
      return;
    }
    for (const chunk of parts) {
      if (res.destroyed) return;
      // A client that goes away mid-page never drains: stop on close as well.
      if (!res.write(chunk)) await Promise.race([once(res, 'drain'), once(res, 'close')]);
    }
    res.end();
    return;
  }
  let bytes: Buffer | undefined;
  if (r.json !== undefined) bytes = Buffer.from(JSON.stringify(r.json));
  else if (r.text !== undefined) bytes = Buffer.from(r.text);
  else if (r.bytes) bytes = r.bytes;
  const headers = { ...r.headers };
  if (bytes && !headers['content-type']) headers['content-type'] = 'application/json; charset=utf-8';
  if (drop && bytes) {
    res.writeHead(r.status, headers);
    await write(bytes.subarray(0, Math.floor(bytes.length / 2)));
    res.socket?.destroy();
    return;
  }
  if (bytes) headers['content-length'] = String(bytes.length);
  res.writeHead(r.status, headers);
  res.end(bytes);
}
