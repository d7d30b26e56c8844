import { randomBytes, randomUUID } from 'node:crypto';
import { type ApiContext, type ApiRequest, checkIfMatch, notFoundSegment, parseSegment } from './api.ts';
import type { Clock } from './clock.ts';
import type { ApiRoute } from './entity-types.ts';
import type { Faults } from './faults.ts';
import { type ApiResponse, BcError, jsonResponse } from './http-util.ts';
import type { Change } from './store.ts';

/**
 * Webhook subscriptions as Business Central keeps them (learn.microsoft.com, "Working with webhooks"):
 * - POST {route}/subscriptions { notificationUrl, resource, clientState } first calls notificationUrl with
 *   ?validationToken=…; only a 200 whose body is that token, within the handshake timeout, creates the
 *   subscription (201), else 400. It expires `lifetimeMs` (3 days) later; PATCH with If-Match renews it (another
 *   handshake), DELETE with If-Match ends it. A custom API's resources are subscribed through its own route.
 * - A change to a subscribed collection is notified `delayMs` after the first change (BC: 30 s), one entry per
 *   record (created / updated / deleted), or one `collection` entry with a lastModifiedDateTime filter when more
 *   than `collectionThreshold` records changed. Entries for one notificationUrl go in one POST { value: [...] }.
 * - A delivery answered 408, 429 or 5xx (or not at all) is tried again `retries` times; any other failure ends the
 *   subscription, as BC does. An expired subscription notifies nothing.
 */

export interface WebhookOptions {
  lifetimeMs: number;
  delayMs: number;
  collectionThreshold: number;
  retries: number;
  retryDelayMs: number;
  handshakeTimeoutMs: number;
  maxSubscriptions: number;
}

interface Subscription {
  subscriptionId: string;
  route: ApiRoute;
  notificationUrl: string;
  resource: string;
  /** The resource's path from 'api/', lower-cased company id: what a change is matched against. */
  resourcePath: string;
  clientState: string;
  expirationDateTime: string;
  lastModifiedDateTime: string;
  systemCreatedAt: string;
  version: number;
  userId: string;
}

interface PendingEntry {
  subscription: Subscription;
  resource: string;
  changeType: string;
  lastModifiedDateTime: string;
  firstAt: string;
}

export interface Delivery {
  at: string;
  notificationUrl: string;
  attempt: number;
  duplicate: boolean;
  status: number | null;
  error?: string;
  value: Record<string, unknown>[];
}

const SUB_FIELDS = ['notificationUrl', 'resource', 'clientState'];

function routePrefix(route: ApiRoute): string {
  return route === 'standard' ? 'api/v2.0' : 'api/materieelportaal/rental/v1.0';
}

export class Webhooks {
  readonly subscriptions = new Map<string, Subscription>();
  readonly deliveries: Delivery[] = [];
  private pending = new Map<string, Map<string, PendingEntry[]>>();
  private timer: NodeJS.Timeout | null = null;
  private version = 0;
  private readonly inFlight = new Set<Promise<void>>();
  private closed = false;
  private readonly ctx: ApiContext;
  private readonly clock: Clock;
  private readonly faults: Faults;
  readonly options: WebhookOptions;

  constructor(ctx: ApiContext, clock: Clock, faults: Faults, options: WebhookOptions) {
    this.ctx = ctx;
    this.clock = clock;
    this.faults = faults;
    this.options = options;
  }

  async handle(req: ApiRequest, clientId: string): Promise<ApiResponse> {
    this.expire();
    const seg = parseSegment(req.segments[0]);
    if (seg.name !== 'subscriptions' || req.segments.length > 1) throw notFoundSegment(req.segments.at(-1)!);
    const contextUrl = `${req.rootUrl}/$metadata#subscriptions`;
    if (seg.key === undefined) {
      if (req.method === 'GET')
        return jsonResponse(200, {
          '@odata.context': contextUrl,
          value: [...this.subscriptions.values()]
            .filter((s) => s.route === req.route)
            .map((s) => this.json(s)),
        });
      if (req.method !== 'POST')
        throw new BcError(
          405,
          'BadRequest_MethodNotAllowed',
          `'${req.method}' is not allowed on subscriptions.`,
        );
      const body = this.body(req.body, true);
      if ([...this.subscriptions.values()].length >= this.options.maxSubscriptions)
        throw new BcError(
          400,
          'BadRequest',
          `The maximum of ${this.options.maxSubscriptions} subscriptions is reached.`,
        );
      const resourcePath = this.resourcePath(req.route, body.resource);
      await this.handshake(body.notificationUrl);
      const now = this.clock.now();
      const sub: Subscription = {
        subscriptionId: randomUUID().replace(/-/g, ''),
        route: req.route,
        notificationUrl: body.notificationUrl,
        resource: body.resource,
        resourcePath,
        clientState: body.clientState ?? '',
        expirationDateTime: new Date(now.getTime() + this.options.lifetimeMs).toISOString(),
        lastModifiedDateTime: now.toISOString(),
        systemCreatedAt: now.toISOString(),
        version: ++this.version,
        userId: clientId,
      };
      this.subscriptions.set(sub.subscriptionId, sub);
      return jsonResponse(
        201,
        { '@odata.context': `${contextUrl}/$entity`, ...this.json(sub) },
        { etag: this.etag(sub) },
      );
    }
    const sub = this.subscriptions.get(seg.key);
    if (!sub || sub.route !== req.route)
      throw new BcError(404, 'BadRequest_NotFound', `The subscription '${seg.key}' does not exist.`);
    if (req.method === 'GET')
      return jsonResponse(
        200,
        { '@odata.context': `${contextUrl}/$entity`, ...this.json(sub) },
        { etag: this.etag(sub) },
      );
    checkIfMatch(req.headers, this.etag(sub));
    if (req.method === 'DELETE') {
      this.subscriptions.delete(sub.subscriptionId);
      return { status: 204, headers: {} };
    }
    if (req.method !== 'PATCH')
      throw new BcError(
        405,
        'BadRequest_MethodNotAllowed',
        `'${req.method}' is not allowed on a subscription.`,
      );
    const body = this.body(req.body, false);
    const notificationUrl = body.notificationUrl ?? sub.notificationUrl;
    const resource = body.resource ?? sub.resource;
    const resourcePath = this.resourcePath(req.route, resource);
    await this.handshake(notificationUrl);
    const now = this.clock.now();
    Object.assign(sub, {
      notificationUrl,
      resource,
      resourcePath,
      clientState: body.clientState ?? sub.clientState,
      expirationDateTime: new Date(now.getTime() + this.options.lifetimeMs).toISOString(),
      lastModifiedDateTime: now.toISOString(),
      version: ++this.version,
    });
    return jsonResponse(
      200,
      { '@odata.context': `${contextUrl}/$entity`, ...this.json(sub) },
      { etag: this.etag(sub) },
    );
  }

  /** Store changes: queued per subscription and delivered after the delay. */
  onChanges(changes: readonly Change[]): void {
    if (this.closed) return;
    this.expire();
    const companyId = String(this.ctx.company.id);
    for (const change of changes) {
      const def = this.ctx.records.defs.get(change.set);
      if (!def?.webhooks) continue;
      const collectionPath = `${routePrefix(def.api)}/companies(${companyId})/${def.set}`;
      for (const sub of this.subscriptions.values()) {
        if (sub.resourcePath !== collectionPath) continue;
        const bySub = this.pending.get(sub.notificationUrl) ?? new Map<string, PendingEntry[]>();
        this.pending.set(sub.notificationUrl, bySub);
        const list = bySub.get(sub.subscriptionId) ?? [];
        bySub.set(sub.subscriptionId, list);
        const resource = `${collectionPath}(${change.id})`;
        const same = list.find((p) => p.resource === resource);
        if (same) {
          // One entry per record within the delay: created-then-changed stays created.
          if (!(same.changeType === 'created' && change.changeType === 'updated'))
            same.changeType = change.changeType;
          same.lastModifiedDateTime = change.at;
        } else
          list.push({
            subscription: sub,
            resource,
            changeType: change.changeType,
            lastModifiedDateTime: change.at,
            firstAt: change.at,
          });
      }
    }
    if (this.pending.size > 0 && !this.timer)
      this.timer = setTimeout(() => void this.flush(), this.options.delayMs);
  }

  /** Sends what is queued now; resolves when each first attempt is answered (retries go on in the background). */
  async flush(): Promise<Delivery[]> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.expire();
    const batches = this.pending;
    this.pending = new Map();
    const firstAttempts: Promise<Delivery[]>[] = [];
    for (const [url, bySub] of batches) {
      const value: Record<string, unknown>[] = [];
      for (const [subscriptionId, list] of bySub) {
        const sub = list[0].subscription;
        if (!this.subscriptions.has(subscriptionId) || this.expired(sub)) continue;
        const base = {
          subscriptionId,
          clientState: sub.clientState,
          expirationDateTime: sub.expirationDateTime,
        };
        if (list.length > this.options.collectionThreshold) {
          const firsts = list.map((p) => p.firstAt).sort();
          const lasts = list.map((p) => p.lastModifiedDateTime).sort();
          const first = firsts[0];
          const last = lasts[lasts.length - 1];
          const since = new Date(Date.parse(first) - 1).toISOString();
          value.push({
            ...base,
            resource: `${sub.resourcePath}?$filter=lastModifiedDateTime%20gt%20${since}`,
            changeType: 'collection',
            lastModifiedDateTime: last,
          });
        } else
          for (const p of list)
            value.push({
              ...base,
              resource: p.resource,
              changeType: p.changeType,
              lastModifiedDateTime: p.lastModifiedDateTime,
            });
      }
      if (value.length > 0) firstAttempts.push(this.deliver(url, value));
    }
    return (await Promise.all(firstAttempts)).flat();
  }

  /** Ends subscriptions past their expirationDateTime (on the fake's clock). */
  expire(): void {
    for (const [id, sub] of this.subscriptions) if (this.expired(sub)) this.subscriptions.delete(id);
  }

  /** Every subscription with its route, for the control API. */
  list(): Record<string, unknown>[] {
    return [...this.subscriptions.values()].map((s) => ({ ...this.json(s), route: s.route }));
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.pending.clear();
    await Promise.allSettled([...this.inFlight]);
  }

  private expired(sub: Subscription): boolean {
    return Date.parse(sub.expirationDateTime) <= this.clock.now().getTime();
  }

  private etag(sub: Subscription): string {
    const v = String(sub.version);
    return `W/"${Buffer.from(`'${v.length};${v};00;'`).toString('base64')}"`;
  }

  private json(sub: Subscription): Record<string, unknown> {
    return {
      '@odata.etag': this.etag(sub),
      subscriptionId: sub.subscriptionId,
      notificationUrl: sub.notificationUrl,
      resource: sub.resource,
      timestamp: sub.version,
      userId: '00000000-0000-0000-0000-000000000001',
      lastModifiedDateTime: sub.lastModifiedDateTime,
      clientState: sub.clientState,
      expirationDateTime: sub.expirationDateTime,
      systemCreatedAt: sub.systemCreatedAt,
      systemCreatedBy: '00000000-0000-0000-0000-000000000001',
      systemModifiedAt: sub.lastModifiedDateTime,
      systemModifiedBy: '00000000-0000-0000-0000-000000000001',
    };
  }

  private body(
    raw: unknown,
    create: boolean,
  ): { notificationUrl: string; resource: string; clientState?: string } {
    if (raw === null || typeof raw !== 'object' || Array.isArray(raw))
      throw new BcError(400, 'BadRequest', 'The request body must be a JSON object.');
    const b = raw as Record<string, unknown>;
    for (const k of Object.keys(b))
      if (!SUB_FIELDS.includes(k) && !k.includes('@odata.') && k !== 'subscriptionId')
        throw new BcError(
          400,
          'BadRequest',
          `The property '${k}' does not exist on type 'Microsoft.NAV.subscriptions'. Make sure to only use property names that are defined by the type.`,
        );
    for (const k of SUB_FIELDS)
      if (b[k] !== undefined && typeof b[k] !== 'string')
        throw new BcError(
          400,
          'BadRequest',
          `Cannot convert the literal '${JSON.stringify(b[k])}' to the expected type 'Edm.String'.`,
        );
    if (create && (!b.notificationUrl || !b.resource))
      throw new BcError(400, 'BadRequest', 'A subscription needs a notificationUrl and a resource.');
    if (typeof b.clientState === 'string' && b.clientState.length > 2048)
      throw new BcError(400, 'BadRequest', 'The clientState is longer than 2048 characters.');
    if (b.notificationUrl !== undefined && !/^https?:\/\//.test(String(b.notificationUrl)))
      throw new BcError(400, 'BadRequest', 'The notificationUrl must be an absolute http(s) URL.');
    return b as { notificationUrl: string; resource: string; clientState?: string };
  }

  /** 'api/…/companies({id})/{set}' of a resource (relative or absolute), checked against the route and the sets. */
  private resourcePath(route: ApiRoute, resource: string): string {
    const at = resource.indexOf('api/');
    const path = (at >= 0 ? resource.slice(at) : resource).replace(/\?.*$/, '').replace(/\/$/, '');
    const prefix = `${routePrefix(route)}/`;
    const refuse = (why: string) =>
      new BcError(400, 'BadRequest', `The resource '${resource}' cannot be subscribed to: ${why}.`);
    if (!path.startsWith(prefix)) throw refuse(`subscribe to it through ${prefix}subscriptions`);
    const rest = path.slice(prefix.length).split('/');
    if (rest.length !== 2) throw refuse('name a collection of a company');
    const company = parseSegment(rest[0]);
    if (company.name !== 'companies' || company.key?.toLowerCase() !== String(this.ctx.company.id))
      throw refuse('the company does not exist');
    const def = this.ctx.records.defs.get(rest[1]);
    if (!def || def.api !== route || !def.webhooks) throw refuse('the entity set does not support webhooks');
    return `${routePrefix(route)}/companies(${this.ctx.company.id})/${def.set}`;
  }

  private async handshake(notificationUrl: string): Promise<void> {
    const token = randomBytes(16).toString('hex');
    const url = `${notificationUrl}${notificationUrl.includes('?') ? '&' : '?'}validationToken=${token}`;
    let answer: string;
    let status: number;
    try {
      const res = await fetch(url, {
        method: 'POST',
        signal: AbortSignal.timeout(this.options.handshakeTimeoutMs),
      });
      status = res.status;
      answer = (await res.text()).trim();
    } catch (e) {
      throw new BcError(
        400,
        'BadRequest',
        `The notification URL did not answer the validation request: ${(e as Error).name === 'TimeoutError' ? 'no answer in time' : (e as Error).message}.`,
      );
    }
    if (status !== 200 || (answer !== token && answer !== JSON.stringify(token)))
      throw new BcError(
        400,
        'BadRequest',
        `The notification URL did not return the validation token (it answered ${status}).`,
      );
  }

  private deliver(url: string, value: Record<string, unknown>[]): Promise<Delivery[]> {
    const duplicate = this.faults.take('duplicate-delivery', 'POST', url).length > 0;
    const first = this.attempt(url, value, 1, false).then(async (d) => {
      const out = [d];
      if (duplicate) out.push(await this.attempt(url, value, 1, true));
      return out;
    });
    return first;
  }

  private async attempt(
    url: string,
    value: Record<string, unknown>[],
    attempt: number,
    duplicate: boolean,
  ): Promise<Delivery> {
    const delivery: Delivery = {
      at: this.clock.now().toISOString(),
      notificationUrl: url,
      attempt,
      duplicate,
      status: null,
      value,
    };
    this.deliveries.push(delivery);
    if (this.deliveries.length > 2000) this.deliveries.shift();
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ value }),
        signal: AbortSignal.timeout(10_000),
      });
      delivery.status = res.status;
      await res.arrayBuffer();
    } catch (e) {
      delivery.error = (e as Error).message;
    }
    const s = delivery.status;
    if (s !== null && s >= 200 && s < 300) return delivery;
    const retryable = s === null || s === 408 || s === 429 || s >= 500;
    if (!retryable) {
      // BC ends a subscription whose notificationUrl refuses a notification.
      const ids = new Set(value.map((v) => String(v.subscriptionId)));
      for (const id of ids) this.subscriptions.delete(id);
      return delivery;
    }
    if (attempt <= this.options.retries && !this.closed) {
      const retry = new Promise<void>((resolve) => {
        setTimeout(() => {
          if (this.closed) return resolve();
          const live = value.filter((v) => this.subscriptions.has(String(v.subscriptionId)));
          if (live.length === 0) return resolve();
          void this.attempt(url, live, attempt + 1, duplicate).then(() => resolve());
        }, this.options.retryDelayMs * attempt);
      });
      this.inFlight.add(retry);
      void retry.then(() => this.inFlight.delete(retry));
    }
    return delivery;
  }
}
