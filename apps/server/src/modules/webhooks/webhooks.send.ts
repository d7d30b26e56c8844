import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { hostOf, refusedAddress, refusedUrl } from './webhooks.address.ts';

/*
 * One POST of a webhook (decision 0032, "Delivery"): to the endpoint's URL as registered, its host resolved here and
 * every address checked (webhooks.address.ts) before a connection is made, so a name that resolves to a private or
 * loopback address — at registration or only later (DNS rebinding) — is never called. No redirect is followed (a
 * 3xx is a failed try), the answer's body is read up to 64 KiB and dropped, the whole try is cut off after
 * `timeoutMs`.
 */

export interface SendResult {
  /** The HTTP status the endpoint answered; null when none came. */
  statusCode: number | null;
  durationMs: number;
  /** A translation key when the try failed (no 2xx), with a short detail for the log (no secret, no body). */
  errorCode: string | null;
  errorDetail: string | null;
}

class Refused extends Error {
  readonly code: string;
  constructor(code: string) {
    super(code);
    this.code = code;
  }
}

/** A DNS lookup that refuses when any resolved address may not be called. */
function guardedLookup(allowLoopback: boolean, resolve: typeof dnsLookup): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
      if (err) return callback(err, '', 0);
      const bad = addresses.find((a) => refusedAddress(a.address, allowLoopback) !== null);
      if (bad || addresses.length === 0)
        return callback(
          new Refused(bad ? refusedAddress(bad.address, allowLoopback)! : 'webhooks.fout.dns'),
          '',
          0,
        );
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      return callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

const MAX_BODY = 64 * 1024;

export async function sendWebhook(o: {
  url: string;
  body: string;
  headers: Record<string, string>;
  timeoutMs: number;
  allowLoopback: boolean;
  /** The resolver (dns.lookup; a test's own to play a rebinding DNS). */
  resolve?: typeof dnsLookup;
}): Promise<SendResult> {
  const started = performance.now();
  const took = () => Math.round(performance.now() - started);
  const fail = (
    code: string,
    detail: string | null = null,
    statusCode: number | null = null,
  ): SendResult => ({
    statusCode,
    durationMs: took(),
    errorCode: code,
    errorDetail: detail,
  });
  const urlProblem = refusedUrl(o.url, o.allowLoopback);
  if (urlProblem) return fail(urlProblem);
  const url = new URL(o.url);
  const host = hostOf(url);
  // an address as host is never looked up: checked here
  if (isIP(host) !== 0) {
    const problem = refusedAddress(host, o.allowLoopback);
    if (problem) return fail(problem, host);
  }
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<SendResult>((resolve) => {
    let done = false;
    const finish = (r: SendResult) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve(r);
    };
    const req = client.request(
      url,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(o.body)),
          'user-agent': 'Materieelportaal-Webhooks/1',
          ...o.headers,
        },
        lookup: guardedLookup(o.allowLoopback, o.resolve ?? dnsLookup),
        agent: false,
      },
      (res) => {
        const statusCode = res.statusCode ?? 0;
        let read = 0;
        res.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_BODY) res.destroy();
        });
        const end = () => {
          if (statusCode >= 200 && statusCode < 300)
            finish({ statusCode, durationMs: took(), errorCode: null, errorDetail: null });
          else if (statusCode >= 300 && statusCode < 400)
            finish(
              fail('webhooks.fout.doorverwijzing', res.headers.location?.slice(0, 200) ?? null, statusCode),
            );
          else finish(fail('webhooks.fout.status', String(statusCode), statusCode));
        };
        res.on('end', end);
        res.on('close', end);
        res.on('error', end);
      },
    );
    const timer = setTimeout(() => {
      finish(fail('webhooks.fout.tijdslimiet', `${o.timeoutMs} ms`));
      req.destroy();
    }, o.timeoutMs);
    req.on('error', (e: Error & { code?: string }) => {
      if (e instanceof Refused) finish(fail(e.code, host));
      else finish(fail('webhooks.fout.verbinding', (e.code ?? e.message).slice(0, 200)));
    });
    req.end(o.body);
  });
}
