// SyncImages (issue #33, decision 0027): the items' pictures from the fake BC become their images in the portal,
// re-encoded like uploads; a second run stores nothing again (same bytes, same hash).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeBc } from '../../../../../tools/fake-bc/src/index.ts';
import type { TestApp } from '../../../test/app.ts';
import { startConnectedApp } from './erp.test-support.ts';

const ADMIN = 'admin@materieelportaal.nl';
let fake: FakeBc;
let t: TestApp;

const count = async (query: ReturnType<typeof sql>) =>
  Number((await t.database.db.execute<{ n: number }>(query)).rows[0].n);

async function syncImages() {
  const r = await t.app.inject({
    method: 'POST',
    url: '/api/MaterieelImage/SyncImages',
    headers: await t.auth(ADMIN),
    payload: {},
  });
  expect(r.statusCode, r.body).toBe(200);
  return r.json();
}

beforeAll(async () => {
  ({ fake, t } = await startConnectedApp({ company: 'name' }));
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

describe('SyncImages', () => {
  it("makes every item's picture in the ERP its image, and stores nothing again when nothing changed", async () => {
    const items = fake.control.counts().items;
    const first = await syncImages();
    expect(first.results).toEqual([
      expect.objectContaining({ entity: 'itemImages', state: 'done', upserted: items }),
    ]);
    expect(
      await count(sql`
        select count(*) as n from items i join files f on f.id = i.image_file_id
        where f.meta->>'origin' = 'erp' and f.meta->>'erpSha256' is not null`),
    ).toBe(items);
    const files = await count(sql`select count(*) as n from files`);
    // the catalogue shows the new picture: the image URL names the file's version
    const card = await t.app.inject({
      method: 'GET',
      url: '/api/v2.0/Items?itemNos=AG-1001',
      headers: await t.auth(ADMIN),
    });
    const [stored] = (
      await t.database.db.execute<{ sha256: string }>(
        sql`select f.sha256 from items i join files f on f.id = i.image_file_id where i.item_no = 'AG-1001'`,
      )
    ).rows;
    expect(card.body).toContain(stored.sha256.slice(0, 8));

    const second = await syncImages();
    expect(second.results).toEqual([
      expect.objectContaining({ entity: 'itemImages', state: 'done', upserted: 0 }),
    ]);
    expect(await count(sql`select count(*) as n from files`)).toBe(files);
  });
});
