// The sync ERP → portal of depots, work addresses, item links, plants and stock on site (issue #33 point 2,
// decision 0027) against the fake BC: a page of plants failing halfway resumes without duplicates or lost rows, a
// full sync equals the fake's counts (adopting the demo's rows, the stock a ledger still equal to inventory), a
// change in the fake shows after the delta (the stock pages show the ERP's stock, corrections in the history),
// deletions take stock off, delete or retire, and the access to the stock pages is as before.
import { EMPTY_GUID } from '@mp/contract/api/catalogue';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeBc } from '../../../../../tools/fake-bc/src/index.ts';
import type { TestApp } from '../../../test/app.ts';
import { loadSettings } from '../settings/index.ts';
import { syncEntity } from './erp.sync.ts';
import { startConnectedApp } from './erp.test-support.ts';

const ADMIN = 'admin@materieelportaal.nl';
const USER = 'uitvoerder@vandijk.nl';
const LOC = 'P-24001';
const FOREIGN_LOC = 'P-24008';

let fake: FakeBc;
let t: TestApp;

const count = async (query: ReturnType<typeof sql>) =>
  Number((await t.database.db.execute<{ n: number }>(query)).rows[0].n);
const rows = async <T>(query: ReturnType<typeof sql>) => (await t.database.db.execute(query)).rows as T[];

async function sync(entities: string[]) {
  const r = await t.app.inject({
    method: 'POST',
    url: '/api/v2.0/Erp/sync',
    headers: { ...(await t.auth(ADMIN)), 'accept-language': 'nl-NL' },
    payload: { entities },
  });
  expect(r.statusCode, r.body).toBe(200);
  const results = r.json().results as Array<{
    entity: string;
    state: string;
    upserted: number;
    deleted: number;
  }>;
  expect(results.filter((x) => x.state !== 'done')).toEqual([]);
  return new Map(results.map((x) => [x.entity, x]));
}

const get = async (url: string, email = USER) => t.app.inject({ url, headers: await t.auth(email) });

/** Every line of a location's stock page (all pages), as item/plant → quantity. */
async function stockPage(loc: string, email = USER): Promise<Map<string, number>> {
  const url = (n: number) =>
    `/api/v2.0/PlantInventoryItems/${EMPTY_GUID}?plantLocation=${loc}&pageSize=250&pageNumber=${n}`;
  const first = await get(url(1), email);
  expect(first.statusCode, first.body).toBe(200);
  const lines = [...first.json().items] as Array<{
    itemNo: string;
    plantNo: string | null;
    quantity: number;
  }>;
  for (let n = 2; lines.length < first.json().total; n++)
    lines.push(...(await get(url(n), email)).json().items);
  return new Map(lines.map((l) => [`${l.itemNo}|${l.plantNo ?? ''}`, l.quantity]));
}

/** The fake's stock on a location, as item/plant → quantity. */
const fakeStock = (loc: string) =>
  new Map(
    fake.control
      .list('stockOnSite', { filter: `projectLocationNumber eq '${loc}'` })
      .map((r) => [`${r.itemNumber}|${r.plantNumber}`, Number(r.quantity)]),
  );

/** The stock invariants of decision 0014: inventory is the ledger's sum; a plant stands where its row says. */
async function expectStockConsistent() {
  expect(
    await count(sql`
      with inv as (select coalesce(location_id, depot_id) as place, item_id, plant_id, sum(quantity)::int as q
        from inventory group by 1, 2, 3),
      led as (select coalesce(location_id, depot_id) as place, item_id, plant_id, sum(quantity)::int as q
        from inventory_ledger group by 1, 2, 3)
      select count(*) as n from inv full join led on led.place = inv.place and led.item_id = inv.item_id
        and led.plant_id is not distinct from inv.plant_id
      where coalesce(inv.q, 0) <> coalesce(led.q, 0)`),
  ).toBe(0);
  expect(
    await count(sql`
      select count(*) as n from inventory i join plants p on p.id = i.plant_id
      where i.quantity > 0 and (i.quantity <> 1 or i.location_id is distinct from p.location_id
        and i.depot_id is distinct from p.depot_id)`),
  ).toBe(0);
  expect(
    await count(sql`
      select count(*) as n from plants p where num_nonnulls(p.location_id, p.depot_id) = 1
        and not exists (select 1 from inventory i where i.plant_id = p.id and i.quantity = 1
          and (i.location_id, i.depot_id) is not distinct from (p.location_id, p.depot_id))`),
  ).toBe(0);
}

const corrections = () => count(sql`select count(*) as n from inventory_ledger where kind = 'correction'`);

beforeAll(async () => {
  ({ fake, t } = await startConnectedApp());
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

describe('the sync ERP → portal of plants, stock on site, depots, work addresses and item links', () => {
  it('resumes a run of plants that failed halfway from its checkpoint: no plant twice, none lost', async () => {
    let requests = 0;
    const deps = {
      config: t.deps.config,
      db: t.database.db,
      loadSettings,
      clientOptions: {
        maxRetries: 0,
        pageSize: 100,
        // the fourth page fails: the first request is the high-water read, then pages 1–3 come in
        log: (e: { msg: string; path?: string }) => {
          if (e.msg === 'erp.request' && e.path?.endsWith('/plants') && ++requests === 4)
            fake.control.addFault({ kind: 'drop', path: '/plants', times: 1, afterRecords: 40 });
        },
      },
    };
    for (const entity of ['categories', 'items', 'depots', 'customers', 'projectLocations'] as const)
      expect((await syncEntity(deps, entity)).state).toBe('done');
    const before = await count(sql`select count(*) as n from plants`);
    const failed = await syncEntity(deps, 'plants');
    expect(failed).toMatchObject({ state: 'failed', pages: 3 });
    expect(await count(sql`select count(*) as n from plants where erp_id is not null`)).toBe(300);

    const resumed = await syncEntity(deps, 'plants');
    const total = fake.control.counts().plants;
    expect(resumed).toMatchObject({ state: 'done', error: null });
    expect(resumed.pages).toBe(Math.ceil(total / 100) - 3);
    expect(requests).toBe(4 + 1 + resumed.pages);
    expect(await count(sql`select count(*) as n from plants where erp_id is not null`)).toBe(total);
    expect(await count(sql`select count(distinct erp_id) as n from plants`)).toBe(total);
    // the demo's plants were adopted (same numbers), none doubled
    expect(await count(sql`select count(*) as n from plants`)).toBe(Math.max(before, total));
    await expectStockConsistent();
  });

  it('a full sync makes the portal hold what the ERP holds, adopting the demo’s rows', async () => {
    // the portal has stock the ERP does not list: the full sync takes it off
    const [unlisted] = fake.control.list('stockOnSite', {
      filter: `projectLocationNumber eq '${LOC}' and plantNumber eq ''`,
      top: 1,
    });
    fake.control.remove('stockOnSite', String(unlisted.id));
    const correctionsBefore = await corrections();
    const results = await sync([
      'categories',
      'items',
      'itemLinks',
      'depots',
      'customers',
      'projectLocations',
      'workAddresses',
      'plants',
      'stockOnSite',
      'inspections',
    ]);
    const erp = fake.control.counts();
    const tables: Array<[string, number]> = [
      ['depots', erp.locations],
      ['work_addresses', erp.workAddresses],
      ['item_links', erp.itemLinks],
      ['plants', erp.plants],
    ];
    for (const [table, n] of tables) {
      const keyed = await count(
        sql`select count(*) as n from ${sql.identifier(table)} where erp_id is not null`,
      );
      const all = await count(sql`select count(*) as n from ${sql.identifier(table)}`);
      expect([table, keyed, all]).toEqual([table, n, n]);
    }
    // stock on site: a row per ERP row, nothing else on the locations
    expect(
      await count(sql`select count(*) as n from inventory where erp_id is not null and quantity > 0`),
    ).toBe(erp.stockOnSite);
    expect(
      await count(sql`select count(*) as n from inventory where location_id is not null and quantity > 0`),
    ).toBe(erp.stockOnSite);
    // the demo is the fake's company: adopting it needed no correction but the one taking off what the ERP lacks
    expect(await corrections()).toBe(correctionsBefore + 1);
    expect(results.get('stockOnSite')).toMatchObject({ deleted: 1 });
    expect((await stockPage(LOC)).has(`${unlisted.itemNumber}|`)).toBe(false);
    await expectStockConsistent();
    // inspections of synced plants are no longer skipped
    expect(results.get('inspections')).toMatchObject({ skipped: 0 });
    expect(await count(sql`select count(*) as n from inspections where erp_id is not null`)).toBe(
      erp.inspections,
    );
    // the stock page shows the ERP's stock
    expect(await stockPage(LOC)).toEqual(fakeStock(LOC));
  });

  it('a change in the ERP shows after the delta: stock, a plant moved, a depot, a work address, an item link', async () => {
    fake.control.advanceClock(60_000);
    const [bulk] = fake.control.list('stockOnSite', {
      filter: `projectLocationNumber eq '${LOC}' and plantNumber eq ''`,
      top: 1,
    });
    fake.control.update('stockOnSite', String(bulk.id), { quantity: Number(bulk.quantity) + 3 });
    // a plant goes back to a depot: the plant changes, its stock row on the location disappears
    const [onSite] = fake.control.list('stockOnSite', {
      filter: `projectLocationNumber eq '${LOC}' and plantNumber ne ''`,
      top: 1,
    });
    const [plant] = fake.control.list('plants', { filter: `number eq '${onSite.plantNumber}'` });
    const [depot] = fake.control.list('locations', { top: 1 });
    fake.control.update('plants', String(plant.id), { projectLocationNumber: '', locationCode: depot.code });
    fake.control.remove('stockOnSite', String(onSite.id));
    fake.control.update('locations', String(depot.id), { displayName: 'Depot uit het ERP' });
    const [address] = fake.control.list('workAddresses', {
      filter: `projectLocationNumber eq '${LOC}'`,
      top: 1,
    });
    fake.control.update('workAddresses', String(address.id), { name: 'Poort 7 (ERP)' });
    const [link] = fake.control.list('itemLinks', { top: 1 });
    fake.control.update('itemLinks', String(link.id), { quantity: 7 });
    // an item that was not on the location arrives there
    const onLoc = fakeStock(LOC);
    const [arriving] = fake.control
      .list('items', { top: 50 })
      .filter(
        (i) => !onLoc.has(`${i.number}|`) && ![...onLoc.keys()].some((k) => k.startsWith(`${i.number}|`)),
      );
    fake.control.create('stockOnSite', {
      projectLocationNumber: LOC,
      itemNumber: arriving.number,
      plantNumber: '',
      quantity: 2,
      lastMovementDate: '2026-11-20',
    });

    const correctionsBefore = await corrections();
    const results = await sync([
      'itemLinks',
      'depots',
      'workAddresses',
      'plants',
      'stockOnSite',
      'deletions',
    ]);
    expect(results.get('stockOnSite')?.upserted).toBeGreaterThan(0);
    expect(await stockPage(LOC)).toEqual(fakeStock(LOC));
    expect((await stockPage(LOC)).has(`${onSite.itemNumber}|${onSite.plantNumber}`)).toBe(false);
    expect((await stockPage(LOC)).get(`${arriving.number}|`)).toBe(2);
    // the ledger tells why: +3 and +2 on the location, and the plant −1 there and +1 at the depot
    expect(await corrections()).toBe(correctionsBefore + 4);
    const [moved] = await rows<{ depot_no: string | null; location_id: string | null }>(sql`
      select d.depot_no, p.location_id from plants p left join depots d on d.id = p.depot_id
      where p.plant_no = ${String(onSite.plantNumber)}`);
    expect(moved).toEqual({ depot_no: depot.code, location_id: null });
    await expectStockConsistent();
    // the stock history shows the ERP's difference as a correction, and the balance the ERP has
    const history = await get(
      `/api/v2.0/PlantInventoryItems/${bulk.itemNumber}/history?plantLocation=${LOC}`,
    );
    expect(history.statusCode, history.body).toBe(200);
    const last = history.json().entries.at(-1);
    expect(last).toMatchObject({ kind: 'correction', quantity: 3, balance: Number(bulk.quantity) + 3 });
    expect(history.json().current).toBe(Number(bulk.quantity) + 3);

    const depots = await get('/api/v2.0/PlantLocations/depots/order');
    expect(depots.json().depots.map((d: { name: string }) => d.name)).toContain('Depot uit het ERP');
    const addresses = await get(`/api/v2.0/PlantLocations/${LOC}/addresses`);
    expect(addresses.json().addresses.map((a: { name: string }) => a.name)).toContain('Poort 7 (ERP)');
    expect(await count(sql`select amount as n from item_links where erp_id = ${String(link.id)}::uuid`)).toBe(
      7,
    );
  });

  it('a deletion in the ERP reaches the portal: stock taken off, a work address and a link deleted, a named depot or plant retired', async () => {
    fake.control.advanceClock(60_000);
    const [bulk] = fake.control.list('stockOnSite', {
      filter: `projectLocationNumber eq '${LOC}' and plantNumber eq ''`,
      top: 1,
    });
    fake.control.remove('stockOnSite', String(bulk.id));
    const [address] = fake.control.list('workAddresses', {
      filter: `projectLocationNumber eq '${LOC}'`,
      top: 1,
    });
    fake.control.remove('workAddresses', String(address.id));
    const [link] = fake.control.list('itemLinks', { top: 1 });
    fake.control.remove('itemLinks', String(link.id));
    const depots = fake.control.list('locations', {});
    const depot = depots[depots.length - 1];
    fake.control.remove('locations', String(depot.id));
    const [plant] = fake.control.list('plants', { top: 1 });
    fake.control.remove('plants', String(plant.id));

    const results = await sync(['deletions']);
    expect(results.get('deletions')?.deleted).toBe(5);
    expect((await stockPage(LOC)).has(`${bulk.itemNumber}|`)).toBe(false);
    expect(await stockPage(LOC)).toEqual(fakeStock(LOC));
    await expectStockConsistent();
    const addresses = (await get(`/api/v2.0/PlantLocations/${LOC}/addresses`)).json().addresses;
    expect(addresses.map((a: { code: string }) => a.code)).not.toContain(address.code);
    expect(
      await count(sql`select count(*) as n from item_links where erp_id = ${String(link.id)}::uuid`),
    ).toBe(0);
    // the depot and the plant are named by the history: retired, not deleted
    const offered = (await get('/api/v2.0/PlantLocations/depots/order')).json().depots;
    expect(offered.map((d: { depotNo: string }) => d.depotNo)).not.toContain(depot.code);
    expect(await count(sql`select count(*) as n from depots where depot_no = ${String(depot.code)}`)).toBe(1);
    const [retired] = await rows<{ status: string }>(
      sql`select status from plants where plant_no = ${String(plant.number)}`,
    );
    expect(retired).toEqual({ status: 'retired' });
  });

  it('an inspection of a plant the portal lacks waits for the plants; of a plant the ERP lacks it is skipped', async () => {
    fake.control.advanceClock(60_000);
    const [item] = fake.control.list('items', { top: 1, filter: "number eq 'AG-1001'" });
    const inspect = (plantNumber: string) =>
      fake.control.create('inspections', {
        plantNumber,
        inspectionDate: '2026-11-02',
        result: 'Approved',
        nextInspectionDate: '2027-11-02',
        inspector: 'ERP',
      });
    fake.control.create('plants', { number: 'AG-1001-901', itemNumber: item.number, locationCode: '' });
    const kept = inspect('AG-1001-901');
    const gone = fake.control.create('plants', { number: 'AG-1001-902', itemNumber: item.number });
    inspect('AG-1001-902');
    fake.control.remove('plants', String(gone.id));

    const waiting = await t.app.inject({
      method: 'POST',
      url: '/api/v2.0/Erp/sync',
      headers: { ...(await t.auth(ADMIN)), 'accept-language': 'nl-NL' },
      payload: { entities: ['inspections'] },
    });
    expect(waiting.json().results[0]).toMatchObject({ state: 'failed', errorCode: 'erp.sync.wacht_op' });
    expect(waiting.json().results[0].errorMessage).toContain('AG-1001-901');
    expect(waiting.json().results[0].errorMessage).not.toContain('AG-1001-902');

    const results = await sync(['plants', 'inspections']);
    expect(results.get('inspections')).toMatchObject({ skipped: 1 });
    expect(
      await count(sql`select count(*) as n from inspections i join plants p on p.id = i.plant_id
        where p.plant_no = 'AG-1001-901' and i.erp_id = ${String(kept.id)}::uuid`),
    ).toBe(1);
    expect(await count(sql`select count(*) as n from plants where plant_no = 'AG-1001-902'`)).toBe(0);
  });

  it('a plant at a depot the portal does not have yet waits for the depots; then it stands there', async () => {
    fake.control.advanceClock(60_000);
    fake.control.create('locations', { code: 'DEPOT-NIEUW', displayName: 'Nieuw depot' });
    fake.control.create('plants', {
      number: 'AG-1001-903',
      itemNumber: 'AG-1001',
      locationCode: 'DEPOT-NIEUW',
    });
    const waiting = await t.app.inject({
      method: 'POST',
      url: '/api/v2.0/Erp/sync',
      headers: { ...(await t.auth(ADMIN)), 'accept-language': 'en-US' },
      payload: { entities: ['plants'] },
    });
    expect(waiting.json().results[0]).toMatchObject({ state: 'failed', errorCode: 'erp.sync.wacht_op' });
    expect(waiting.json().results[0].errorMessage).toContain('DEPOT-NIEUW');
    expect(await count(sql`select count(*) as n from plants where plant_no = 'AG-1001-903'`)).toBe(0);

    await sync(['depots', 'plants']);
    const [placed] = await rows<{ depot_no: string; quantity: number }>(sql`
      select d.depot_no, i.quantity from plants p join depots d on d.id = p.depot_id
        join inventory i on i.plant_id = p.id and i.depot_id = d.id
      where p.plant_no = 'AG-1001-903'`);
    expect(placed).toEqual({ depot_no: 'DEPOT-NIEUW', quantity: 1 });
    await expectStockConsistent();
  });

  it('the stock pages keep their access: a foreign location 404, anonymous 401, the sync 403 for users', async () => {
    expect(
      (await get(`/api/v2.0/PlantInventoryItems/${EMPTY_GUID}?plantLocation=${FOREIGN_LOC}`)).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ url: `/api/v2.0/PlantInventoryItems/${EMPTY_GUID}?plantLocation=${LOC}` }))
        .statusCode,
    ).toBe(401);
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/v2.0/Erp/sync',
      headers: await t.auth(USER),
      payload: { entities: ['plants', 'stockOnSite'] },
    });
    expect(r.statusCode).toBe(403);
  });
});
