import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type FakeBc, type FakeBcOptions, startFakeBc } from './server.ts';

/** What the fake's tests share: a started fake with a token, fetch helpers, and a webhook receiver. */

export interface Harness {
  bc: FakeBc;
  token: string;
  /** fetch on the standard API under the company: api('items?$top=1'). */
  api: (path: string, init?: RequestInit) => Promise<Response>;
  /** fetch on the rental API under the company. */
  rental: (path: string, init?: RequestInit) => Promise<Response>;
  /** The control API over HTTP: ctl('POST', 'clock', { advanceMs }). */
  ctl: <T = Record<string, unknown>>(method: string, path: string, body?: unknown) => Promise<T>;
  close: () => Promise<void>;
}

export async function requestToken(bc: FakeBc, form: Record<string, string> = {}): Promise<Response> {
  return fetch(`${bc.authorityUrl}/${bc.tenant}/oauth2/v2.0/token`, {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: bc.clientId,
      client_secret: bc.clientSecret,
      scope: bc.scope,
      ...form,
    }),
  });
}

export async function startHarness(options: FakeBcOptions = {}): Promise<Harness> {
  const bc = await startFakeBc(options);
  const { access_token: token } = (await (await requestToken(bc)).json()) as { access_token: string };
  const call =
    (root: string) =>
    (path: string, init: RequestInit = {}) =>
      fetch(`${root}/companies(${bc.companyId})/${path}`, {
        ...init,
        headers: {
          authorization: `Bearer ${token}`,
          ...(init.body ? { 'content-type': 'application/json' } : {}),
          ...(init.headers as Record<string, string>),
        },
      });
  return {
    bc,
    token,
    api: call(bc.apiUrl),
    rental: call(bc.rentalApiUrl),
    async ctl<T>(method: string, path: string, body?: unknown): Promise<T> {
      const res = await fetch(`${bc.url}/_fake/${path}`, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      if (res.status >= 400) throw new Error(`control ${method} ${path}: ${res.status} ${text}`);
      return (text ? JSON.parse(text) : {}) as T;
    },
    close: () => bc.close(),
  };
}

export const json = (body: unknown): RequestInit['body'] => JSON.stringify(body);

/** Every record of a collection, following @odata.nextLink page by page. */
export async function allPages(
  first: string,
  headers: Record<string, string>,
): Promise<{ records: Record<string, unknown>[]; pages: number }> {
  const records: Record<string, unknown>[] = [];
  let next: string | undefined = first;
  let pages = 0;
  while (next) {
    const res: Response = await fetch(next, { headers });
    if (res.status !== 200) throw new Error(`${res.status} ${await res.text()}`);
    const page = (await res.json()) as { value: Record<string, unknown>[]; '@odata.nextLink'?: string };
    records.push(...page.value);
    next = page['@odata.nextLink'];
    pages++;
  }
  return { records, pages };
}

export interface Receiver {
  url: string;
  /** Notification bodies received (POSTs without validationToken). */
  notifications: { value: Record<string, unknown>[] }[];
  handshakes: string[];
  /** How the next requests are answered; default: echo the token, 200 to notifications. */
  answer: (req: IncomingMessage, token: string | null) => { status: number; body?: string } | null;
  close: () => Promise<void>;
}

/** A tiny node:http notification endpoint, as the portal's would be. */
export async function startReceiver(): Promise<Receiver> {
  const receiver: Receiver = {
    url: '',
    notifications: [],
    handshakes: [],
    answer: () => null,
    close: async () => {},
  };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const token = new URL(req.url ?? '/', 'http://x').searchParams.get('validationToken');
    const parts: Buffer[] = [];
    req.on('data', (c: Buffer) => parts.push(c));
    req.on('end', () => {
      const custom = receiver.answer(req, token);
      if (token !== null) {
        receiver.handshakes.push(token);
        res.writeHead(custom?.status ?? 200, { 'content-type': 'text/plain' });
        res.end(custom ? (custom.body ?? '') : token);
        return;
      }
      const status = custom?.status ?? 200;
      if (status < 300) receiver.notifications.push(JSON.parse(Buffer.concat(parts).toString('utf8')));
      res.writeHead(status);
      res.end(custom?.body ?? '');
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/notify`;
  receiver.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return receiver;
}

/** Waits until `check` holds (polling); throws after `ms` — a guard against a hang, not a timing assertion. */
export async function until(check: () => boolean, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}
