// Contract tests of the Business Central adapter (issue #33, decision 0027): the OData client and the adapter's
// pages against the fake BC started here — or, when BC_TEST_URL, BC_TEST_TENANT, BC_TEST_CLIENT_ID,
// BC_TEST_CLIENT_SECRET and BC_TEST_COMPANY are set, against that real Business Central sandbox (the tests that
// need the fake's control API to inject faults or change records are skipped there, saying so).
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeBc, startFakeBc } from '../../../../../../tools/fake-bc/src/index.ts';
import type { ErpPage, ErpRecords, SyncCheckpoint } from '../erp.port.ts';
import { BusinessCentralConnector } from './adapter.ts';
import { BcClient, type BcClientOptions, type BcConnection, type BcLogEntry } from './client.ts';
import { ErpError } from './errors.ts';

const env = process.env;
const real =
  env.BC_TEST_URL &&
  env.BC_TEST_TENANT &&
  env.BC_TEST_CLIENT_ID &&
  env.BC_TEST_CLIENT_SECRET &&
  env.BC_TEST_COMPANY
    ? {
        baseUrl: env.BC_TEST_URL,
        tenant: env.BC_TEST_TENANT,
        company: env.BC_TEST_COMPANY,
        clientId: env.BC_TEST_CLIENT_ID,
        clientSecret: env.BC_TEST_CLIENT_SECRET,
        authorityUrl: env.BC_AUTHORITY_URL ?? 'https://login.microsoftonline.com',
      }
    : null;
const fakeOnly =
  'needs the fake BC’s control API (faults, changes as the ERP): skipped against a real sandbox';
const realOnly =
  'needs a real Business Central sandbox: set BC_TEST_URL, BC_TEST_TENANT, BC_TEST_CLIENT_ID, BC_TEST_CLIENT_SECRET, BC_TEST_COMPANY';

let fake: FakeBc | null = null;
let connection: BcConnection;
const logs: BcLogEntry[] = [];
const waits: number[] = [];

/** A client with fast backoff that records its waits (and still really waits for Retry-After). */
function client(options: BcClientOptions = {}, over: Partial<BcConnection> = {}): BcClient {
  return new BcClient(
    { ...connection, ...over },
    {
      pageSize: 100,
      backoffBaseMs: 5,
      backoffMaxMs: 20,
      log: (e) => logs.push(e),
      sleep: async (ms, signal) => {
        waits.push(ms);
        await sleep(ms, undefined, { signal });
      },
      ...options,
    },
  );
}

async function all<E extends keyof ErpRecords>(
  pages: AsyncIterable<ErpPage<ErpRecords[E]>>,
): Promise<{ records: ErpRecords[E][]; last: SyncCheckpoint | null; count: number }> {
  const records: ErpRecords[E][] = [];
  let last: SyncCheckpoint | null = null;
  let count = 0;
  for await (const page of pages) {
    records.push(...page.records);
    last = page.checkpoint;
    count++;
  }
  return { records, last, count };
}

async function countOf(c: BcClient, api: 'standard' | 'rental', set: string): Promise<number> {
  const answer = await c.request('GET', await c.companyUrl(api, `${set}/$count`), {
    headers: { accept: 'text/plain' },
  });
  return Number(answer.bytes.toString('utf8'));
}

beforeAll(async () => {
  if (real) {
    connection = { ...real, maxMessageBytes: 64 * 1024 * 1024 };
    return;
  }
  fake = await startFakeBc({ rateLimit: null });
  connection = {
    baseUrl: `${fake.url}/v2.0/${fake.tenant}/${fake.environment}`,
    tenant: fake.tenant,
    company: fake.companyName,
    clientId: fake.clientId,
    clientSecret: fake.clientSecret,
    authorityUrl: fake.authorityUrl,
    maxMessageBytes: 64 * 1024 * 1024,
  };
});
afterAll(async () => {
  await fake?.close();
});
beforeEach(() => {
  fake?.control.clearFaults();
  fake?.control.clearCalls();
  waits.length = 0;
});

describe('the Business Central adapter', () => {
  it.skipIf(real !== null)(`runs against the fake (${realOnly} to run against one)`, () => {
    expect(fake).not.toBeNull();
  });

  it('tests the connection: token, company, custom API', async () => {
    const test = await new BusinessCentralConnector(client()).testConnection();
    expect(test.steps.map((s) => [s.step, s.ok])).toEqual([
      ['configuration', true],
      ['token', true],
      ['company', true],
      ['customApi', true],
    ]);
    expect(test.ok).toBe(true);
  });

  it('says the credentials are refused, without the secret it was given', async () => {
    const wrong = 'not-the-secret-4c1f9a2e77';
    const test = await new BusinessCentralConnector(client({}, { clientSecret: wrong })).testConnection();
    expect(test.ok).toBe(false);
    expect(test.steps.at(-1)).toMatchObject({ step: 'token', ok: false, code: 'erp.fout.auth' });
    expect(JSON.stringify(test)).not.toContain(wrong);
  });

  it('pages an entity to the end: every record once, as many as BC counts', async () => {
    const c = client();
    const { records, last, count } = await all(new BusinessCentralConnector(c).pages('items', null));
    const total = await countOf(c, 'standard', 'items');
    expect(records).toHaveLength(total);
    expect(new Set(records.map((r) => r.erpId)).size).toBe(total);
    expect(count).toBe(Math.ceil(total / 100));
    expect(last).toMatchObject({ nextLink: null });
    expect(last?.modifiedSince).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    if (fake) {
      // each page asked with the page size (and one read of the high-water mark before the first)
      const calls = fake.control
        .recordedCalls({ path: '/items' })
        .filter((call) => call.path.endsWith('/items') && !call.query.includes('orderby'));
      expect(calls.map((call) => call.headers.prefer)).toEqual(Array(count).fill('odata.maxpagesize=100'));
    }
  });

  it.skipIf(real !== null)(`reads only what changed after the checkpoint (delta) (${fakeOnly})`, async () => {
    const bc = fake!;
    const connector = new BusinessCentralConnector(client());
    const first = await all(connector.pages('items', null));
    // the seeded records share one moment, inside the delta's overlap: the first delta reads them again (harmless,
    // the sync upserts); move the ERP's clock past the overlap before each change
    bc.control.advanceClock(60_000);
    const [a, b] = bc.control.list('items', { top: 2 });
    bc.control.update('items', String(a.id), { displayName: 'Gewijzigd in het ERP' });
    const delta = await all(connector.pages('items', first.last));
    expect(delta.records.find((r) => r.erpId === a.id)).toMatchObject({
      description: 'Gewijzigd in het ERP',
    });
    expect(Date.parse(delta.last!.modifiedSince!)).toBeGreaterThan(Date.parse(first.last!.modifiedSince!));
    bc.control.advanceClock(60_000);
    bc.control.update('items', String(b.id), { displayName: 'Ook gewijzigd' });
    const second = await all(connector.pages('items', delta.last));
    // what changed since the mark, and what the overlap reads again: the record at the mark itself
    expect(second.records.map((r) => r.erpId).sort()).toEqual([a.id, b.id].sort());
    expect(second.records.find((r) => r.erpId === b.id)).toMatchObject({ description: 'Ook gewijzigd' });
    // nothing changed since: one empty page, the checkpoint kept
    const none = await all(connector.pages('items', second.last));
    expect(none.records).toEqual([]);
    expect(none.last).toEqual(second.last);
  });

  it.skipIf(real !== null)(
    `resumes from a checkpoint after a page fails: no record twice, none lost (${fakeOnly})`,
    async () => {
      const bc = fake!;
      const connector = new BusinessCentralConnector(client({ maxRetries: 1 }));
      const seen: string[] = [];
      let checkpoint: SyncCheckpoint | null = null;
      let pages = 0;
      await expect(async () => {
        for await (const page of connector.pages('itemTranslations', null)) {
          seen.push(...page.records.map((r) => r.erpId));
          checkpoint = page.checkpoint;
          if (++pages === 3) bc.control.addFault({ kind: 'status', status: 500, path: '/itemTranslations' });
        }
      }).rejects.toMatchObject({ kind: 'unavailable', status: 500 });
      expect(checkpoint).toMatchObject({ nextLink: expect.stringContaining('skiptoken') });
      bc.control.clearFaults();
      const rest = await all(connector.pages('itemTranslations', checkpoint));
      seen.push(...rest.records.map((r) => r.erpId));
      const total = bc.control.counts().itemTranslations;
      expect(seen).toHaveLength(total);
      expect(new Set(seen).size).toBe(total);
    },
  );

  it.skipIf(real !== null)(`honours Retry-After through a 429 storm (${fakeOnly})`, async () => {
    const bc = fake!;
    bc.control.addFault({ kind: 'status', status: 429, retryAfter: 1, path: '/customers', times: 3 });
    const c = client();
    const page = await c.page(await c.companyUrl('standard', 'customers'));
    expect(page.value.length).toBeGreaterThan(0);
    expect(waits).toEqual([1000, 1000, 1000]);
    expect(bc.control.recordedCalls({ path: '/customers' }).map((call) => call.status)).toEqual([
      429, 429, 429, 200,
    ]);
  });

  it.skipIf(real !== null)(
    `gives up after a bounded number of throttles, with the Retry-After for the caller (${fakeOnly})`,
    async () => {
      fake!.control.addFault({ kind: 'status', status: 503, retryAfter: 1, path: '/customers' });
      const c = client({ maxThrottleWaits: 2 });
      const error = await c.page(await c.companyUrl('standard', 'customers')).catch((e) => e);
      expect(error).toBeInstanceOf(ErpError);
      expect(error).toMatchObject({
        kind: 'throttled',
        code: 'erp.fout.throttled',
        retryAfterSeconds: 1,
        retryable: true,
      });
      expect(waits).toEqual([1000, 1000]);
    },
  );

  it.skipIf(real !== null)(`reads a page again when the connection drops halfway (${fakeOnly})`, async () => {
    const bc = fake!;
    bc.control.addFault({ kind: 'drop', path: '/rentalItems', times: 1, afterRecords: 10 });
    const c = client();
    const page = await c.page(await c.companyUrl('rental', 'rentalItems'));
    expect(page.value).toHaveLength(100);
    expect(bc.control.recordedCalls({ path: '/rentalItems' })).toHaveLength(2);
    expect(waits).toHaveLength(1);
  });

  it.skipIf(real !== null)(
    `retries a 500 with backoff, a bounded number of times (${fakeOnly})`,
    async () => {
      fake!.control.addFault({ kind: 'status', status: 500, path: '/customers' });
      const c = client({ maxRetries: 3 });
      await expect(c.page(await c.companyUrl('standard', 'customers'))).rejects.toMatchObject({
        kind: 'unavailable',
      });
      expect(waits).toHaveLength(3);
      expect(fake!.control.recordedCalls({ path: '/customers' })).toHaveLength(4);
    },
  );

  it.skipIf(real !== null)(
    `answers a stale ETag with a typed 412 and a fresh one with the change (${fakeOnly})`,
    async () => {
      const bc = fake!;
      const c = client();
      const [item] = bc.control.list('items', { top: 1 });
      const url = await c.companyUrl('standard', `items(${item.id})`);
      const read = await c.get(url);
      expect(read.etag).toBeTruthy();
      bc.control.update('items', String(item.id), { displayName2: 'changed by someone else' });
      const error = await c.patch(url, { displayName2: 'mine' }, read.etag!).catch((e) => e);
      expect(error).toMatchObject({
        kind: 'changed',
        status: 412,
        code: 'erp.fout.changed',
        bcCode: 'Request_EntityChanged',
      });
      const again = await c.get(url);
      const changed = await c.patch(url, { displayName2: 'mine' }, again.etag!);
      expect(changed.body.displayName2).toBe('mine');
      expect(changed.etag).not.toBe(again.etag);
    },
  );

  it.skipIf(real !== null)(
    `refuses a 4xx for good with a translation key, without retrying (${fakeOnly})`,
    async () => {
      const c = client();
      const error = await c
        .page(`${await c.companyUrl('standard', 'items')}?$filter=nothing eq 1`)
        .catch((e) => e);
      expect(error).toMatchObject({
        kind: 'refused',
        status: 400,
        code: 'erp.fout.refused',
        bcCode: 'BadRequest',
      });
      expect(fake!.control.recordedCalls({ path: '/items' })).toHaveLength(1);
    },
  );

  describe('$batch', () => {
    /** GET requests made large by a long $filter (BC takes GETs in a batch like any other). */
    const requests = (n: number, numbers: string[]) =>
      Array.from({ length: n }, (_, i) => ({
        method: 'GET',
        url: `companies(${fake!.companyId})/items?$select=number&$filter=${numbers.map((no) => `number eq '${no}'`).join(' or ')}&$top=${i + 1}`,
      }));

    it.skipIf(real !== null)(
      `splits so that no batch exceeds the maximum message size (${fakeOnly})`,
      async () => {
        const bc = fake!;
        const numbers = bc.control.list('items', { top: 300 }).map((i) => String(i.number));
        const c = client({}, { maxMessageBytes: 60_000 });
        const answers = await c.batch('standard', requests(20, numbers));
        expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
        expect(answers.map((a) => (a.body as { value: unknown[] }).value.length)).toEqual(
          Array.from({ length: 20 }, (_, i) => i + 1),
        );
        const batches = bc.control.recordedCalls({ method: 'POST', path: '$batch' });
        expect(batches.length).toBeGreaterThan(1);
        for (const call of batches)
          expect(Buffer.byteLength(JSON.stringify(call.body))).toBeLessThanOrEqual(60_000);
        expect(
          batches.reduce((n, call) => n + (call.body as { requests: unknown[] }).requests.length, 0),
        ).toBe(20);
      },
    );

    it.skipIf(real !== null)(`never sends more than 100 operations in one batch (${fakeOnly})`, async () => {
      const c = client();
      const answers = await c.batch(
        'standard',
        Array.from({ length: 150 }, () => ({
          method: 'GET',
          url: `companies(${fake!.companyId})/items?$top=1`,
        })),
      );
      expect(answers).toHaveLength(150);
      expect(
        fake!.control
          .recordedCalls({ method: 'POST', path: '$batch' })
          .map((call) => (call.body as { requests: unknown[] }).requests.length),
      ).toEqual([100, 50]);
    });

    it.skipIf(real !== null)(
      `splits further when BC refuses a batch as too large (413) (${fakeOnly})`,
      async () => {
        const small = await startFakeBc({ rateLimit: null, maxRequestBytes: 30_000 });
        try {
          const numbers = small.control.list('items', { top: 100 }).map((i) => String(i.number));
          const c = new BcClient(
            {
              ...connection,
              baseUrl: `${small.url}/v2.0/${small.tenant}/${small.environment}`,
              authorityUrl: small.authorityUrl,
              company: small.companyId,
              maxMessageBytes: 60_000,
            },
            { backoffBaseMs: 5 },
          );
          const batch = Array.from({ length: 20 }, (_, i) => ({
            method: 'GET',
            url: `companies(${small.companyId})/items?$select=number&$filter=${numbers.map((no) => `number eq '${no}'`).join(' or ')}&$top=${i + 1}`,
          }));
          const answers = await c.batch('standard', batch);
          expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
          expect(
            small.control.recordedCalls({ method: 'POST', path: '$batch' }).map((call) => call.status),
          ).toEqual([413, 200, 200]);
        } finally {
          await small.close();
        }
      },
    );

    it('refuses one request larger than the maximum on its own, sending nothing', async () => {
      const c = client({}, { maxMessageBytes: 1000 });
      const error = await c
        .batch('standard', [
          { method: 'POST', url: 'companies(x)/items', body: { displayName: 'x'.repeat(2000) } },
        ])
        .catch((e) => e);
      expect(error).toMatchObject({ kind: 'too_large', code: 'erp.fout.too_large' });
    });
  });

  it.skipIf(real !== null)(
    `puts the secret and the token in no log line and no error (${fakeOnly})`,
    async () => {
      const bc = fake!;
      logs.length = 0;
      const c = client({ maxRetries: 1, maxThrottleWaits: 1 });
      const connector = new BusinessCentralConnector(c);
      await connector.testConnection();
      const token = await c.token();
      bc.control.addFault({ kind: 'status', status: 500, path: '/customers', times: 5 });
      bc.control.addFault({ kind: 'status', status: 429, retryAfter: 1, path: '/inspections', times: 5 });
      const errors = [
        await c.page(await c.companyUrl('standard', 'customers')).catch((e) => e),
        await c.page(await c.companyUrl('rental', 'inspections')).catch((e) => e),
        await c.page(`${await c.companyUrl('standard', 'items')}?$filter=nothing eq 1`).catch((e) => e),
        await new BusinessCentralConnector(
          client({}, { clientSecret: `${bc.clientSecret}-wrong` }),
        ).testConnection(),
      ];
      await all(connector.pages('categories', null));
      expect(logs.length).toBeGreaterThan(10);
      const text =
        JSON.stringify(logs) + errors.map((e) => `${e} ${JSON.stringify(e)} ${e.stack ?? ''}`).join('\n');
      expect(text).not.toContain(bc.clientSecret);
      expect(text).not.toContain(token);
    },
  );
});
