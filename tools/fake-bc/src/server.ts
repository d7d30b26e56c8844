import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import sharp from 'sharp';
import { renderPicture } from '../../../apps/server/src/seed/images.ts';
import { stableId } from '../../../apps/server/src/seed/random.ts';
import { type ApiContext, type ApiRequest, handleApi, notFoundSegment } from './api.ts';
import { Auth, BC_SCOPE } from './auth.ts';
import { handleBatch } from './batch.ts';
import { type Clock, createClock } from './clock.ts';
import { FakeControl, handleControl, type RecordedCall } from './control.ts';
import { exchangeEntities } from './entities-exchange.ts';
import { RENTAL_GROUP, RENTAL_PUBLISHER, RENTAL_VERSION, rentalEntities } from './entities-rental.ts';
import { standardEntities } from './entities-standard.ts';
import type { ApiRoute, EntityDef } from './entity-types.ts';
import { Faults, faultError } from './faults.ts';
import { type ApiResponse, BcError, headerMap, parseJsonBody, readBody } from './http-util.ts';
import { RateLimiter } from './rate-limit.ts';
import { Records } from './records.ts';
import { drain, send } from './respond.ts';
import { type PictureSpec, seedStore } from './seed.ts';
import { Store } from './store.ts';
import { type WebhookOptions, Webhooks } from './webhooks.ts';

/**
 * A Business Central you can run (issue #33 point 5; docs/erp/business-central.md): a real HTTP server speaking
 * the subset of BC's API v2.0 and the custom rental API pages the portal's connector uses, seeded with the demo
 * company, with Entra-style client-credentials tokens, server-driven paging, ETags, rate limits, JSON $batch,
 * webhook subscriptions that really call back, and a control API under /_fake/ to drive it from tests.
 */

export interface FakeBcOptions {
  /** 0 (default): any free port. */
  port?: number;
  host?: string;
  /** The catalogue's scale (buildCatalogue(scale): 433 items per step). */
  scale?: number;
  /** The scale the history (plants, stock, inspections, invoices, requests) is simulated at; default 1. */
  historyScale?: number;
  tenant?: string;
  environment?: string;
  companyName?: string;
  clientId?: string;
  clientSecret?: string;
  tokenLifetimeSeconds?: number;
  /** Records per page without `Prefer: odata.maxpagesize` (BC online: 20,000; here 100 so paging shows). */
  pageSize?: number;
  /** The most a client may ask for (BC: 20,000). */
  maxPageSize?: number;
  /** Requests per sliding window per client (BC: 6,000 per 5 minutes); null: no limit. */
  rateLimit?: { requests: number; windowMs: number } | null;
  /** Largest request body (413 above it); default 64 MiB, the portal's BusinessCentralMaximumMessageSize default. */
  maxRequestBytes?: number;
  /** Most requests in one $batch (BC: 100). */
  maxBatchOperations?: number;
  webhooks?: Partial<WebhookOptions>;
  /** Turn received rental requests into sales orders this long after they arrive; null (default): by control only. */
  autoProcessRentalRequestsMs?: number | null;
  /** The clock's start (default: now). */
  start?: Date;
  log?: (line: string) => void;
}

export interface FakeBc {
  /** 'http://127.0.0.1:PORT' */
  url: string;
  /** The token endpoint is `${authorityUrl}/${tenant}/oauth2/v2.0/token`. */
  authorityUrl: string;
  tenant: string;
  environment: string;
  companyId: string;
  companyName: string;
  clientId: string;
  clientSecret: string;
  scope: string;
  /** `${url}/v2.0/${tenant}/${environment}/api/v2.0` */
  apiUrl: string;
  /** `${url}/v2.0/${tenant}/${environment}/api/materieelportaal/rental/v1.0` */
  rentalApiUrl: string;
  control: FakeControl;
  close(): Promise<void>;
}

const DEFAULT_TENANT = '6f1c1f0e-4b5a-4c8e-9a3d-2b7e8f0c1a11';
const MAX_CALLS = 5000;

function routeOf(parts: string[]): { route: ApiRoute; rest: string[] } | null {
  if (parts[0] === 'v2.0') return { route: 'standard', rest: parts.slice(1) };
  if (parts[0] === RENTAL_PUBLISHER && parts[1] === RENTAL_GROUP && parts[2] === RENTAL_VERSION)
    return { route: 'rental', rest: parts.slice(3) };
  return null;
}

export async function startFakeBc(options: FakeBcOptions = {}): Promise<FakeBc> {
  const tenant = options.tenant ?? DEFAULT_TENANT;
  const environment = options.environment ?? 'sandbox';
  const companyName = options.companyName ?? 'Materieeldienst Demo B.V.';
  const clientId = options.clientId ?? 'fake-bc-client';
  const clientSecret = options.clientSecret ?? 'fake-bc-secret';
  const maxRequestBytes = options.maxRequestBytes ?? 64 * 1024 * 1024;
  const maxBatchOperations = options.maxBatchOperations ?? 100;
  const log = options.log ?? (() => {});
  const clock: Clock = createClock(options.start);
  const defs = new Map<string, EntityDef>(
    [...standardEntities, ...rentalEntities, ...exchangeEntities].map((d) => [d.set, d]),
  );
  const store = new Store([...defs.values()], clock);
  const records = new Records(store, defs);
  const companyId = stableId('bc-company', companyName);
  const createdAt = clock.now().toISOString();
  let pictures = new Map<string, PictureSpec>();
  const pictureCache = new Map<string, Promise<{ bytes: Buffer; width: number; height: number }>>();

  const ctx: ApiContext = {
    records,
    company: {
      id: companyId,
      systemVersion: '26.0.0.0',
      timestamp: 1,
      name: companyName,
      displayName: companyName,
      businessProfileId: '',
      systemCreatedAt: createdAt,
      systemCreatedBy: '00000000-0000-0000-0000-000000000001',
      systemModifiedAt: createdAt,
      systemModifiedBy: '00000000-0000-0000-0000-000000000001',
    },
    pageSize: options.pageSize ?? 100,
    maxPageSize: options.maxPageSize ?? 20_000,
    async picture(itemId) {
      const spec = pictures.get(itemId);
      if (!spec) return null;
      let made = pictureCache.get(itemId);
      if (!made) {
        made = renderPicture(spec.shape, spec.colour, spec.title, spec.caption).then(async (webp) => {
          const { data, info } = await sharp(webp)
            .jpeg({ quality: 80 })
            .toBuffer({ resolveWithObject: true });
          return { bytes: data, width: info.width, height: info.height };
        });
        pictureCache.set(itemId, made);
      }
      return made;
    },
  };
  const faults = new Faults();
  const webhooks = new Webhooks(ctx, clock, faults, {
    lifetimeMs: 3 * 86_400_000,
    delayMs: 1000,
    collectionThreshold: 1000,
    retries: 3,
    retryDelayMs: 2000,
    handshakeTimeoutMs: 5000,
    maxSubscriptions: 200,
    ...options.webhooks,
  });
  store.onChange((changes) => webhooks.onChanges(changes));
  const auth = new Auth({
    clock,
    clients: [{ clientId, clientSecret }],
    tenant,
    lifetimeSeconds: options.tokenLifetimeSeconds ?? 3599,
  });
  const limiter =
    options.rateLimit === null
      ? null
      : new RateLimiter(options.rateLimit ?? { requests: 6000, windowMs: 300_000 });
  let scale = options.scale ?? 1;
  let historyScale = options.historyScale ?? 1;
  const reseed = (o: { scale?: number; historyScale?: number }) => {
    scale = Math.max(1, Math.floor(o.scale ?? scale));
    historyScale = Math.max(1, Math.floor(o.historyScale ?? historyScale));
    const seeded = seedStore(store, { scale, historyScale });
    records.reset();
    pictures = seeded.pictures;
    pictureCache.clear();
    return seeded.counts;
  };
  const control = new FakeControl({ records, webhooks, faults, clock, reseed });
  const started = Date.now();
  const counts = reseed({});
  log(`fake-bc: seeded scale ${scale} (${counts.items} items) in ${Date.now() - started} ms`);

  let autoTimer: NodeJS.Timeout | null = null;
  if (options.autoProcessRentalRequestsMs != null) {
    const wait = options.autoProcessRentalRequestsMs;
    store.onChange((changes) => {
      if (autoTimer || !changes.some((c) => c.set === 'rentalRequests' && c.changeType === 'created')) return;
      autoTimer = setTimeout(() => {
        autoTimer = null;
        control.processRentalRequests();
      }, wait);
    });
  }

  /** One API request (also a $batch's part): routed, answered, errors as BC words them. */
  async function answer(req: ApiRequest, clientIdOfCaller: string): Promise<ApiResponse> {
    try {
      if (req.segments[0] === '$batch' && req.segments.length === 1)
        return await handleBatch(req, store, maxBatchOperations, (item) => {
          const sub = subRequest(req, item);
          if (sub.segments[0] === '$batch')
            return new BcError(400, 'BadRequest', 'A batch cannot hold a batch.').toResponse();
          return answerSync(sub, clientIdOfCaller);
        });
      return await answerSync(req, clientIdOfCaller);
    } catch (e) {
      if (e instanceof BcError) return e.toResponse();
      throw e;
    }
  }

  function answerSync(req: ApiRequest, caller: string): ApiResponse | Promise<ApiResponse> {
    try {
      if (req.segments[0]?.startsWith('subscriptions'))
        return webhooks.handle(req, caller).catch((e) => {
          if (e instanceof BcError) return e.toResponse();
          throw e;
        });
      const r = handleApi(ctx, req);
      return r instanceof Promise
        ? r.catch((e) => {
            if (e instanceof BcError) return e.toResponse();
            throw e;
          })
        : r;
    } catch (e) {
      if (e instanceof BcError) return e.toResponse();
      throw e;
    }
  }

  /** A $batch part as a request of its own, its url relative to the batch's route root (or absolute). */
  function subRequest(
    batch: ApiRequest,
    item: { method: string; url: string; headers: Record<string, string>; body: unknown },
  ): ApiRequest {
    const url = new URL(item.url, `${batch.rootUrl}/`);
    const marker = url.pathname.indexOf('/api/');
    const apiParts = url.pathname
      .slice(marker + 5)
      .split('/')
      .filter(Boolean)
      .map(decodeURIComponent);
    const routed = marker >= 0 ? routeOf(apiParts) : null;
    if (!routed || routed.route !== batch.route)
      return {
        ...batch,
        method: item.method,
        segments: ['$invalid'],
        query: [],
        headers: item.headers,
        body: item.body,
      };
    return {
      method: item.method,
      route: routed.route,
      segments: routed.rest,
      query: [...url.searchParams.entries()],
      headers: { ...batch.headers, ...item.headers },
      body: item.body,
      rootUrl: batch.rootUrl,
    };
  }

  const server = createServer((req, res) => {
    void handle(req, res).catch((e) => {
      log(`fake-bc: ${(e as Error).stack ?? e}`);
      if (!res.headersSent) {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { code: 'InternalServerError', message: 'The fake failed.' } }));
      } else res.destroy();
    });
  });

  let baseUrl = '';

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = (req.method ?? 'GET').toUpperCase();
    const url = new URL(req.url ?? '/', baseUrl);
    const path = url.pathname;
    const headers = headerMap(req.headers);

    if (path === '/_fake' || path.startsWith('/_fake/')) {
      const raw =
        method === 'GET' || method === 'DELETE' ? Buffer.alloc(0) : await readBody(req, 1024 * 1024 * 1024);
      let body: unknown;
      try {
        body = parseJsonBody(raw);
      } catch {
        return send(res, {
          status: 400,
          headers: {},
          json: { error: { code: 'BadRequest', message: 'Invalid JSON.' } },
        });
      }
      const info = {
        url: baseUrl,
        authorityUrl: `${baseUrl}/authority`,
        tenant,
        environment,
        companyId,
        clientId,
        scale,
      };
      const r = await handleControl(control, info, method, path, url.searchParams, body);
      return send(res, { status: r.status, headers: {}, json: r.json });
    }

    const call: RecordedCall = {
      at: clock.now().toISOString(),
      method,
      path,
      query: url.search,
      headers: Object.fromEntries(
        Object.entries(headers).map(([k, v]) => [
          k,
          k === 'authorization' ? v.replace(/^(Bearer)\s+.*/i, '$1 [token]') : v,
        ]),
      ),
      status: 0,
    };
    control.calls.push(call);
    if (control.calls.length > MAX_CALLS) control.calls.shift();

    const failing = faults.take('status', method, path)[0];
    if (failing) {
      await drain(req);
      call.status = failing.status ?? 500;
      return send(res, faultError(failing).toResponse());
    }
    for (const slow of faults.take('slow', method, path)) await delay(slow.ms ?? 1000);
    const drop = faults.take('drop', method, path)[0];

    const r = await route(req, method, url, headers, call);
    call.status = r.status;
    return send(res, r, drop);
  }

  async function route(
    req: IncomingMessage,
    method: string,
    url: URL,
    headers: Record<string, string>,
    call: RecordedCall,
  ): Promise<ApiResponse> {
    const parts = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
    try {
      // Entra ID's token endpoint.
      if (
        parts[0] === 'authority' &&
        parts.length === 5 &&
        parts.slice(2).join('/') === 'oauth2/v2.0/token'
      ) {
        if (method !== 'POST')
          throw new BcError(405, 'BadRequest_MethodNotAllowed', 'The token endpoint takes POST.');
        const form = new URLSearchParams((await readBody(req, 64 * 1024)).toString('utf8'));
        const t = auth.issue(parts[1], form);
        return {
          status: t.status,
          headers: { 'content-type': 'application/json; charset=utf-8' },
          json: t.json,
        };
      }
      if (parts[0] !== 'v2.0') throw notFoundSegment(parts[0] ?? '');
      // /v2.0/{tenant}/{environment}/api/… or /v2.0/{environment}/api/… (the tenant from the token).
      const withTenant = parts[3] === 'api';
      const pathTenant = withTenant ? parts[1] : null;
      const env = withTenant ? parts[2] : parts[1];
      const apiAt = withTenant ? 3 : 2;
      if (parts[apiAt] !== 'api') throw notFoundSegment(parts[apiAt] ?? '');
      const caller = auth.verify(headers.authorization, pathTenant);
      if (env !== environment)
        throw new BcError(404, 'NoEnvironment', `The environment '${env}' does not exist.`);
      if (limiter) {
        const wait = limiter.take(caller, clock.now().getTime());
        if (wait !== null)
          throw new BcError(429, 'Application_TooManyRequests', 'Too many requests reached.', {
            'retry-after': String(wait),
          });
      }
      const routed = routeOf(parts.slice(apiAt + 1));
      if (!routed) throw notFoundSegment(parts[apiAt + 1] ?? '');
      let body: unknown;
      if (method === 'POST' || method === 'PATCH' || method === 'PUT') {
        body = parseJsonBody(await readBody(req, maxRequestBytes));
        call.body = body;
      } else await drain(req);
      const rootParts = parts.slice(0, apiAt + 1 + (routed.route === 'standard' ? 1 : 3));
      const rootUrl = `${baseUrl}/${rootParts.join('/')}`;
      return await answer(
        {
          method,
          route: routed.route,
          segments: routed.rest,
          query: [...url.searchParams.entries()],
          headers,
          body,
          rootUrl,
        },
        caller,
      );
    } catch (e) {
      if (e instanceof BcError) {
        await drain(req);
        return e.toResponse();
      }
      throw e;
    }
  }

  server.listen(options.port ?? 0, options.host ?? '127.0.0.1');
  await once(server, 'listening');
  const address = server.address() as AddressInfo;
  const host = options.host && options.host !== '0.0.0.0' ? options.host : '127.0.0.1';
  baseUrl = `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;

  return {
    url: baseUrl,
    authorityUrl: `${baseUrl}/authority`,
    tenant,
    environment,
    companyId,
    companyName,
    clientId,
    clientSecret,
    scope: BC_SCOPE,
    apiUrl: `${baseUrl}/v2.0/${tenant}/${environment}/api/v2.0`,
    rentalApiUrl: `${baseUrl}/v2.0/${tenant}/${environment}/api/${RENTAL_PUBLISHER}/${RENTAL_GROUP}/${RENTAL_VERSION}`,
    control,
    async close() {
      if (autoTimer) clearTimeout(autoTimer);
      await webhooks.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
