// The Koppelingen page's server side (issue #33 point 6, decision 0027): GET Erp/sync says how far a long run got —
// its pages and records so far against the records the ERP counted for it ($count) — and the page is for admins and
// BusinessCentral holders only: the login answer says who (canErp), the API refuses the others.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeBc } from '../../../../../tools/fake-bc/src/index.ts';
import { DEMO_PASSWORD, type TestApp } from '../../../test/app.ts';
import { users } from '../../db/schema/index.ts';
import { loadSettings } from '../settings/index.ts';
import { syncEntity } from './erp.sync.ts';
import { startConnectedApp } from './erp.test-support.ts';

const ADMIN = 'admin@materieelportaal.nl';
/** Holds BusinessCentral (and nothing else) in these tests. */
const HOLDER = 'materieeldienst@materieelportaal.nl';
const USER = 'uitvoerder@vandijk.nl';

let fake: FakeBc;
let t: TestApp;

beforeAll(async () => {
  ({ fake, t } = await startConnectedApp());
  await t.database.db
    .update(users)
    .set({ permissions: ['BusinessCentral'] })
    .where(eq(users.email, HOLDER));
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const stateOf = async (entity: string, email = HOLDER) => {
  const r = await t.app.inject({ url: '/api/v2.0/Erp/sync', headers: await t.auth(email) });
  expect(r.statusCode, r.body).toBe(200);
  return r.json().entities.find((e: { entity: string }) => e.entity === entity);
};

describe('the progress of a long run', () => {
  it('GET Erp/sync answers the pages and records so far and the total the ERP counted ($count)', async () => {
    let requests = 0;
    const deps = {
      config: t.deps.config,
      db: t.database.db,
      loadSettings,
      clientOptions: {
        maxRetries: 0,
        pageSize: 100,
        // the run stops after its third page (the first request is the high-water read): it stands halfway
        log: (e: { msg: string; path?: string }) => {
          if (e.msg === 'erp.request' && e.path?.endsWith('/itemTranslations') && ++requests === 4)
            fake.control.addFault({ kind: 'status', status: 500, path: '/itemTranslations', times: 1 });
        },
      },
    };
    expect((await syncEntity(deps, 'categories')).state).toBe('done');
    expect((await syncEntity(deps, 'items')).state).toBe('done');
    expect((await syncEntity(deps, 'itemTranslations')).state).toBe('failed');
    const total = fake.control.counts().itemTranslations;
    expect(total).toBeGreaterThan(300);
    expect(await stateOf('itemTranslations')).toMatchObject({
      resumable: true,
      pages: 3,
      read: 300,
      upserted: 300,
      total,
    });

    // resumed to the end: all of them, against the same total
    expect((await syncEntity(deps, 'itemTranslations')).state).toBe('done');
    expect(await stateOf('itemTranslations')).toMatchObject({
      running: false,
      resumable: false,
      read: total,
      total,
    });

    // a full run again over rows the portal has as they are: read all, changed none — the progress counts what was
    // read; the ERP counts the run once, on its first page, not on each of the following ones
    await t.database.db.execute(sql`delete from erp_sync_state where entity = 'itemTranslations'`);
    fake.control.clearCalls();
    expect((await syncEntity(deps, 'itemTranslations')).state).toBe('done');
    const pages = fake.control
      .recordedCalls({ method: 'GET' })
      .filter((c) => c.path.endsWith('/itemTranslations') && !c.query.includes('top=1'));
    expect(pages).toHaveLength(Math.ceil(total / 100));
    expect(pages.filter((c) => /(\$|%24)count=true/.test(c.query))).toHaveLength(1);
    expect(await stateOf('itemTranslations')).toMatchObject({ read: total, total, upserted: 0 });

    // a delta with nothing changed: a run of nothing
    expect((await syncEntity(deps, 'itemTranslations')).state).toBe('done');
    expect(await stateOf('itemTranslations')).toMatchObject({ total: 0, read: 0 });
  });
});

describe('who runs the ERP connection', () => {
  const loginUser = async (email: string) => {
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/v2.0/Auth/login',
      payload: { email, password: DEMO_PASSWORD },
      remoteAddress: `10.78.0.${Math.floor(Math.random() * 200) + 1}`,
    });
    expect(r.statusCode, r.body).toBe(200);
    return r.json().user as { canErp: boolean; isAdmin: boolean };
  };

  it('the login answer says it (canErp): admins and BusinessCentral holders, not a plain user', async () => {
    expect(await loginUser(ADMIN)).toMatchObject({ canErp: true });
    expect(await loginUser(HOLDER)).toMatchObject({ canErp: true, isAdmin: false });
    expect(await loginUser(USER)).toMatchObject({ canErp: false });
  });

  it("a holder reads and acts on the Koppelingen page's calls; a plain user gets 403 on every one", async () => {
    const calls = [
      { method: 'GET' as const, url: '/api/v2.0/Erp/sync' },
      { method: 'GET' as const, url: '/api/v2.0/Erp/outbox?status=dead' },
      { method: 'POST' as const, url: '/api/v2.0/Erp/test-connection' },
      { method: 'POST' as const, url: '/api/v2.0/Erp/outbox/retry-dead' },
    ];
    for (const c of calls) {
      const holder = await t.app.inject({ ...c, headers: await t.auth(HOLDER) });
      expect(holder.statusCode, `${c.url} ${holder.body}`).toBe(200);
      const plain = await t.app.inject({ ...c, headers: await t.auth(USER) });
      expect(plain.statusCode, `${c.url} ${plain.body}`).toBe(403);
      expect(plain.json().code).toBe('error.geen_toegang');
    }
  });
});
