import { EMPTY_GUID } from '@mp/contract/api/catalogue';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  COLLEAGUE,
  FOREIGN_LOC,
  LOC,
  LOC2,
  locationId,
  READONLY,
  setSetting,
  USER,
} from '../order-lists/ordering.test-support.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const stockUrl = (loc: string, q = '', category = EMPTY_GUID) =>
  `/api/v2.0/PlantInventoryItems/${category}?plantLocation=${loc}${q}`;

async function get(url: string, email = USER) {
  return t.app.inject({ url, headers: await t.auth(email) });
}

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return (await t.database.db.execute(query)).rows as T[];
}

/** Every line of the location's stock (all pages). */
async function allLines(loc: string, email = USER) {
  const r = await get(stockUrl(loc, '&pageSize=250'), email);
  expect(r.statusCode).toBe(200);
  const first = r.json();
  const items = [...first.items];
  for (let n = 2; items.length < first.total; n++) {
    items.push(...(await get(stockUrl(loc, `&pageSize=250&pageNumber=${n}`), email)).json().items);
  }
  return { page: first, items };
}

async function removalPost(loc: string, body: unknown, email = USER) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v2.0/RemovalLists/${loc}`,
    payload: body as object,
    headers: await t.auth(email),
  });
}

describe('stock consistency over the demo data', () => {
  it('for every place and item, inventory equals the sum of the ledger', async () => {
    const diff = await rows<{ n: number }>(sql`
      with inv as (
        select coalesce(location_id, depot_id) as place, item_id, sum(quantity)::int as q from inventory group by 1, 2
      ), led as (
        select coalesce(location_id, depot_id) as place, item_id, sum(quantity)::int as q from inventory_ledger group by 1, 2
      )
      select count(*)::int as n from inv full join led using (place, item_id)
      where coalesce(inv.q, 0) <> coalesce(led.q, 0)`);
    expect(diff[0].n).toBe(0);
  });

  it("the stock endpoint's lines and totals equal the SQL sums of every location of the user", async () => {
    for (const loc of [LOC, LOC2]) {
      const id = await locationId(t, loc);
      const [sums] = await rows<{ lines: number; quantity: number }>(sql`
        select count(*)::int as lines, coalesce(sum(quantity), 0)::int as quantity
        from inventory where location_id = ${id} and quantity > 0`);
      const { page, items } = await allLines(loc);
      expect(page.total).toBe(sums.lines);
      expect(page.totalQuantity).toBe(sums.quantity);
      expect(items.reduce((n: number, l: { quantity: number }) => n + l.quantity, 0)).toBe(sums.quantity);
      expect(sums.lines).toBeGreaterThan(0);
    }
  });
});

describe('GET PlantInventoryItems/{id}', () => {
  it('answers bulk lines and numbered plants with stay, rent, inspection and removal-list amounts', async () => {
    const { page, items } = await allLines(LOC);
    expect(page).toMatchObject({
      locationNo: LOC,
      pageNumber: 1,
      pageSize: 250,
      canRemove: true,
      bulkReturn: true,
    });
    const plant = items.find((l: { plantNo: string | null }) => l.plantNo);
    const bulk = items.find((l: { plantNo: string | null }) => !l.plantNo);
    expect(plant).toMatchObject({ quantity: 1 });
    expect(bulk.quantity).toBeGreaterThan(0);
    for (const l of items) {
      expect(l.daysOnSite).toBeGreaterThanOrEqual(1);
      expect(l.onSiteSince).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    // Plants with inspections carry a due date and a colour; the demo data cycles every level.
    const levels = new Set(items.map((l: { inspectionLevel: string | null }) => l.inspectionLevel));
    expect(levels).toContain('danger');
    expect(levels).toContain('warning');
    // The seeded removal list of USER on P-24001 shows as the caller's amounts.
    expect(items.filter((l: { onMyRemovalList: number }) => l.onMyRemovalList > 0).length).toBe(3);
    // The internal user without ShowPriceInternalPrices sees no prices (the catalogue's rule).
    expect(items.every((l: { dayPrice: string | null }) => l.dayPrice === null)).toBe(true);
  });

  it('shows rent to a user who sees prices: per day and week of the whole line', async () => {
    await setSetting(t, 'ShowPriceInternalPrices', true);
    try {
      const { items } = await allLines(LOC);
      const rented = items.find(
        (l: { rentalType: string; dayPrice: string | null; quantity: number }) =>
          l.rentalType === 'Verhuur' && l.dayPrice !== null && l.quantity > 1,
      );
      expect(rented).toBeDefined();
      expect(Number(rented.lineDayRent)).toBeCloseTo(Number(rented.dayPrice) * rented.quantity, 2);
    } finally {
      await setSetting(t, 'ShowPriceInternalPrices', false);
    }
  });

  it('sorts, filters by text and by category, and pages', async () => {
    const desc = (await get(stockUrl(LOC, '&sortBy=quantityDesc'))).json().items as Array<{
      quantity: number;
    }>;
    for (let i = 1; i < desc.length; i++)
      expect(desc[i - 1].quantity).toBeGreaterThanOrEqual(desc[i].quantity);
    const byDesc = (await get(stockUrl(LOC, '&sortBy=description&pageSize=250'))).json().items as Array<{
      description: string;
    }>;
    const names = byDesc.map((l) => l.description);
    expect(names).toEqual(
      [...names].sort((a, b) => a.localeCompare(b, 'nl', { numeric: true, sensitivity: 'base' })),
    );

    const { page, items } = await allLines(LOC);
    const plant = items.find((l: { plantNo: string | null }) => l.plantNo);
    const found = (await get(stockUrl(LOC, `&query=${encodeURIComponent(plant.plantNo)}`))).json();
    expect(found.items.map((l: { plantNo: string }) => l.plantNo)).toEqual([plant.plantNo]);

    const category = page.categories[0];
    const inCategory = (await get(stockUrl(LOC, '&pageSize=250', category.id))).json();
    expect(inCategory.total).toBe(category.lines);
    expect(inCategory.items.every((l: { categoryId: string }) => l.categoryId === category.id)).toBe(true);

    const small = (await get(stockUrl(LOC, '&pageSize=50&pageNumber=1'))).json();
    expect(small.items.length).toBe(Math.min(50, page.total));
  });

  it('bad input answers 400 naming the field', async () => {
    const sort = await get(stockUrl(LOC, '&sortBy=bogus'));
    expect(sort.statusCode).toBe(400);
    expect(sort.json().details.fields).toHaveProperty('sortBy');
    const size = await get(stockUrl(LOC, '&pageSize=7'));
    expect(size.statusCode).toBe(400);
    expect(size.json().details.fields).toHaveProperty('pageSize');
    const missing = await get(`/api/v2.0/PlantInventoryItems/${EMPTY_GUID}`);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details.fields).toHaveProperty('plantLocation');
    const id = await get(stockUrl(LOC, '', 'not-a-guid'));
    expect(id.statusCode).toBe(400);
    expect(id.json().details.fields).toHaveProperty('id');
  });

  it('a foreign location answers 404 like an unknown one; anonymous 401', async () => {
    const foreign = await get(stockUrl(FOREIGN_LOC));
    const unknown = await get(stockUrl('P-99999'));
    expect(foreign.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    expect(foreign.json().code).toBe(unknown.json().code);
    expect((await t.app.inject({ url: stockUrl(LOC) })).statusCode).toBe(401);
  });

  it('the read-only role reads the stock but is offered no removal', async () => {
    const r = await get(stockUrl(LOC), READONLY);
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ canRemove: false, bulkReturn: false });
    expect(r.json().items.every((l: { availableForRemoval: number }) => l.availableForRemoval === 0)).toBe(
      true,
    );
  });

  it('MaterieelvoorraadKeuringsdatum*Days colour the due dates', async () => {
    await setSetting(t, 'MaterieelvoorraadKeuringsdatumDangerDays', 365);
    try {
      const { items } = await allLines(LOC);
      const dated = items.filter((l: { nextInspection: string | null }) => l.nextInspection);
      expect(dated.length).toBeGreaterThan(0);
      expect(dated.every((l: { inspectionLevel: string }) => l.inspectionLevel === 'danger')).toBe(true);
    } finally {
      await setSetting(t, 'MaterieelvoorraadKeuringsdatumDangerDays', 7);
    }
    await setSetting(t, 'MaterieelvoorraadKeuringsdatumInfoDays', 0);
    await setSetting(t, 'MaterieelvoorraadKeuringsdatumWarningDays', 0);
    await setSetting(t, 'MaterieelvoorraadKeuringsdatumDangerDays', 0);
    try {
      const { items } = await allLines(LOC);
      const levels = new Set(items.map((l: { inspectionLevel: string | null }) => l.inspectionLevel));
      expect(levels).not.toContain('info');
      expect(levels).not.toContain('warning');
      expect(levels).toContain('ok');
    } finally {
      await setSetting(t, 'MaterieelvoorraadKeuringsdatumInfoDays', 60);
      await setSetting(t, 'MaterieelvoorraadKeuringsdatumWarningDays', 30);
      await setSetting(t, 'MaterieelvoorraadKeuringsdatumDangerDays', 7);
    }
  });

  it('MaterieelVoorraad_ToonExternMaterieelKeuringsDatum: a hired-in plant shows its inspection only when on', async () => {
    const id = await locationId(t, LOC);
    const [plant] = await rows<{ id: string; plantNo: string; itemNo: string }>(sql`
      select p.id, p.plant_no as "plantNo", i.item_no as "itemNo" from plants p join items i on i.id = p.item_id
      where p.location_id = ${id} and exists (select 1 from inspections x where x.plant_id = p.id)
      order by p.plant_no limit 1`);
    const line = async () =>
      (await allLines(LOC)).items.find((l: { plantNo: string | null }) => l.plantNo === plant.plantNo);
    const piece = async () =>
      (
        await get(
          `/api/v2.0/PlantInventoryItems/${encodeURIComponent(plant.itemNo)}/plants/${encodeURIComponent(plant.plantNo)}?plantLocation=${LOC}`,
        )
      ).json();
    const ours = await line();
    expect(ours).toMatchObject({ external: false });
    expect(ours.nextInspection).not.toBeNull();
    await t.database.db.execute(sql`update plants set external = true where id = ${plant.id}`);
    try {
      expect(await line()).toMatchObject({ external: true, nextInspection: null, inspectionLevel: null });
      expect(await piece()).toMatchObject({ external: true, nextInspection: null });
      await setSetting(t, 'MaterieelVoorraad_ToonExternMaterieelKeuringsDatum', true);
      expect(await line()).toMatchObject({ external: true, nextInspection: ours.nextInspection });
      expect((await piece()).nextInspection).toBe(ours.nextInspection);
    } finally {
      await setSetting(t, 'MaterieelVoorraad_ToonExternMaterieelKeuringsDatum', false);
      await t.database.db.execute(sql`update plants set external = false where id = ${plant.id}`);
    }
  });

  it('CheckVoorraadAanwezig and ToonVoorraad (legacy)', async () => {
    const headers = await t.auth(USER);
    const check = await t.app.inject({
      method: 'POST',
      url: '/api/MaterieelVoorraad/CheckVoorraadAanwezig',
      payload: { materieelLocatieNr: LOC },
      headers,
    });
    expect(check.statusCode).toBe(200);
    const { page } = await allLines(LOC);
    expect(check.json()).toMatchObject({ aanwezig: true, aantal: page.totalQuantity });
    const toon = await t.app.inject({
      method: 'POST',
      url: '/api/MaterieelVoorraad/ToonVoorraad',
      payload: { materieelLocatieNr: LOC },
      headers,
    });
    expect(toon.statusCode).toBe(200);
    expect(toon.json().materielen).toHaveLength(page.total);
    expect(toon.json().materielen[0]).toHaveProperty('materieelSoort');
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/MaterieelVoorraad/ToonVoorraad',
      payload: { materieelLocatieNr: FOREIGN_LOC },
      headers,
    });
    expect(foreign.statusCode).toBe(404);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/MaterieelVoorraad/ToonVoorraad',
      payload: {},
      headers,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.fields).toHaveProperty('materieelLocatieNr');
  });
});

describe('the stock read kept per process (stock.cache.ts) follows every change', () => {
  it('a delivery, an inspection and a colleague’s removal line show on the next read', async () => {
    const id = await locationId(t, LOC);
    const byKey = async () =>
      new Map((await allLines(LOC)).items.map((l: { key: string }) => [l.key, l] as const)) as Map<
        string,
        Record<string, unknown>
      >;
    const before = await byKey();
    const [bulk] = await rows<{ itemId: string; itemNo: string; quantity: number }>(sql`
      select inv.item_id as "itemId", i.item_no as "itemNo", inv.quantity from inventory inv
      join items i on i.id = inv.item_id
      where inv.location_id = ${id} and inv.plant_id is null and inv.quantity > 0 order by i.item_no limit 1`);
    const [plant] = await rows<{ plantId: string; key: string }>(sql`
      select p.id as "plantId", i.item_no || '/' || p.plant_no as key from plants p
      join items i on i.id = p.item_id where p.location_id = ${id} order by p.plant_no limit 1`);
    expect(before.get(bulk.itemNo)?.quantity).toBe(bulk.quantity);

    // A delivery of 5 (ledger and inventory in one transaction, as the order flow writes them).
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into inventory_ledger (entry_date, location_id, item_id, quantity, kind)
        values (current_date, ${id}, ${bulk.itemId}, 5, 'delivery')`);
      await tx.execute(sql`update inventory set quantity = quantity + 5
        where location_id = ${id} and item_id = ${bulk.itemId} and plant_id is null`);
    });
    // An inspection of the plant, due in three years.
    await t.database.db.execute(sql`insert into inspections (plant_id, inspected_on, result, next_due_date)
      values (${plant.plantId}, current_date, 'approved', current_date + 1095)`);
    try {
      const after = await byKey();
      expect(after.get(bulk.itemNo)?.quantity).toBe(bulk.quantity + 5);
      expect(after.get(plant.key)?.inspectionLevel).toBe('ok');
      const history = await get(
        `/api/v2.0/PlantInventoryItems/${encodeURIComponent(bulk.itemNo)}/history?plantLocation=${LOC}`,
      );
      expect(history.json().current).toBe(bulk.quantity + 5);

      // A colleague's removal line: their amount shows as theirs, not the caller's (the setting is on by default).
      const put = await removalPost(LOC, { lines: [{ itemNo: bulk.itemNo, amount: 2 }] }, COLLEAGUE);
      expect(put.statusCode).toBe(200);
      const listed = (await byKey()).get(bulk.itemNo);
      expect(listed?.onOtherRemovalLists).toBe(2);
      expect(listed?.availableForRemoval).toBe(bulk.quantity + 5 - 2);
    } finally {
      await t.database.db.execute(sql`delete from removal_list_lines where location_id = ${id}
        and item_id = ${bulk.itemId} and plant_id is null
        and removal_list_id in (select rl.id from removal_lists rl join users u on u.id = rl.user_id
          where u.email = ${COLLEAGUE})`);
      await t.database.db.execute(sql`delete from inspections where plant_id = ${plant.plantId}
        and inspected_on = current_date and next_due_date = current_date + 1095`);
      await t.database.db.transaction(async (tx) => {
        await tx.execute(sql`delete from inventory_ledger where location_id = ${id} and item_id = ${bulk.itemId}
          and kind = 'delivery' and quantity = 5 and entry_date = current_date`);
        await tx.execute(sql`update inventory set quantity = quantity - 5
          where location_id = ${id} and item_id = ${bulk.itemId} and plant_id is null`);
      });
    }
    const restored = await byKey();
    expect(restored.get(bulk.itemNo)?.quantity).toBe(bulk.quantity);
    expect(restored.get(plant.key)?.nextInspection).toBe(before.get(plant.key)?.nextInspection);
  });
});

describe('one plant and the stock history', () => {
  async function aPlant() {
    const { items } = await allLines(LOC);
    return items.find(
      (l: { plantNo: string | null; nextInspection: string | null }) => l.plantNo && l.nextInspection,
    );
  }

  it('a plant on site: serial, build year, inspections with a downloadable certificate, its history', async () => {
    const id = await locationId(t, LOC);
    const [withCert] = await rows<{ itemNo: string; plantNo: string }>(sql`
      select i.item_no as "itemNo", p.plant_no as "plantNo" from plants p join items i on i.id = p.item_id
      where p.location_id = ${id} and exists (select 1 from inspections x where x.plant_id = p.id and x.certificate_file_id is not null)
      order by p.plant_no limit 1`);
    const r = await get(
      `/api/v2.0/PlantInventoryItems/${withCert.itemNo}/plants/${withCert.plantNo}?plantLocation=${LOC}`,
    );
    expect(r.statusCode).toBe(200);
    const d = r.json();
    expect(d).toMatchObject({
      plantNo: withCert.plantNo,
      itemNo: withCert.itemNo,
      locationNo: LOC,
      onSite: true,
    });
    expect(d.inspections.length).toBeGreaterThan(0);
    const cert = d.inspections.find((i: { certificateDocumentId: string | null }) => i.certificateDocumentId);
    const file = await get(`/api/v2.0/Documents/${cert.certificateDocumentId}/content`);
    expect(file.statusCode).toBe(200);
    expect(d.history.at(-1).balance).toBe(1);
    // The read-only role reads the piece too, but may not put it on a list.
    const ro = await get(
      `/api/v2.0/PlantInventoryItems/${withCert.itemNo}/plants/${withCert.plantNo}?plantLocation=${LOC}`,
      READONLY,
    );
    expect(ro.statusCode).toBe(200);
    expect(ro.json()).toMatchObject({ canRemove: false, availableForRemoval: 0 });
  });

  it('a plant of another location, or of another item, answers 404', async () => {
    const foreignId = await locationId(t, FOREIGN_LOC);
    const [foreign] = await rows<{ itemNo: string; plantNo: string }>(sql`
      select i.item_no as "itemNo", p.plant_no as "plantNo" from plants p join items i on i.id = p.item_id
      where p.location_id = ${foreignId} limit 1`);
    expect(
      (
        await get(
          `/api/v2.0/PlantInventoryItems/${foreign.itemNo}/plants/${foreign.plantNo}?plantLocation=${LOC}`,
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await get(
          `/api/v2.0/PlantInventoryItems/${foreign.itemNo}/plants/${foreign.plantNo}?plantLocation=${FOREIGN_LOC}`,
        )
      ).statusCode,
    ).toBe(404);
    const plant = await aPlant();
    expect(
      (await get(`/api/v2.0/PlantInventoryItems/NOT-IT/plants/${plant.plantNo}?plantLocation=${LOC}`))
        .statusCode,
    ).toBe(404);
  });

  it('the history of a bulk item ends at what is on site, with kinds and orders', async () => {
    const { items } = await allLines(LOC);
    const bulk = items.find((l: { plantNo: string | null }) => !l.plantNo);
    const r = await get(`/api/v2.0/PlantInventoryItems/${bulk.itemNo}/history?plantLocation=${LOC}`);
    expect(r.statusCode).toBe(200);
    const h = r.json();
    const onSite = items
      .filter((l: { itemNo: string }) => l.itemNo === bulk.itemNo)
      .reduce((n: number, l: { quantity: number }) => n + l.quantity, 0);
    expect(h.current).toBe(onSite);
    expect(h.entries.at(-1).balance).toBe(onSite);
    expect(h.entries.some((e: { orderNo: string | null }) => e.orderNo)).toBe(true);
    expect(h.showsEmptyPeriods).toBe(false);
    const legacy = await t.app.inject({
      method: 'POST',
      url: '/api/MaterieelVoorraad/VoorraadVerloop',
      payload: { materieelLocatieNr: LOC, materieelSoort: bulk.itemNo },
      headers: await t.auth(USER),
    });
    expect(legacy.statusCode).toBe(200);
    expect(legacy.json().verloop).toHaveLength(h.entries.length);
    expect(
      (await get(`/api/v2.0/PlantInventoryItems/${bulk.itemNo}/history?plantLocation=${FOREIGN_LOC}`))
        .statusCode,
    ).toBe(404);
    const bad = await get(`/api/v2.0/PlantInventoryItems/${bulk.itemNo}/history`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.fields).toHaveProperty('plantLocation');
  });

  it('Materieelvoorraad_ToonVoorraadVerloop_LegeVoorraad: empty periods and items gone from site', async () => {
    // An item whose balance on some location of USER went back to 0 at some point.
    const ids = await Promise.all([LOC, LOC2, 'P-24003', 'P-24004'].map((l) => locationId(t, l)));
    const [gone] = await rows<{ itemNo: string; locationNo: string; now: number }>(sql`
      with b as (
        select l.location_id, l.item_id,
          sum(l.quantity) over (partition by l.location_id, l.item_id order by l.entry_date, l.created_at, l.id) as bal
        from inventory_ledger l where l.location_id = any(${sql.param(ids)}::uuid[]) and l.plant_id is null
      )
      select i.item_no as "itemNo", pl.location_no as "locationNo",
        coalesce((select sum(quantity) from inventory v where v.location_id = b.location_id and v.item_id = b.item_id), 0)::int as now
      from b join items i on i.id = b.item_id join plant_locations pl on pl.id = b.location_id
      where b.bal = 0 group by 1, 2, b.location_id, b.item_id order by 3, 1 limit 1`);
    expect(gone).toBeDefined();
    const url = `/api/v2.0/PlantInventoryItems/${gone.itemNo}/history?plantLocation=${gone.locationNo}`;
    // gone from site now: without the setting its history is not shown
    expect(gone.now).toBe(0);
    const off = await get(url);
    expect(off.statusCode).toBe(404);
    expect(off.json().code).toBe('error.geen_voorraad');
    await setSetting(t, 'Materieelvoorraad_ToonVoorraadVerloop_LegeVoorraad', true);
    try {
      const on = await get(url);
      expect(on.statusCode).toBe(200);
      expect(on.json().showsEmptyPeriods).toBe(true);
      expect(on.json().entries.some((e: { kind: string }) => e.kind === 'empty')).toBe(true);
    } finally {
      await setSetting(t, 'Materieelvoorraad_ToonVoorraadVerloop_LegeVoorraad', false);
    }
  });
});

describe('removal list: GET and POST RemovalLists/{plantLocation}', () => {
  it('GET answers the caller’s lines and count (the main bar badge); foreign 404', async () => {
    const r = await get(`/api/v2.0/RemovalLists/${LOC}`);
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ locationNo: LOC, count: 3 });
    expect(r.json().lines).toHaveLength(3);
    expect((await get(`/api/v2.0/RemovalLists/${LOC2}`)).json()).toMatchObject({ count: 0, lines: [] });
    expect((await get(`/api/v2.0/RemovalLists/${FOREIGN_LOC}`)).statusCode).toBe(404);
    expect((await get(`/api/v2.0/RemovalLists/${LOC}`, READONLY)).statusCode).toBe(200);
  });

  it('puts a line on the list with an amount up to what is available; more is refused naming the line', async () => {
    const { items } = await allLines(LOC2);
    const bulk = items.find(
      (l: { plantNo: string | null; quantity: number }) => !l.plantNo && l.quantity > 1,
    );
    const ok = await removalPost(LOC2, {
      lines: [{ itemNo: bulk.itemNo, amount: bulk.quantity - 1, comment: 'bij de poort' }],
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().count).toBe(1);
    expect(ok.json().lines[0]).toMatchObject({
      itemNo: bulk.itemNo,
      returnAmount: bulk.quantity - 1,
      comment: 'bij de poort',
    });
    // A second put sets the amount (not adds): the full quantity is allowed.
    const again = await removalPost(LOC2, { lines: [{ itemNo: bulk.itemNo, amount: bulk.quantity }] });
    expect(again.statusCode).toBe(200);
    expect(again.json().lines[0]).toMatchObject({ returnAmount: bulk.quantity, comment: 'bij de poort' });
    const tooMuch = await removalPost(LOC2, { lines: [{ itemNo: bulk.itemNo, amount: bulk.quantity + 1 }] });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().code).toBe('error.onvoldoende_voorraad');
    expect(tooMuch.json().details.lines[0]).toMatchObject({ itemNo: bulk.itemNo, available: bulk.quantity });
    const line = (await get(stockUrl(LOC2, `&query=${bulk.itemNo}`)))
      .json()
      .items.find((l: { plantNo: string | null }) => !l.plantNo);
    expect(line.onMyRemovalList).toBe(bulk.quantity);
  });

  it('bad input answers 400 naming the field; an item not on site 422', async () => {
    const zero = await removalPost(LOC2, { lines: [{ itemNo: 'X', amount: 0 }] });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().details.fields).toHaveProperty(['lines.0.amount']);
    const empty = await removalPost(LOC2, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().details.fields).toHaveProperty('lines');
    const unknown = await removalPost(LOC2, { lines: [{ itemNo: 'NIET-BESTAAND', amount: 1 }] });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().code).toBe('error.onbekend_materieel');
  });

  it('a foreign location answers 404; the read-only role 403', async () => {
    const { items } = await allLines(LOC);
    const bulk = items.find((l: { plantNo: string | null }) => !l.plantNo);
    expect((await removalPost(FOREIGN_LOC, { lines: [{ itemNo: bulk.itemNo, amount: 1 }] })).statusCode).toBe(
      404,
    );
    const ro = await removalPost(LOC, { lines: [{ itemNo: bulk.itemNo, amount: 1 }] }, READONLY);
    expect(ro.statusCode).toBe(403);
    expect(ro.json().code).toBe('error.alleen_lezen');
  });

  it('Materieelvoorraad_AantalBeschikbaarCheckAfvoerlijstAlleGebruikers counts what colleagues listed', async () => {
    const { items } = await allLines('P-24003');
    const bulk = items.find(
      (l: { plantNo: string | null; quantity: number }) => !l.plantNo && l.quantity > 1,
    );
    const colleague = await removalPost(
      'P-24003',
      { lines: [{ itemNo: bulk.itemNo, amount: 1 }] },
      COLLEAGUE,
    );
    expect(colleague.statusCode).toBe(200);
    const line = async () =>
      (await get(stockUrl('P-24003', `&query=${bulk.itemNo}`)))
        .json()
        .items.find(
          (l: { plantNo: string | null; itemNo: string }) => !l.plantNo && l.itemNo === bulk.itemNo,
        );
    expect(await line()).toMatchObject({ onOtherRemovalLists: 1, availableForRemoval: bulk.quantity - 1 });
    expect(
      (await removalPost('P-24003', { lines: [{ itemNo: bulk.itemNo, amount: bulk.quantity }] })).statusCode,
    ).toBe(422);
    await setSetting(t, 'Materieelvoorraad_AantalBeschikbaarCheckAfvoerlijstAlleGebruikers', false);
    try {
      expect(await line()).toMatchObject({ onOtherRemovalLists: 0, availableForRemoval: bulk.quantity });
      expect(
        (await removalPost('P-24003', { lines: [{ itemNo: bulk.itemNo, amount: bulk.quantity }] }))
          .statusCode,
      ).toBe(200);
    } finally {
      await setSetting(t, 'Materieelvoorraad_AantalBeschikbaarCheckAfvoerlijstAlleGebruikers', true);
    }
  });

  it('no over-allocation under concurrency: two users racing for the whole stock, one wins', async () => {
    const { items } = await allLines('P-24004');
    const bulk = items.find(
      (l: {
        plantNo: string | null;
        quantity: number;
        onOtherRemovalLists: number;
        onMyRemovalList: number;
      }) => !l.plantNo && l.quantity > 1 && l.onOtherRemovalLists === 0 && l.onMyRemovalList === 0,
    );
    const body = { lines: [{ itemNo: bulk.itemNo, amount: bulk.quantity }] };
    const results = await Promise.all([
      removalPost('P-24004', body, USER),
      removalPost('P-24004', body, COLLEAGUE),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    const id = await locationId(t, 'P-24004');
    const [listed] = await rows<{ n: number }>(sql`
      select coalesce(sum(l.return_amount), 0)::int as n from removal_list_lines l join items i on i.id = l.item_id
      where l.location_id = ${id} and i.item_no = ${bulk.itemNo} and l.plant_id is null`);
    expect(listed.n).toBe(bulk.quantity);
  });

  it('MaterieelvoorraadBulkTerugsturenEnabled: "return all" and several lines only when on', async () => {
    const { items } = await allLines(LOC2);
    const two = items.filter((l: { availableForRemoval: number }) => l.availableForRemoval > 0).slice(0, 2);
    const lines = two.map((l: { itemNo: string; plantNo: string | null }) => ({
      itemNo: l.itemNo,
      plantNo: l.plantNo ?? undefined,
      amount: 1,
    }));
    await setSetting(t, 'MaterieelvoorraadBulkTerugsturenEnabled', false);
    try {
      expect((await get(stockUrl(LOC2))).json().bulkReturn).toBe(false);
      expect((await removalPost(LOC2, { lines })).statusCode).toBe(422);
      expect((await removalPost(LOC2, { all: true })).statusCode).toBe(422);
      expect((await removalPost(LOC2, { lines: [lines[0]] })).statusCode).toBe(200);
    } finally {
      await setSetting(t, 'MaterieelvoorraadBulkTerugsturenEnabled', true);
    }
    const all = await removalPost(LOC2, { all: true });
    expect(all.statusCode).toBe(200);
    const after = await allLines(LOC2);
    expect(all.json().count).toBe(after.items.length);
    expect(
      after.items.every(
        (l: { availableForRemoval: number; quantity: number; onMyRemovalList: number }) =>
          l.onMyRemovalList === l.availableForRemoval,
      ),
    ).toBe(true);
  });

  it('Materieelvoorraad_NietMeerAfvoeren: nothing offered, writes refused', async () => {
    await setSetting(t, 'Materieelvoorraad_NietMeerAfvoeren', true);
    try {
      const page = (await get(stockUrl(LOC))).json();
      expect(page.canRemove).toBe(false);
      expect(page.items.every((l: { availableForRemoval: number }) => l.availableForRemoval === 0)).toBe(
        true,
      );
      const bulk = page.items.find((l: { plantNo: string | null }) => !l.plantNo);
      const r = await removalPost(LOC, { lines: [{ itemNo: bulk.itemNo, amount: 1 }] });
      expect(r.statusCode).toBe(422);
      expect(r.json().code).toBe('Materieelvoorraad.alleen_inzage');
    } finally {
      await setSetting(t, 'Materieelvoorraad_NietMeerAfvoeren', false);
    }
  });

  it('legacy Afvoerlijst/GetAfvoerlijst and AddToAfvoerlijst', async () => {
    const headers = await t.auth(USER);
    const { items } = await allLines(LOC);
    const plant = items.find(
      (l: { plantNo: string | null; onMyRemovalList: number; availableForRemoval: number }) =>
        l.plantNo && l.onMyRemovalList === 0 && l.availableForRemoval === 1,
    );
    const add = await t.app.inject({
      method: 'POST',
      url: '/api/Afvoerlijst/AddToAfvoerlijst',
      payload: {
        materieelLocatieNr: LOC,
        afvoerlijstItems: [{ materieelSoort: plant.itemNo, materieelNummer: plant.plantNo, retourAantal: 1 }],
      },
      headers,
    });
    expect(add.statusCode).toBe(200);
    expect(add.json().afvoerlijstItems).toHaveLength(4);
    const list = await t.app.inject({
      method: 'POST',
      url: '/api/Afvoerlijst/GetAfvoerlijst',
      payload: { materieelLocatieNr: LOC },
      headers,
    });
    expect(list.statusCode).toBe(200);
    expect(
      list
        .json()
        .afvoerlijstItems.find((i: { materieelNummer: string }) => i.materieelNummer === plant.plantNo),
    ).toMatchObject({
      materieelSoort: plant.itemNo,
      materieelLocatie: LOC,
      retourAantal: 1,
    });
    const ro = await t.app.inject({
      method: 'POST',
      url: '/api/Afvoerlijst/AddToAfvoerlijst',
      payload: { materieelLocatieNr: LOC, materieelSoort: plant.itemNo, materieelNummer: plant.plantNo },
      headers: await t.auth(READONLY),
    });
    expect(ro.statusCode).toBe(403);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/Afvoerlijst/AddToAfvoerlijst',
      payload: { materieelLocatieNr: LOC },
      headers,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.fields).toHaveProperty('afvoerlijstItems');
  });
});

describe('all stock, search over locations, inspections', () => {
  const allUrl = (q = '') => `/api/v2.0/PlantInventoryItems/${EMPTY_GUID}/locations${q}`;

  it('all stock: every location of the user grouped with totals that equal the SQL sums', async () => {
    const r = await get(allUrl());
    expect(r.statusCode).toBe(200);
    const body = r.json();
    const nos = body.locations.map((l: { locationNo: string }) => l.locationNo);
    expect(nos).toContain(LOC);
    expect(nos).not.toContain(FOREIGN_LOC);
    for (const g of body.locations) {
      const id = await locationId(t, g.locationNo);
      const [sums] = await rows<{ lines: number; quantity: number }>(sql`
        select count(*)::int as lines, coalesce(sum(quantity), 0)::int as quantity
        from inventory where location_id = ${id} and quantity > 0`);
      expect({ lines: g.totalLines, quantity: g.totalQuantity }).toEqual(sums);
    }
    expect(body.totalQuantity).toBe(
      body.locations.reduce((n: number, g: { totalQuantity: number }) => n + g.totalQuantity, 0),
    );
    const legacy = await t.app.inject({
      method: 'POST',
      url: '/api/MaterieelVoorraad/VoorradenLocaties',
      payload: {},
      headers: await t.auth(USER),
    });
    expect(legacy.statusCode).toBe(200);
    expect(legacy.json().locaties).toHaveLength(body.locations.length);
  });

  it('Materieelvoorraad_ToonAllevoorraden off: all stock refused, the search still works', async () => {
    await setSetting(t, 'Materieelvoorraad_ToonAllevoorraden', false);
    try {
      const r = await get(allUrl());
      expect(r.statusCode).toBe(403);
      expect(r.json().code).toBe('Materieelvoorraad.alle_voorraden_uit');
      expect((await get(allUrl('?query=a'))).statusCode).toBe(200);
    } finally {
      await setSetting(t, 'Materieelvoorraad_ToonAllevoorraden', true);
    }
  });

  it('search over locations: where is a plant among my locations; a foreign plant is not found', async () => {
    const { items } = await allLines(LOC2);
    const plant = items.find((l: { plantNo: string | null }) => l.plantNo);
    const r = await get(allUrl(`?query=${encodeURIComponent(plant.plantNo)}`));
    expect(r.statusCode).toBe(200);
    expect(r.json().locations).toHaveLength(1);
    expect(r.json().locations[0]).toMatchObject({ locationNo: LOC2, totalLines: 1 });
    const foreignId = await locationId(t, FOREIGN_LOC);
    const [foreign] = await rows<{ plantNo: string }>(sql`
      select plant_no as "plantNo" from plants where location_id = ${foreignId} limit 1`);
    expect((await get(allUrl(`?query=${foreign.plantNo}`))).json().locations).toEqual([]);
    const legacy = await t.app.inject({
      method: 'POST',
      url: '/api/MaterieelVoorraad/FindMaterieelOnMaterieelVoorraad',
      payload: { zoekTekst: plant.plantNo },
      headers: await t.auth(USER),
    });
    expect(legacy.json().locaties[0].materieelLocatieNr).toBe(LOC2);
    const bad = await get(allUrl('?sortBy=nope'));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.fields).toHaveProperty('sortBy');
  });

  it('inspections: due within the info window by due date, overdue first; ShowAllInspections shows all', async () => {
    const r = await get('/api/v2.0/PlantInspections');
    expect(r.statusCode).toBe(200);
    const soon = r.json();
    expect(soon.showsAll).toBe(false);
    expect(soon.items.length).toBeGreaterThan(0);
    const dates = soon.items.map((i: { nextDueDate: string }) => i.nextDueDate);
    expect(dates).toEqual([...dates].sort());
    expect(soon.items.every((i: { daysLeft: number }) => i.daysLeft <= 60)).toBe(true);
    expect(soon.items.some((i: { level: string }) => i.level === 'danger')).toBe(true);
    expect(soon.items.every((i: { locationNo: string }) => i.locationNo !== FOREIGN_LOC)).toBe(true);
    await setSetting(t, 'ShowAllInspections', true);
    try {
      const all = (await get('/api/v2.0/PlantInspections')).json();
      expect(all.showsAll).toBe(true);
      expect(all.items.length).toBeGreaterThan(soon.items.length);
    } finally {
      await setSetting(t, 'ShowAllInspections', false);
    }
    const one = (await get(`/api/v2.0/PlantInspections?plantLocation=${LOC}`)).json();
    expect(one.items.every((i: { locationNo: string }) => i.locationNo === LOC)).toBe(true);
    expect((await get(`/api/v2.0/PlantInspections?plantLocation=${FOREIGN_LOC}`)).statusCode).toBe(404);
    const legacy = await t.app.inject({
      method: 'POST',
      url: '/api/MaterieelKeuringen/GetKeuringen',
      payload: { materieelLocatieNr: LOC },
      headers: await t.auth(USER),
    });
    expect(legacy.statusCode).toBe(200);
    expect(legacy.json().keuringen).toHaveLength(one.items.length);
  });
});
