import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  ADMIN,
  EXTERNAL,
  FOREIGN_LOC,
  LOC,
  READONLY,
  setSetting,
  USER,
} from '../order-lists/ordering.test-support.ts';

// Issue #12 part 5: the customer's order and exit-order pages over the demo data's orders, and the legacy calls
// that answer the same data.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function get(url: string, email: string | null = USER) {
  return t.app.inject({ url, headers: email ? await t.auth(email) : {} });
}
async function post(url: string, body: unknown, email = USER) {
  return t.app.inject({ method: 'POST', url, payload: body as object, headers: await t.auth(email) });
}

/** A location of USER's with orders of every kind, the one with the most. */
async function busyLocation(kind: string): Promise<string> {
  const r = await t.database.db.execute<{ no: string }>(sql`
    select l.location_no as no from plant_orders o join plant_locations l on l.id = o.location_id
    join location_memberships m on m.location_id = l.id join users u on u.id = m.user_id
    where u.email = ${USER} and o.kind = ${kind}::order_kind
    group by 1 order by count(*) desc, 1 limit 1`);
  return r.rows[0]?.no as string;
}

describe('GET PlantOrders', () => {
  it("lists one location's orders of a kind, newest first, paged", async () => {
    const loc = await busyLocation('delivery');
    const r = await get(`/api/v2.0/PlantOrders?plantLocation=${loc}&kind=delivery&pageSize=5`);
    expect(r.statusCode, r.body).toBe(200);
    const body = r.json();
    expect(body.total).toBeGreaterThan(0);
    expect(body.items.length).toBeLessThanOrEqual(5);
    for (const o of body.items) expect(o).toMatchObject({ kind: 'delivery', locationNo: loc });
    // newest order date first (decision 0018; the index (location_id, kind, order_date) gives them in order)
    const days = body.items.map((o: { orderDate: string }) => o.orderDate);
    expect([...days].sort().reverse()).toEqual(days);
    const page2 = (
      await get(`/api/v2.0/PlantOrders?plantLocation=${loc}&kind=delivery&pageSize=5&page=2`)
    ).json();
    expect(body.total).toBeGreaterThan(5);
    expect(page2.items[0].id).not.toBe(body.items[0].id);
    expect(page2.items.map((o: { id: string }) => o.id)).not.toContain(body.items[4].id);
    // a page past the end is empty, not an error
    const past = (await get(`/api/v2.0/PlantOrders?plantLocation=${loc}&kind=delivery&page=99999`)).json();
    expect(past.items).toEqual([]);
  });

  it('filters by status, date range and words', async () => {
    const loc = await busyLocation('delivery');
    const all = (await get(`/api/v2.0/PlantOrders?plantLocation=${loc}&kind=delivery&pageSize=100`)).json();
    const one = all.items[0];
    const byNo = (
      await get(`/api/v2.0/PlantOrders?plantLocation=${loc}&kind=delivery&query=${one.orderNo}`)
    ).json();
    expect(byNo.items.map((o: { id: string }) => o.id)).toEqual([one.id]);
    const done = (
      await get(`/api/v2.0/PlantOrders?plantLocation=${loc}&kind=delivery&status=done&pageSize=100`)
    ).json();
    for (const o of done.items) expect(o.status).toBe('done');
    const day = one.executedDate ?? one.plannedDate ?? one.orderDate;
    const onDay = (
      await get(
        `/api/v2.0/PlantOrders?plantLocation=${loc}&kind=delivery&from=${day}&until=${day}&pageSize=100`,
      )
    ).json();
    expect(onDay.items.map((o: { id: string }) => o.id)).toContain(one.id);
  });

  it('refuses bad input with field codes, another customer\u2019s location with 404, anonymous with 401', async () => {
    const cases: Array<[string, string, string]> = [
      ['kind=nope', 'kind', 'validation.onbekende_waarde'],
      ['pageSize=101', 'pageSize', 'validation.te_groot'],
      ['pageSize=0', 'pageSize', 'validation.te_klein'],
      ['page=0', 'page', 'validation.te_klein'],
      ['page=100001', 'page', 'validation.te_groot'],
      ['from=2026-02-30', 'from', 'validation.datum_ongeldig'],
      ['status=lost', 'status', 'validation.onbekende_waarde'],
      ['project=yes', 'project', 'validation.onbekende_waarde'],
      ['extra=1', 'extra', 'validation.onbekend_veld'],
      // one field against the other: a period that ends before it starts
      ['from=2026-05-02&until=2026-05-01', 'until', 'validation.einde_na_begin'],
    ];
    for (const [q, field, code] of cases) {
      const r = await get(
        `/api/v2.0/PlantOrders?plantLocation=${LOC}&${q.startsWith('kind') ? q : `kind=delivery&${q}`}`,
      );
      expect(r.statusCode, q).toBe(400);
      expect(r.json().code).toBe('error.ongeldige_invoer');
      expect(r.json().details.fields[field]?.code, q).toBe(code);
    }
    // a one-day period is fine
    expect(
      (await get(`/api/v2.0/PlantOrders?plantLocation=${LOC}&kind=delivery&from=2026-05-01&until=2026-05-01`))
        .statusCode,
    ).toBe(200);
    expect((await get(`/api/v2.0/PlantOrders?plantLocation=${FOREIGN_LOC}&kind=delivery`)).statusCode).toBe(
      404,
    );
    expect((await get(`/api/v2.0/PlantOrders?plantLocation=${LOC}&kind=delivery`, null)).statusCode).toBe(
      401,
    );
  });
});

describe('GET PlantOrders/{id}', () => {
  it('shows lines with plant numbers, costs with their total, documents and the request; members and admins only', async () => {
    const loc = await busyLocation('delivery');
    const list = (await get(`/api/v2.0/PlantOrders?plantLocation=${loc}&kind=delivery&pageSize=100`)).json();
    const withPlant = await t.database.db.execute<{ id: string }>(sql`
      select o.id from plant_orders o join order_lines ol on ol.order_id = o.id
      where o.id = any(${sql.param(list.items.map((o: { id: string }) => o.id))}::uuid[]) and ol.plant_id is not null
      limit 1`);
    expect(withPlant.rows).toHaveLength(1);
    const id = withPlant.rows[0].id;
    const r = await get(`/api/v2.0/PlantOrders/${id}`);
    expect(r.statusCode, r.body).toBe(200);
    const o = r.json();
    expect(o.lines.length).toBe(o.lineCount);
    expect(o.lines.some((l: { plantNo: string | null }) => l.plantNo)).toBe(true);
    const sum = o.costs.reduce((s: number, c: { amount: string }) => s + Number(c.amount), 0);
    expect(Number(o.costTotal)).toBeCloseTo(sum, 2);
    expect((await get(`/api/v2.0/PlantOrders/${id}`, ADMIN)).statusCode).toBe(200);
    expect((await get(`/api/v2.0/PlantOrders/${id}`, EXTERNAL)).statusCode).toBe(404);
    expect((await get('/api/v2.0/PlantOrders/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await get('/api/v2.0/PlantOrders/nope')).statusCode).toBe(400);
  });

  it('the read-only role reads the orders of its location', async () => {
    const r = await get(`/api/v2.0/PlantOrders?plantLocation=${LOC}&kind=removal`, READONLY);
    expect(r.statusCode).toBe(200);
    const first = r.json().items[0];
    expect(first).toBeDefined();
    expect((await get(`/api/v2.0/PlantOrders/${first.id}`, READONLY)).statusCode).toBe(200);
  });

  it("a move's two halves link to each other", async () => {
    const pair = await t.database.db.execute<{ id: string; linked: string }>(sql`
      select o.id, o.linked_order_id as linked from plant_orders o
      join location_memberships m on m.location_id = o.location_id join users u on u.id = m.user_id
      join location_memberships m2 on m2.location_id = o.counterpart_location_id and m2.user_id = u.id
      where u.email = ${USER} and o.kind = 'move_from' and o.linked_order_id is not null limit 1`);
    expect(pair.rows).toHaveLength(1);
    const o = (await get(`/api/v2.0/PlantOrders/${pair.rows[0].id}`)).json();
    expect(o.linkedOrder?.id).toBe(pair.rows[0].linked);
    expect(o.linkedOrder?.kind).toBe('move_to');
  });
});

describe('exit orders', () => {
  it("lists a location's exit orders and shows one with its lines and conditions; another customer gets 404", async () => {
    const r = await t.database.db.execute<{ no: string }>(sql`
      select l.location_no as no from exit_orders x join plant_locations l on l.id = x.location_id
      join location_memberships m on m.location_id = l.id join users u on u.id = m.user_id
      where u.email = ${USER} group by 1 order by count(*) desc limit 1`);
    const loc = r.rows[0]?.no;
    expect(loc).toBeDefined();
    const list = await get(`/api/v2.0/ExitOrders?plantLocation=${loc}`);
    expect(list.statusCode, list.body).toBe(200);
    const first = list.json().items[0];
    const x = await get(`/api/v2.0/ExitOrders/${first.id}`);
    expect(x.statusCode, x.body).toBe(200);
    expect(x.json().lines.length).toBe(first.lineCount);
    expect((await get(`/api/v2.0/ExitOrders/${first.id}`, EXTERNAL)).statusCode).toBe(404);

    // photos and documents are served under the exit order's access
    const withFiles = await t.database.db.execute<{ id: string }>(sql`
      select x.id from exit_orders x join exit_order_files f on f.exit_order_id = x.id
      join location_memberships m on m.location_id = x.location_id join users u on u.id = m.user_id
      where u.email = ${USER} and f.kind = 'image' limit 1`);
    const withPhoto = withFiles.rows[0]?.id;
    expect(withPhoto).toBeDefined();
    const shown = (await get(`/api/v2.0/ExitOrders/${withPhoto}`)).json();
    expect(shown.photos.length).toBeGreaterThan(0);
    const bytes = await get(shown.photos[0].url);
    expect(bytes.statusCode).toBe(200);
    expect(bytes.headers['content-type']).toMatch(/^image\//);
    expect((await get(shown.photos[0].url, EXTERNAL)).statusCode).toBe(404);
    for (const d of shown.documents) expect((await get(d.url)).statusCode, d.url).toBe(200);
    expect((await get(`/api/v2.0/ExitOrders?plantLocation=${FOREIGN_LOC}`)).statusCode).toBe(404);
    expect((await get(`/api/v2.0/ExitOrders?plantLocation=${loc}&pageSize=0`)).statusCode).toBe(400);
  });
});

describe('legacy MaterieelOrder and MaterieelExitOrder calls', () => {
  it('answer the same data as their v2 pages', async () => {
    const loc = await busyLocation('delivery');
    const v2 = (await get(`/api/v2.0/PlantOrders?plantLocation=${loc}&kind=delivery&pageSize=10`)).json();
    const legacy = await post('/api/MaterieelOrder/GetGeleverdeOrders', {
      materieelLocatieNr: loc,
      aantalPerPagina: 10,
    });
    expect(legacy.statusCode, legacy.body).toBe(200);
    expect(legacy.json().totaal).toBe(v2.total);
    expect(legacy.json().orders.map((o: { orderNummer: string }) => o.orderNummer)).toEqual(
      v2.items.map((o: { orderNo: string }) => o.orderNo),
    );

    const id = v2.items[0].id as string;
    const detail = (await get(`/api/v2.0/PlantOrders/${id}`)).json();
    for (const action of ['GetGeleverdeOrderDetails', 'GetGeleverdeOrderDetailsProject']) {
      const d = (await post(`/api/MaterieelOrder/${action}`, { id })).json();
      expect(d.orderNummer).toBe(detail.orderNo);
      expect(
        d.regels.map((l: { materieelSoort: string; aantal: number }) => [l.materieelSoort, l.aantal]),
      ).toEqual(detail.lines.map((l: { itemNo: string; quantity: number }) => [l.itemNo, l.quantity]));
    }
    const byNo = (
      await post('/api/MaterieelOrder/GetGeleverdeOrderDetails', { orderNummer: detail.orderNo })
    ).json();
    expect(byNo.id).toBe(id);
    // a delivery is not a removal
    expect((await post('/api/MaterieelOrder/GetAfgevoerdeOrderDetails', { id })).statusCode).toBe(404);
    for (const action of ['GetOrderGeleverdKosten', 'GetOrderGeleverdKostenProject']) {
      const costs = (await post(`/api/MaterieelOrder/${action}`, { id })).json();
      expect(costs.totaal).toBe(detail.costTotal);
      expect(costs.kosten).toHaveLength(detail.costs.length);
    }
    for (const action of ['GetOrderDocuments', 'GetOrderDocumentsProject']) {
      const docs = (await post(`/api/MaterieelOrder/${action}`, { id })).json();
      expect(docs.documenten.map((d: { documentSystemId: string }) => d.documentSystemId)).toEqual(
        detail.documents.map((d: { id: string }) => d.id),
      );
    }

    const removals = (await get(`/api/v2.0/PlantOrders?plantLocation=${loc}&kind=removal&pageSize=5`)).json();
    const legacyRemovals = (
      await post('/api/MaterieelOrder/GetAfgevoerdeOrders', { materieelLocatieNr: loc, aantalPerPagina: 5 })
    ).json();
    expect(legacyRemovals.totaal).toBe(removals.total);
    const moves = (await post('/api/MaterieelOrder/GetVerplaasteOrders', { materieelLocatieNr: loc })).json();
    const to = (await get(`/api/v2.0/PlantOrders?plantLocation=${loc}&kind=move_to`)).json();
    const from = (await get(`/api/v2.0/PlantOrders?plantLocation=${loc}&kind=move_from`)).json();
    expect(moves.totaal).toBe(to.total + from.total);

    // another customer's order is not found through the legacy calls either
    expect((await post('/api/MaterieelOrder/GetGeleverdeOrderDetails', { id }, EXTERNAL)).statusCode).toBe(
      404,
    );
    expect(
      (await post('/api/MaterieelOrder/GetGeleverdeOrders', { materieelLocatieNr: FOREIGN_LOC })).statusCode,
    ).toBe(404);
    expect((await post('/api/MaterieelOrder/GetGeleverdeOrderDetails', {})).statusCode).toBe(400);
  });

  it('the project variants need ProjectOverzichten_TonenEnGebruiken and then cover the project', async () => {
    const loc = await busyLocation('delivery');
    await setSetting(t, 'ProjectOverzichten_TonenEnGebruiken', false);
    expect(
      (await post('/api/MaterieelOrder/GetGeleverdeOrdersProject', { materieelLocatieNr: loc })).statusCode,
    ).toBe(403);
    await setSetting(t, 'ProjectOverzichten_TonenEnGebruiken', true);
    try {
      const project = await post('/api/MaterieelOrder/GetGeleverdeOrdersProject', {
        materieelLocatieNr: loc,
      });
      expect(project.statusCode, project.body).toBe(200);
      const own = (await post('/api/MaterieelOrder/GetGeleverdeOrders', { materieelLocatieNr: loc })).json();
      expect(project.json().totaal).toBeGreaterThanOrEqual(own.totaal);
      const exits = await post('/api/MaterieelExitOrder/ExitOrdersProjecten', { materieelLocatieNr: loc });
      expect(exits.statusCode).toBe(200);
    } finally {
      await setSetting(t, 'ProjectOverzichten_TonenEnGebruiken', false);
    }
  });

  it('the exit order calls answer what GET ExitOrders/{id} shows', async () => {
    const r = await t.database.db.execute<{ no: string }>(sql`
      select l.location_no as no from exit_orders x join plant_locations l on l.id = x.location_id
      join location_memberships m on m.location_id = l.id join users u on u.id = m.user_id
      where u.email = ${USER} group by 1 order by count(*) desc limit 1`);
    const loc = r.rows[0]?.no as string;
    const v2 = (await get(`/api/v2.0/ExitOrders?plantLocation=${loc}`)).json();
    const legacy = (await post('/api/MaterieelExitOrder/ExitOrders', { materieelLocatieNr: loc })).json();
    expect(legacy.totaal).toBe(v2.total);
    const id = v2.items[0].id as string;
    const detail = (await get(`/api/v2.0/ExitOrders/${id}`)).json();
    for (const action of ['ExitOrderDetails', 'ExitOrderDetailsProject']) {
      const d = (await post(`/api/MaterieelExitOrder/${action}`, { id })).json();
      expect(d.exitOrderNummer).toBe(detail.exitOrderNo);
      expect(d.regels.map((l: { staat: string }) => l.staat)).toEqual(
        detail.lines.map((l: { condition: string }) => l.condition),
      );
    }
    const images = (
      await post('/api/MaterieelExitOrder/GetExitOrderImages', { exitOrderNummer: detail.exitOrderNo })
    ).json();
    expect(images.afbeeldingen).toHaveLength(detail.photos.length);
    const docs = (await post('/api/MaterieelExitOrder/ExitOrdersDocs', { id })).json();
    expect(docs.documenten).toHaveLength(detail.documents.length);
    expect((await post('/api/MaterieelExitOrder/ExitOrderDetails', { id }, EXTERNAL)).statusCode).toBe(404);
  });
});

describe('paging bounds, the project view and the read-only role', () => {
  it('the legacy lists refuse a page or size out of range naming the field, and answer an empty page past the end', async () => {
    const cases: Array<[object, string, string]> = [
      [{ pagina: 0 }, 'pagina', 'validation.te_klein'],
      [{ pagina: 100_001 }, 'pagina', 'validation.te_groot'],
      [{ aantalPerPagina: 0 }, 'aantalPerPagina', 'validation.te_klein'],
      [{ aantalPerPagina: 101 }, 'aantalPerPagina', 'validation.te_groot'],
      [{ status: 'lost' }, 'status', 'validation.onbekende_waarde'],
      [{ vanafDatum: '2026-13-01' }, 'vanafDatum', 'validation.datum_ongeldig'],
    ];
    for (const [body, field, code] of cases) {
      for (const action of ['MaterieelOrder/GetGeleverdeOrders', 'MaterieelExitOrder/ExitOrders']) {
        if (action.includes('Exit') && (field === 'status' || field === 'vanafDatum')) continue;
        const r = await post(`/api/${action}`, { materieelLocatieNr: LOC, ...body });
        expect(r.statusCode, `${action} ${JSON.stringify(body)}`).toBe(400);
        expect(r.json().details.fields[field]?.code).toBe(code);
      }
    }
    const past = (
      await post('/api/MaterieelOrder/GetGeleverdeOrders', { materieelLocatieNr: LOC, pagina: 99_999 })
    ).json();
    expect(past.orders).toEqual([]);
    expect(past.totaal).toBeGreaterThan(0);
    const exitPast = (await get(`/api/v2.0/ExitOrders?plantLocation=${LOC}&page=99999`)).json();
    expect(exitPast.items).toEqual([]);
    for (const q of ['page=0', 'pageSize=101', 'page=100001', 'project=1'])
      expect((await get(`/api/v2.0/ExitOrders?plantLocation=${LOC}&${q}`)).statusCode, q).toBe(400);
  });

  it('project=true needs ProjectOverzichten_TonenEnGebruiken; a location without others in its project is its own project', async () => {
    const off = await get(`/api/v2.0/PlantOrders?plantLocation=${LOC}&kind=delivery&project=true`);
    expect(off.statusCode).toBe(403);
    expect(off.json().code).toBe('Afvoerlijst.project_uit');
    expect((await get(`/api/v2.0/ExitOrders?plantLocation=${LOC}&project=true`)).statusCode).toBe(403);
    await setSetting(t, 'ProjectOverzichten_TonenEnGebruiken', true);
    try {
      const own = (await get(`/api/v2.0/PlantOrders?plantLocation=${LOC}&kind=delivery`)).json();
      const project = (
        await get(`/api/v2.0/PlantOrders?plantLocation=${LOC}&kind=delivery&project=true`)
      ).json();
      expect(project.total).toBe(own.total);
      expect(
        (await get(`/api/v2.0/PlantOrders?plantLocation=${FOREIGN_LOC}&kind=delivery&project=true`))
          .statusCode,
      ).toBe(404);
    } finally {
      await setSetting(t, 'ProjectOverzichten_TonenEnGebruiken', false);
    }
  });

  it('the read-only role (administration) reads the exit orders of its location, their photos and documents', async () => {
    const list = await get(`/api/v2.0/ExitOrders?plantLocation=${LOC}`, READONLY);
    expect(list.statusCode, list.body).toBe(200);
    const first = list.json().items[0];
    expect(first).toBeDefined();
    expect(first.status).toMatch(/^(draft|final)$/);
    const x = await get(`/api/v2.0/ExitOrders/${first.id}`, READONLY);
    expect(x.statusCode).toBe(200);
    for (const p of x.json().photos) expect((await get(p.url, READONLY)).statusCode).toBe(200);
    const legacy = await post('/api/MaterieelExitOrder/ExitOrderDetails', { id: first.id }, READONLY);
    expect(legacy.statusCode).toBe(200);
  });

  it("an exit order's photo is served inline, private and never from a cache without asking", async () => {
    const r = await t.database.db.execute<{ id: string; file: string }>(sql`
      select f.exit_order_id as id, f.id as file from exit_order_files f
      join exit_orders x on x.id = f.exit_order_id
      join location_memberships m on m.location_id = x.location_id join users u on u.id = m.user_id
      where u.email = ${USER} and f.kind = 'image' limit 1`);
    const row = r.rows[0] as { id: string; file: string };
    const photo = await get(`/api/v2.0/ExitOrders/${row.id}/files/${row.file}`);
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['cache-control']).toBe('private, no-cache');
    expect(String(photo.headers['content-disposition'])).toMatch(
      /^inline; filename="[^"]+"; filename\*=UTF-8''/,
    );
    expect(photo.headers['x-content-type-options']).toBe('nosniff');
    // a file of another exit order under this one's address is not found
    const other = await t.database.db.execute<{ id: string }>(sql`
      select id from exit_orders where id <> ${row.id} limit 1`);
    expect((await get(`/api/v2.0/ExitOrders/${other.rows[0]?.id}/files/${row.file}`, ADMIN)).statusCode).toBe(
      404,
    );
  });
});
