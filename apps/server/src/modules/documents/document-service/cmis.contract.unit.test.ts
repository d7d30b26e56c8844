// The CMIS adapter's contract (decision 0028, docs/erp/document-service.md): run against tools/fake-docs always, and
// against a real document service when DOCS_TEST_URL, DOCS_TEST_USER and DOCS_TEST_PASSWORD are set (its project
// location DOCS_TEST_LOCATION, default P-24001, should have a few documents). The fault tests need the fake.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeDocs, startFakeDocs } from '../../../../../../tools/fake-docs/src/index.ts';
import { CmisDocumentService, type DocumentServiceConnection } from './cmis.ts';
import { DocumentServiceError } from './port.ts';

const real: (DocumentServiceConnection & { location: string }) | null =
  process.env.DOCS_TEST_URL && process.env.DOCS_TEST_USER && process.env.DOCS_TEST_PASSWORD
    ? {
        url: process.env.DOCS_TEST_URL,
        user: process.env.DOCS_TEST_USER,
        password: process.env.DOCS_TEST_PASSWORD,
        location: process.env.DOCS_TEST_LOCATION ?? 'P-24001',
      }
    : null;
if (!real)
  console.info(
    'cmis.contract: DOCS_TEST_URL / DOCS_TEST_USER / DOCS_TEST_PASSWORD not set — the contract runs against tools/fake-docs only; the real-service run is skipped.',
  );

let fake: FakeDocs;
beforeAll(async () => {
  fake = await startFakeDocs({ pageSize: 2 });
});
afterAll(async () => {
  await fake?.close();
});

const noWait = { sleep: async () => {}, timeoutMs: 10_000 };

function contract(name: string, target: () => DocumentServiceConnection & { location: string }) {
  describe(`CMIS contract: ${name}`, () => {
    const service = (options = {}) => new CmisDocumentService(target(), { ...noWait, ...options });

    it('tests the connection: configuration, repository, the folder of the project locations', async () => {
      const r = await service().testConnection();
      expect(r.steps.map((s) => [s.step, s.ok])).toEqual([
        ['configuration', true],
        ['repository', true],
        ['folder', true],
      ]);
      expect(r.ok).toBe(true);
    });

    it("lists a location's documents the same whatever the page size, each as getObject reads it", async () => {
      const { location } = target();
      const byOne = await service({ pageSize: 1 }).locationDocuments(location);
      const byMany = await service({ pageSize: 100 }).locationDocuments(location);
      expect(byOne.length).toBeGreaterThan(0);
      expect(byOne.map((d) => d.id).sort()).toEqual(byMany.map((d) => d.id).sort());
      const s = service();
      for (const d of byMany.slice(0, 3)) {
        expect(await s.document(d.id)).toEqual(d);
        const c = await s.content(d.id);
        expect(c.bytes.length).toBe(d.size);
        expect(c.contentType).toBe(d.contentType);
        expect(d.changeToken).toBeTruthy();
      }
    });

    it('knows no unknown id, no folder of an unknown location; a wrong password is refused', async () => {
      expect(await service().document('mp-no-such-object-0000')).toBeNull();
      expect(await service().locationDocuments('P-NO-SUCH-LOCATION')).toEqual([]);
      const wrong = new CmisDocumentService({ ...target(), password: 'not-the-password' }, noWait);
      const e = await wrong.locationDocuments(target().location).catch((x) => x);
      expect(e).toBeInstanceOf(DocumentServiceError);
      expect(e.code).toBe('documentdienst.fout.auth');
    });
  });
}

contract('tools/fake-docs', () => ({
  url: fake.serviceUrl,
  user: fake.user,
  password: fake.password,
  location: 'P-24001',
}));
if (real) contract(`real service at ${new URL(real.url).host}`, () => real);
else describe.skip('CMIS contract: a real service (DOCS_TEST_URL not set)', () => it('skipped', () => {}));

describe('CMIS adapter faults (tools/fake-docs)', () => {
  const connection = () => ({ url: fake.serviceUrl, user: fake.user, password: fake.password });

  it('waits what Retry-After says on 429, then reads', async () => {
    const waits: number[] = [];
    const s = new CmisDocumentService(connection(), { sleep: async (ms) => void waits.push(ms) });
    fake.faults.clear();
    fake.fault({ kind: 'status', path: 'cmisselector=children', status: 429, retryAfter: 7, times: 2 });
    const docs = await s.locationDocuments('P-24002');
    expect(docs.length).toBe(3);
    expect(waits).toEqual([7000, 7000]);
  });

  it('gives up on a Retry-After beyond its limit: the caller gets throttled with the seconds', async () => {
    const s = new CmisDocumentService(connection(), { ...noWait, maxRetryAfterSeconds: 30 });
    fake.faults.clear();
    fake.fault({ kind: 'status', path: 'cmisselector=children', status: 429, retryAfter: 600, times: 1 });
    const e = await s.locationDocuments('P-24002').catch((x) => x);
    expect(e).toMatchObject({ code: 'documentdienst.fout.throttled', retryAfterSeconds: 600 });
  });

  it('retries 500 with backoff a bounded number of times, then answers unavailable', async () => {
    const waits: number[] = [];
    const s = new CmisDocumentService(connection(), {
      sleep: async (ms) => void waits.push(ms),
      random: () => 1,
      maxRetries: 3,
      backoffBaseMs: 100,
    });
    fake.faults.clear();
    const f = fake.fault({ kind: 'status', path: 'cmisselector=object', status: 500 });
    const e = await s
      .document(fake.repo.children('/Materieelportaal/Locaties/P-24002')[0].objectId)
      .catch((x) => x);
    expect(e).toMatchObject({ code: 'documentdienst.fout.unavailable', status: 500 });
    expect(f.hits).toBe(4);
    expect(waits).toEqual([100, 200, 400]);
    fake.faults.clear();
  });

  it('retries a download cut off halfway and a slow answer past its timeout', async () => {
    const s = new CmisDocumentService(connection(), { ...noWait, timeoutMs: 300 });
    const doc = fake.repo.children('/Materieelportaal/Locaties/P-24003')[0];
    fake.faults.clear();
    const drop = fake.fault({ kind: 'drop', path: 'cmisselector=content', times: 1 });
    const slow = fake.fault({ kind: 'slow', path: 'cmisselector=content', ms: 1000, times: 1 });
    const c = await s.content(doc.objectId);
    expect(c.bytes.equals(doc.content)).toBe(true);
    expect(slow.hits + drop.hits).toBe(2);
    fake.faults.clear();
  });

  it('sends its credentials to no other origin than the setting names', async () => {
    const s = new CmisDocumentService(
      { ...connection(), url: fake.serviceUrl.replace('127.0.0.1', 'localhost') },
      noWait,
    );
    const e = await s.locationDocuments('P-24001').catch((x) => x);
    expect(e).toMatchObject({ code: 'documentdienst.fout.refused', params: { what: 'origin' } });
  });
});
