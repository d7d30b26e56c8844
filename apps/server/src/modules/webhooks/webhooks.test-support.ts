// Helpers of the webhook tests (and the bench): a local receiver that records what it gets. Not a test file itself.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface Receiver {
  url: string;
  received: Received[];
  /** The status the next requests get (200 by default). */
  answer: number;
  close(): Promise<void>;
}

/** An http server on 127.0.0.1 that records every request and answers `answer`. */
export async function startReceiver(): Promise<Receiver> {
  const received: Received[] = [];
  const r: Receiver = { url: '', received, answer: 200, close: async () => {} };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(r.answer, r.answer >= 300 && r.answer < 400 ? { location: 'http://127.0.0.1:1/' } : {});
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  r.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  r.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return r;
}
