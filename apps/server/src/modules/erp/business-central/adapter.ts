import type {
  ConnectionTest,
  ErpConnector,
  ErpPage,
  ErpRecords,
  SyncCheckpoint,
  SyncedEntity,
} from '../erp.port.ts';
import { type BcClient, RENTAL_API_PATH } from './client.ts';
import { type EntityDef, entityDefs } from './entities.ts';
import { ErpError } from './errors.ts';

/*
 * The Business Central adapter of the ERP port (decision 0027, docs/erp/business-central.md): reads each entity
 * page by page through the OData client, full the first time and then by lastModifiedDateTime, maps the records to
 * the portal's words (entities.ts), and tests the connection. Before a run's first page it reads the entity's
 * greatest lastModifiedDateTime: that mark is where the next delta starts, so a record changed while the run pages
 * through is read again next time instead of being missed (a repeat is harmless: the sync upserts).
 */

/** A delta asks from this much before its mark: records committed with the same moment are read again. */
const OVERLAP_MS = 2000;

/** A next page's link without its `$count=true` (carried over from the first page's query). */
function withoutCount(link: string | null): string | null {
  if (link === null) return null;
  return link.replace(/([?&])(?:\$|%24)count=true(&|$)/i, (_, before: string, after: string) =>
    after ? before : '',
  );
}

export class BusinessCentralConnector implements ErpConnector {
  readonly kind = 'business-central' as const;

  readonly client: BcClient;

  constructor(client: BcClient) {
    this.client = client;
  }

  async testConnection(signal?: AbortSignal): Promise<ConnectionTest> {
    const steps: ConnectionTest['steps'] = [
      { step: 'configuration', ok: true, code: 'erp.test.configuratie_ok' },
    ];
    const run = async (
      step: ConnectionTest['steps'][number]['step'],
      ok: string,
      work: () => Promise<Record<string, string> | undefined>,
    ) => {
      try {
        const params = await work();
        steps.push({ step, ok: true, code: ok, ...(params ? { params } : {}) });
        return true;
      } catch (e) {
        if (signal?.aborted) throw e;
        const error = e instanceof ErpError ? e : new ErpError('network');
        steps.push({ step, ok: false, code: error.code, params: error.params });
        return false;
      }
    };
    const done =
      (await run('token', 'erp.test.token_ok', async () => {
        await this.client.token(signal);
        return undefined;
      })) &&
      (await run('company', 'erp.test.bedrijf_ok', async () => {
        const id = await this.client.companyId(signal);
        const { body } = await this.client.get(`${this.client.roots.standard}/companies(${id})`, signal);
        return { name: String(body.displayName ?? body.name ?? id) };
      })) &&
      (await run('customApi', 'erp.test.maatwerk_ok', async () => {
        await this.client.page(
          `${await this.client.companyUrl('rental', 'rentalItems', signal)}?$top=1&$select=id`,
          signal,
        );
        return { api: RENTAL_API_PATH };
      }));
    return { ok: done, steps };
  }

  async *pages<E extends SyncedEntity>(
    entity: E,
    from: SyncCheckpoint | null,
    signal?: AbortSignal,
  ): AsyncIterable<ErpPage<ErpRecords[E]>> {
    const def = entityDefs[entity] as EntityDef<E>;
    const collection = await this.client.companyUrl(def.api, def.set, signal);
    let next = from?.nextLink ?? null;
    let mark = from?.modifiedSince ?? null;
    if (next === null) {
      const since = from?.modifiedSince ?? null;
      const high = await this.highWater(collection, signal);
      if (high === null || (since !== null && Date.parse(high) <= Date.parse(since))) {
        // nothing there, or nothing changed since the mark: an empty page keeps the checkpoint
        yield { records: [], checkpoint: { nextLink: null, modifiedSince: since }, total: 0 };
        return;
      }
      // $count: the first page says how many records the run reads (the Koppelingen page's progress)
      const query = new URLSearchParams({
        $select: [...def.select, 'lastModifiedDateTime'].join(','),
        $count: 'true',
      });
      if (def.expand) query.set('$expand', def.expand);
      if (since !== null)
        query.set(
          '$filter',
          `lastModifiedDateTime gt ${new Date(Date.parse(since) - OVERLAP_MS).toISOString()}`,
        );
      next = `${collection}?${query.toString().replace(/\+/g, '%20')}`;
      mark = high;
    }
    while (next !== null) {
      const page = await this.client.page(next, signal);
      const records: ErpRecords[E][] = [];
      for (const raw of page.value) {
        const record = def.map(raw);
        if (record) records.push(record);
      }
      // the first page said how many: the ERP need not count them again for each of the next
      const link = withoutCount(page.nextLink);
      yield { records, checkpoint: { nextLink: link, modifiedSince: mark }, total: page.count };
      next = link;
    }
  }

  /** The entity's greatest lastModifiedDateTime now (null: no records). */
  private async highWater(collection: string, signal?: AbortSignal): Promise<string | null> {
    const query = '$orderby=lastModifiedDateTime%20desc&$top=1&$select=lastModifiedDateTime';
    const page = await this.client.page(`${collection}?${query}`, signal);
    const value = page.value[0]?.lastModifiedDateTime;
    return typeof value === 'string' && value ? value : null;
  }

  async plantsKnown(plantNos: readonly string[], signal?: AbortSignal): Promise<Set<string>> {
    const { set } = entityDefs.plants;
    const collection = await this.client.companyUrl(entityDefs.plants.api, set, signal);
    const known = new Set<string>();
    // why: a filter of a few numbers at a time keeps the URL short
    for (let i = 0; i < plantNos.length; i += 15) {
      const filter = plantNos
        .slice(i, i + 15)
        .map((no) => `number eq '${no.replace(/'/g, "''")}'`)
        .join(' or ');
      const query = new URLSearchParams({ $filter: filter, $select: 'number' });
      const page = await this.client.page(`${collection}?${query.toString().replace(/\+/g, '%20')}`, signal);
      for (const r of page.value) known.add(String(r.number));
    }
    return known;
  }

  async picture(itemErpId: string, signal?: AbortSignal) {
    const url = await this.client.companyUrl(
      'standard',
      `items(${itemErpId})/picture/pictureContent`,
      signal,
    );
    const answer = await this.client.request('GET', url, { signal, headers: { accept: '*/*' } });
    if (answer.status === 204 || answer.bytes.length === 0) return null;
    return {
      bytes: answer.bytes,
      contentType: answer.headers.get('content-type') ?? 'application/octet-stream',
    };
  }

  async document(entity: 'salesInvoices' | 'salesCreditMemos', erpId: string, signal?: AbortSignal) {
    const url = await this.client.companyUrl(
      'standard',
      `${entity}(${erpId})/pdfDocument/pdfDocumentContent`,
      signal,
    );
    const answer = await this.client.request('GET', url, { signal, headers: { accept: 'application/pdf' } });
    return answer.bytes;
  }
}
