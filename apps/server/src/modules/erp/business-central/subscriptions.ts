import type { ErpSubscription, ErpSubscriptions, ErpWebhookTarget, SyncedEntity } from '../erp.port.ts';
import { type Api, type BcClient, RENTAL_API_PATH } from './client.ts';
import { entityDefs } from './entities.ts';
import { ErpError } from './errors.ts';

/*
 * Business Central's webhook subscriptions (docs/erp/business-central.md §8) for the ERP port: one per collection
 * the sync reads that BC notifies — the standard API's webhook-enabled entities and every custom rental page —
 * subscribed through that API's own root. BC first calls the notification URL with a validation token (the portal's
 * endpoint echoes it); a subscription lives 3 days; a renewal is a PATCH with If-Match and the create's body (a
 * 412 reads the subscription again and tries once more); an end is a DELETE with If-Match. The clientState is only
 * ever in a request body: the client logs no body, and no error made here names it.
 */

/** The standard API's entity sets BC sends notifications for (every custom API page does). */
const standardWebhookSets = new Set([
  'items',
  'itemCategories',
  'customers',
  'salesOrders',
  'salesInvoices',
  'salesCreditMemos',
]);

/** The targets of the synced entities: `{api}:{set}` with every entity read from that set. */
export function webhookTargets(): ErpWebhookTarget[] {
  const byKey = new Map<string, SyncedEntity[]>();
  for (const [entity, def] of Object.entries(entityDefs) as [SyncedEntity, { api: Api; set: string }][]) {
    if (def.api === 'standard' && !standardWebhookSets.has(def.set)) continue;
    const key = `${def.api}:${def.set}`;
    byKey.set(key, [...(byKey.get(key) ?? []), entity]);
  }
  return [...byKey].map(([key, entities]) => ({ key, entities }));
}

function parseTarget(key: string): { api: Api; set: string } {
  const [api, set] = key.split(':');
  if ((api !== 'standard' && api !== 'rental') || !set)
    throw new ErpError('refused', { params: { what: 'target' } });
  return { api, set };
}

export class BcSubscriptions implements ErpSubscriptions {
  private readonly client: BcClient;

  constructor(client: BcClient) {
    this.client = client;
  }

  targets(): ErpWebhookTarget[] {
    return webhookTargets();
  }

  /** The subscriptions BC holds now, of both roots (an expired one is gone). */
  async list(signal?: AbortSignal): Promise<ErpSubscription[]> {
    const company = (await this.client.companyId(signal)).toLowerCase();
    const out: ErpSubscription[] = [];
    for (const api of ['standard', 'rental'] as const)
      for await (const page of this.client.pages(`${this.client.roots[api]}/subscriptions`, signal))
        for (const raw of page.value) {
          const sub = this.subscription(raw, null);
          // why: one of another company (the setting changed) watches nothing the portal reads now
          const of = /companies\(([^)]*)\)/.exec(sub.resource)?.[1]?.toLowerCase();
          out.push(of === company ? sub : { ...sub, target: null });
        }
    return out;
  }

  async subscribe(
    target: string,
    notificationUrl: string,
    clientState: string,
    signal?: AbortSignal,
  ): Promise<ErpSubscription> {
    const { api, set } = parseTarget(target);
    const resource = `/${this.apiPath(api)}/companies(${await this.client.companyId(signal)})/${set}`;
    const { body, etag } = await this.client.post(
      `${this.client.roots[api]}/subscriptions`,
      { notificationUrl, resource, clientState },
      signal,
    );
    return this.subscription(body, etag);
  }

  async renew(
    subscription: ErpSubscription,
    notificationUrl: string,
    clientState: string,
    signal?: AbortSignal,
  ): Promise<ErpSubscription> {
    const url = this.url(subscription);
    const body = { notificationUrl, resource: subscription.resource, clientState };
    let etag = subscription.etag ?? (await this.client.get(url, signal)).etag ?? '*';
    for (let attempt = 1; ; attempt++) {
      try {
        const answer = await this.client.patch(url, body, etag, signal);
        return this.subscription(answer.body, answer.etag);
      } catch (e) {
        // why: the ETag changed since it was stored (BC renewed or changed it): read it again, try once more
        if (!(e instanceof ErpError && e.kind === 'changed') || attempt > 1) throw e;
        etag = (await this.client.get(url, signal)).etag ?? '*';
      }
    }
  }

  async unsubscribe(subscription: ErpSubscription, signal?: AbortSignal): Promise<void> {
    try {
      await this.client.request('DELETE', this.url(subscription), {
        ifMatch: subscription.etag ?? '*',
        signal,
      });
    } catch (e) {
      if (e instanceof ErpError && e.kind === 'not_found') return;
      if (e instanceof ErpError && e.kind === 'changed') {
        await this.client.request('DELETE', this.url(subscription), { ifMatch: '*', signal });
        return;
      }
      throw e;
    }
  }

  private apiPath(api: Api): string {
    return api === 'standard' ? 'api/v2.0' : RENTAL_API_PATH;
  }

  private url(subscription: ErpSubscription): string {
    const api: Api = subscription.resource.includes(RENTAL_API_PATH) ? 'rental' : 'standard';
    return `${this.client.roots[api]}/subscriptions('${encodeURIComponent(subscription.id)}')`;
  }

  /** A subscription as BC answers it; its target from its resource (`…/api/v2.0/companies(…)/items` → standard:items). */
  private subscription(raw: Record<string, unknown>, etag: string | null): ErpSubscription {
    const resource = String(raw.resource ?? '');
    const api: Api = resource.includes(RENTAL_API_PATH) ? 'rental' : 'standard';
    const set = /companies\([^)]*\)\/([A-Za-z]+)\/?(?:\?.*)?$/.exec(resource)?.[1];
    const tag = raw['@odata.etag'];
    return {
      id: String(raw.subscriptionId ?? ''),
      target: set ? `${api}:${set}` : null,
      resource,
      notificationUrl: String(raw.notificationUrl ?? ''),
      expiresAt: String(raw.expirationDateTime ?? ''),
      etag: etag ?? (typeof tag === 'string' ? tag : null),
    };
  }
}
