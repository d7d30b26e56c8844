import { setTimeout as sleep } from 'node:timers/promises';
import { ErpError, errorOfAnswer, redact } from './errors.ts';
import { TokenCache } from './token.ts';

/*
 * The OData client of the Business Central adapter (docs/erp/business-central.md §1–§7): every call to BC goes
 * through `request`, which signs it with the client-credentials token (a 401 asks a new token once, then fails),
 * bounds it with an AbortSignal timeout, honours Retry-After on 429/503, retries other 5xx and lost connections with
 * exponential backoff and full jitter a bounded number of times — a write only when it cannot have arrived twice —
 * and turns every other answer into a typed ErpError with a translation key. On top: server-driven paging
 * (`Prefer: odata.maxpagesize`, `@odata.nextLink`), ETags (`If-Match`), and JSON `$batch` split so that no request
 * exceeds the maximum message size (BusinessCentralMaximumMessageSize) nor BC's 100 operations.
 */

/** Where BC is and who the portal is there (from the admin settings, decision 0027). */
export interface BcConnection {
  /** The environment's base: https://api.businesscentral.dynamics.com/v2.0/{tenant}/{environment} */
  baseUrl: string;
  tenant: string;
  /** The company's id, or its name (looked up once). */
  company: string;
  clientId: string;
  clientSecret: string;
  /** The token endpoint's base (https://login.microsoftonline.com; the fake's authorityUrl). */
  authorityUrl: string;
  /** The largest request body BC takes, in bytes. */
  maxMessageBytes: number;
}

export const BC_SCOPE = 'https://api.businesscentral.dynamics.com/.default';
export const RENTAL_API_PATH = 'api/materieelportaal/rental/v1.0';
export const MAX_BATCH_OPERATIONS = 100;

export type Api = 'standard' | 'rental';

/** One line of the client's log: never a body, a token or the secret. */
export interface BcLogEntry {
  msg: string;
  method?: string;
  path?: string;
  status?: number;
  attempt?: number;
  waitMs?: number;
  ms?: number;
  error?: string;
}

export interface BcClientOptions {
  /** Records per page asked with Prefer: odata.maxpagesize (BC's maximum 20,000). */
  pageSize?: number;
  /** Tries after the first for 5xx and lost connections. */
  maxRetries?: number;
  /** Waits for 429/503 before giving up (each as long as Retry-After says). */
  maxThrottleWaits?: number;
  /** A Retry-After longer than this is not waited for here: the error carries it to the caller (a job retries). */
  maxRetryAfterSeconds?: number;
  timeoutMs?: number;
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  log?: (entry: BcLogEntry) => void;
  fetch?: typeof fetch;
  /** For tests: how a wait is made (default: a timer that the signal cancels). */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  random?: () => number;
}

export interface BcAnswer {
  status: number;
  headers: Headers;
  /** The parsed JSON body (null when it has none or is not JSON). */
  json: unknown;
  bytes: Buffer;
}

export interface RequestInit {
  body?: unknown;
  headers?: Record<string, string>;
  ifMatch?: string;
  signal?: AbortSignal;
  /** A write that may safely arrive twice (a PATCH with If-Match is; a POST is not unless said so). */
  idempotent?: boolean;
}

export interface BatchRequest {
  id?: string;
  method: string;
  /** Relative to the API's root (`companies(…)/rentalRequests`) or absolute on the same root. */
  url: string;
  headers?: Record<string, string>;
  body?: unknown;
}

export interface BatchResponse {
  id: string;
  status: number;
  headers: Record<string, string>;
  body?: unknown;
}

export interface Page {
  value: Record<string, unknown>[];
  nextLink: string | null;
  /** `@odata.count` (asked with $count=true): the records of the whole collection or filter; null: not said. */
  count: number | null;
}

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export class BcClient {
  readonly roots: Record<Api, string>;
  readonly pageSize: number;
  private readonly tokens: TokenCache;
  private readonly origin: string;
  private readonly fetchFn: typeof fetch;
  private readonly wait: (ms: number, signal?: AbortSignal) => Promise<void>;
  private readonly random: () => number;
  private companyIdOf: Promise<string> | null = null;
  readonly connection: BcConnection;
  private readonly options: BcClientOptions;

  constructor(connection: BcConnection, options: BcClientOptions = {}) {
    this.connection = connection;
    this.options = options;
    const base = connection.baseUrl.replace(/\/+$/, '');
    this.roots = { standard: `${base}/api/v2.0`, rental: `${base}/${RENTAL_API_PATH}` };
    this.origin = new URL(base).origin;
    this.pageSize = options.pageSize ?? 1000;
    this.fetchFn = options.fetch ?? fetch;
    this.wait = options.sleep ?? ((ms, signal) => sleep(ms, undefined, { signal }));
    this.random = options.random ?? Math.random;
    this.tokens = new TokenCache(
      {
        tokenUrl: `${connection.authorityUrl.replace(/\/+$/, '')}/${encodeURIComponent(connection.tenant)}/oauth2/v2.0/token`,
        clientId: connection.clientId,
        clientSecret: connection.clientSecret,
        scope: BC_SCOPE,
      },
      { fetch: this.fetchFn, timeoutMs: options.timeoutMs },
    );
  }

  /** The company's id: the setting when it is one, else found once by its name. */
  companyId(signal?: AbortSignal): Promise<string> {
    const company = this.connection.company.trim();
    if (GUID.test(company)) return Promise.resolve(company);
    this.companyIdOf ??= this.findCompany(company, signal).catch((e) => {
      this.companyIdOf = null;
      throw e;
    });
    return this.companyIdOf;
  }

  private async findCompany(name: string, signal?: AbortSignal): Promise<string> {
    const url = `${this.roots.standard}/companies?$filter=${encodeURIComponent(`name eq '${name.replace(/'/g, "''")}'`)}`;
    const answer = await this.request('GET', url, { signal });
    const found = ((answer.json as { value?: { id?: string }[] })?.value ?? [])[0];
    if (!found?.id) throw new ErpError('not_found', { params: { what: 'company' } });
    return found.id;
  }

  /** `{root}/companies({id})/{path}` */
  async companyUrl(api: Api, path: string, signal?: AbortSignal): Promise<string> {
    return `${this.roots[api]}/companies(${await this.companyId(signal)})/${path}`;
  }

  /** A token now (the test connection's first step). */
  token(signal?: AbortSignal): Promise<string> {
    return this.tokens.get(signal);
  }

  /** One page of a collection; the next page is `nextLink` (null: the last). */
  async page(url: string, signal?: AbortSignal): Promise<Page> {
    const answer = await this.request('GET', url, {
      signal,
      headers: { prefer: `odata.maxpagesize=${this.pageSize}` },
    });
    const body = answer.json as {
      value?: unknown;
      '@odata.nextLink'?: unknown;
      '@odata.count'?: unknown;
    } | null;
    if (!body || !Array.isArray(body.value))
      throw new ErpError('refused', { status: answer.status, params: { what: 'page' } });
    const next = typeof body['@odata.nextLink'] === 'string' ? body['@odata.nextLink'] : null;
    const count = Number(body['@odata.count']);
    return {
      value: body.value as Record<string, unknown>[],
      nextLink: next,
      count: body['@odata.count'] !== undefined && Number.isInteger(count) ? count : null,
    };
  }

  /** Every page of a collection, one at a time. */
  async *pages(url: string, signal?: AbortSignal): AsyncGenerator<Page> {
    let next: string | null = url;
    while (next) {
      const page: Page = await this.page(next, signal);
      yield page;
      next = page.nextLink;
    }
  }

  /** A record with its ETag. */
  async get(
    url: string,
    signal?: AbortSignal,
  ): Promise<{ body: Record<string, unknown>; etag: string | null }> {
    const answer = await this.request('GET', url, { signal });
    return { body: (answer.json ?? {}) as Record<string, unknown>, etag: etagOf(answer) };
  }

  /** A change with If-Match (412 → ErpError 'changed': read again, re-apply). */
  async patch(
    url: string,
    body: Record<string, unknown>,
    etag: string,
    signal?: AbortSignal,
  ): Promise<{ body: Record<string, unknown>; etag: string | null }> {
    const answer = await this.request('PATCH', url, { body, ifMatch: etag, signal });
    return { body: (answer.json ?? {}) as Record<string, unknown>, etag: etagOf(answer) };
  }

  /** A create. Not retried once it may have arrived: the caller makes it idempotent (externalDocumentNumber). */
  async post(
    url: string,
    body: Record<string, unknown>,
    signal?: AbortSignal,
  ): Promise<{ body: Record<string, unknown>; etag: string | null }> {
    const answer = await this.request('POST', url, { body, signal });
    return { body: (answer.json ?? {}) as Record<string, unknown>, etag: etagOf(answer) };
  }

  /**
   * JSON $batch on one API, split so that no batch body exceeds the maximum message size or 100 operations; a
   * 413 splits further (BC's limit may be below the setting). One request that alone exceeds the size is refused
   * ('too_large') before anything is sent. With `isolation` each batch sent is one transaction (BC's
   * `Isolation: snapshot`): a split batch is atomic per part, so a caller that needs all-or-nothing keeps its
   * dependent requests under the size. The responses come back in the order of the requests.
   */
  async batch(
    api: Api,
    requests: readonly BatchRequest[],
    options: { isolation?: boolean; signal?: AbortSignal; idempotent?: boolean } = {},
  ): Promise<BatchResponse[]> {
    const items = requests.map((r, i) => ({
      id: r.id ?? String(i + 1),
      method: r.method,
      url: r.url,
      headers: { 'content-type': 'application/json', ...r.headers },
      ...(r.body === undefined ? {} : { body: r.body }),
    }));
    const chunks = splitBatch(items, this.connection.maxMessageBytes, MAX_BATCH_OPERATIONS);
    const out: BatchResponse[] = [];
    for (const chunk of chunks) out.push(...(await this.sendBatch(api, chunk, options)));
    return out;
  }

  private async sendBatch(
    api: Api,
    items: BatchItem[],
    options: { isolation?: boolean; signal?: AbortSignal; idempotent?: boolean },
  ): Promise<BatchResponse[]> {
    try {
      const answer = await this.request('POST', `${this.roots[api]}/$batch`, {
        body: { requests: items },
        headers: options.isolation ? { isolation: 'snapshot' } : {},
        signal: options.signal,
        idempotent: options.idempotent ?? items.every((i) => i.method === 'GET'),
      });
      const responses = (answer.json as { responses?: BatchResponse[] } | null)?.responses;
      if (!Array.isArray(responses))
        throw new ErpError('refused', { status: answer.status, params: { what: 'batch' } });
      const byId = new Map(responses.map((r) => [String(r.id), r]));
      return items.map((i) => byId.get(i.id) ?? { id: i.id, status: 500, headers: {} });
    } catch (e) {
      if (e instanceof ErpError && e.kind === 'too_large' && items.length > 1) {
        const half = Math.ceil(items.length / 2);
        return [
          ...(await this.sendBatch(api, items.slice(0, half), options)),
          ...(await this.sendBatch(api, items.slice(half), options)),
        ];
      }
      throw e;
    }
  }

  /**
   * One call with everything around it: token (401 → a new token once), timeout, retries. Reads the whole answer
   * inside the attempt, so a connection lost mid-page is retried like any lost connection.
   */
  async request(method: string, url: string, init: RequestInit = {}): Promise<BcAnswer> {
    if (new URL(url).origin !== this.origin)
      // why: a nextLink or mediaReadLink naming another host must not receive the portal's token.
      throw new ErpError('refused', { params: { what: 'origin' } });
    const maxRetries = this.options.maxRetries ?? 4;
    const maxThrottleWaits = this.options.maxThrottleWaits ?? 10;
    const idempotent =
      init.idempotent ?? (method === 'GET' || method === 'HEAD' || init.ifMatch !== undefined);
    const path = new URL(url).pathname;
    let failures = 0;
    let throttles = 0;
    let renewedToken = false;
    for (let attempt = 1; ; attempt++) {
      const started = Date.now();
      let outcome: BcAnswer | ErpError;
      let token = '';
      try {
        token = await this.tokens.get(init.signal);
        outcome = await this.once(method, url, token, init);
      } catch (e) {
        if (init.signal?.aborted) throw init.signal.reason;
        outcome = e instanceof ErpError ? e : new ErpError('network', { cause: e });
      }
      const ms = Date.now() - started;
      if (!(outcome instanceof ErpError)) {
        this.log({ msg: 'erp.request', method, path, status: outcome.status, attempt, ms });
        if (outcome.status < 400) return outcome;
        outcome = errorOfAnswer(outcome.status, outcome.json, {
          retryAfterSeconds: retryAfterOf(outcome.headers),
          secrets: this.tokens.secrets(),
        });
      } else this.log({ msg: 'erp.request', method, path, attempt, ms, error: outcome.code });
      const error = outcome;
      if (error.kind === 'auth' && error.status === 401 && !renewedToken && token) {
        // why: the token may have been revoked or expired early; one new token, then the 401 is an answer.
        renewedToken = true;
        this.tokens.invalidate(token);
        continue;
      }
      if (error.kind === 'throttled' && error.status) {
        const seconds = error.retryAfterSeconds ?? 1;
        if (++throttles > maxThrottleWaits || seconds > (this.options.maxRetryAfterSeconds ?? 120))
          throw error;
        const waitMs = seconds * 1000;
        this.log({ msg: 'erp.retry_after', method, path, status: error.status, attempt, waitMs });
        await this.wait(waitMs, init.signal);
        continue;
      }
      const sentMaybe = error.kind === 'network' || error.kind === 'timeout' || error.kind === 'unavailable';
      const safe = idempotent || (error.kind === 'network' && refusedBeforeSending(error));
      if (sentMaybe && safe && ++failures <= maxRetries) {
        const cap = Math.min(
          this.options.backoffMaxMs ?? 30_000,
          (this.options.backoffBaseMs ?? 500) * 2 ** (failures - 1),
        );
        const waitMs = Math.round(this.random() * cap);
        this.log({ msg: 'erp.backoff', method, path, attempt, waitMs, error: error.code });
        await this.wait(waitMs, init.signal);
        continue;
      }
      throw error;
    }
  }

  private async once(method: string, url: string, token: string, init: RequestInit): Promise<BcAnswer> {
    const timeout = AbortSignal.timeout(this.options.timeoutMs ?? 60_000);
    const signal = init.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
    const headers: Record<string, string> = {
      accept: 'application/json',
      authorization: `Bearer ${token}`,
      ...init.headers,
    };
    if (init.ifMatch !== undefined) headers['if-match'] = init.ifMatch;
    let body: string | undefined;
    if (init.body !== undefined) {
      body = JSON.stringify(init.body);
      headers['content-type'] = 'application/json';
      if (Buffer.byteLength(body) > this.connection.maxMessageBytes)
        throw new ErpError('too_large', { params: { bytes: String(Buffer.byteLength(body)) } });
    }
    try {
      const res = await this.fetchFn(url, { method, headers, body, signal });
      const bytes = Buffer.from(await res.arrayBuffer());
      const type = res.headers.get('content-type') ?? '';
      let json: unknown = null;
      if (type.includes('json') && bytes.length) {
        try {
          json = JSON.parse(bytes.toString('utf8'));
        } catch {
          // why: a body cut short still reads as bytes; treat it as a lost connection, retried like one.
          throw new ErpError('network', { params: { what: 'truncated' } });
        }
      }
      return { status: res.status, headers: res.headers, json, bytes };
    } catch (e) {
      if (e instanceof ErpError) throw e;
      if (init.signal?.aborted) throw e;
      if (timeout.aborted)
        throw new ErpError('timeout', { params: { ms: String(this.options.timeoutMs ?? 60_000) } });
      throw new ErpError('network', { params: { cause: causeCode(e) } });
    }
  }

  private log(entry: BcLogEntry): void {
    if (!this.options.log) return;
    const secrets = this.tokens.secrets();
    // why: nothing the client logs carries a body or a header; redacting the strings is the second line.
    const clean = Object.fromEntries(
      Object.entries(entry).map(([k, v]) => [k, typeof v === 'string' ? redact(v, secrets) : v]),
    ) as unknown as BcLogEntry;
    this.options.log(clean);
  }
}

interface BatchItem {
  id: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: unknown;
}

/** Batches of at most `maxOps` requests whose JSON body stays within `maxBytes`; one too large alone is refused. */
export function splitBatch<T extends { id: string }>(
  items: readonly T[],
  maxBytes: number,
  maxOps: number,
): T[][] {
  const envelope = Buffer.byteLength('{"requests":[]}');
  const chunks: T[][] = [];
  let current: T[] = [];
  let size = envelope;
  for (const item of items) {
    const bytes = Buffer.byteLength(JSON.stringify(item)) + 1;
    if (envelope + bytes > maxBytes)
      throw new ErpError('too_large', { params: { id: item.id, bytes: String(bytes) } });
    if (current.length && (size + bytes > maxBytes || current.length >= maxOps)) {
      chunks.push(current);
      current = [];
      size = envelope;
    }
    current.push(item);
    size += bytes;
  }
  if (current.length) chunks.push(current);
  return chunks;
}

function etagOf(answer: BcAnswer): string | null {
  const header = answer.headers.get('etag');
  if (header) return header;
  const tag = (answer.json as { '@odata.etag'?: unknown } | null)?.['@odata.etag'];
  return typeof tag === 'string' ? tag : null;
}

/** Retry-After in seconds (a number, or an HTTP date). */
function retryAfterOf(headers: Headers): number | null {
  const v = headers.get('retry-after');
  if (!v) return null;
  if (/^\d+$/.test(v.trim())) return Number(v.trim());
  const at = Date.parse(v);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

function causeCode(e: unknown): string {
  const cause = (e as { cause?: { code?: unknown } }).cause;
  return typeof cause?.code === 'string' ? cause.code : 'fetch';
}

/** A connection that was never made: the request cannot have arrived, so even a create may be tried again. */
function refusedBeforeSending(error: ErpError): boolean {
  return ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN'].includes(error.params.cause ?? '');
}
