import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { LOC2, READONLY, setSetting, USER } from '../order-lists/ordering.test-support.ts';

// Issue #12 part 5: every legacy MaterieelOrder (20) and MaterieelExitOrder (6) call answers the data of its v2
// twin, field by field, in the old client's names; the last test checks that no call of the document was left out.

type Json = Record<string, unknown>;
type Summary = {
  id: string;
  orderNo: string;
  kind: string;
  status: string;
  locationNo: string;
  locationDescription: string;
  orderDate: string;
  plannedDate: string | null;
  executedDate: string | null;
  counterpartLocationNo: string | null;
  counterpartLocationDescription: string | null;
  depotNo: string | null;
  depotName: string | null;
  reference: string | null;
  requestId: string | null;
  requestNo: string | null;
  lineCount: number;
  totalQuantity: number;
};
type Detail = Summary & {
  transportMeans: string | null;
  street: string | null;
  postcode: string | null;
  city: string | null;
  contactPerson: string | null;
  phone: string | null;
  comment: string | null;
  lines: Array<{
    lineNo: number;
    itemNo: string;
    description: string;
    plantNo: string | null;
    quantity: number;
    comment: string | null;
  }>;
  costs: Array<{ kind: string; description: string; quantity: string; unitPrice: string; amount: string }>;
  costTotal: string;
  documents: Array<{ id: string; title: string; category: string; date: string | null; url: string }>;
  linkedOrder: { id: string; orderNo: string; kind: string; locationNo: string } | null;
  exitOrder: { id: string; exitOrderNo: string } | null;
};
type ExitSummary = {
  id: string;
  exitOrderNo: string;
  exitDate: string;
  status: string;
  locationNo: string;
  locationDescription: string;
  orderId: string | null;
  orderNo: string | null;
  lineCount: number;
  problemCount: number;
  damageTotal: string;
  remarks: string | null;
};
type ExitDetail = ExitSummary & {
  lines: Array<{
    lineNo: number;
    itemNo: string;
    description: string;
    plantNo: string | null;
    quantity: number;
    condition: string;
    remarks: string | null;
    damageAmount: string | null;
  }>;
  photos: Array<{ id: string; lineNo: number | null; caption: string | null; url: string }>;
  documents: Detail['documents'];
};

let t: TestApp;
const called = new Set<string>();
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function get<T = Json>(url: string, email = USER): Promise<T> {
  const r = await t.app.inject({ url, headers: await t.auth(email) });
  expect(r.statusCode, `${url}: ${r.body}`).toBe(200);
  return r.json();
}
async function legacy(action: string, body: unknown, email = USER) {
  called.add(action);
  return t.app.inject({
    method: 'POST',
    url: `/api/${action}`,
    payload: body as object,
    headers: await t.auth(email),
  });
}
async function legacyOk<T = Json>(action: string, body: unknown, email = USER): Promise<T> {
  const r = await legacy(action, body, email);
  expect(r.statusCode, `${action}: ${r.body}`).toBe(200);
  return r.json();
}

/** Every page of a v2 list, in order. */
async function allOf<T>(url: string, email = USER): Promise<{ items: T[]; total: number }> {
  const items: T[] = [];
  for (let page = 1; ; page++) {
    const r = await get<{ items: T[]; total: number }>(`${url}&pageSize=100&page=${page}`, email);
    items.push(...r.items);
    if (items.length >= r.total || r.items.length === 0) return { items, total: r.total };
  }
}

/** The legacy row of a v2 order summary (what the old client reads of it). */
const orderRow = (o: Summary) => ({
  id: o.id,
  orderNummer: o.orderNo,
  soort: {
    delivery: 'aanvoer',
    removal: 'afvoer',
    move_to: 'verplaatsing_naar',
    move_from: 'verplaatsing_van',
  }[o.kind],
  status: o.status,
  materieelLocatieNr: o.locationNo,
  locatieOmschrijving: o.locationDescription,
  orderDatum: o.orderDate,
  geplandeDatum: o.plannedDate,
  uitgevoerdDatum: o.executedDate,
  vanNaarLocatieNr: o.counterpartLocationNo,
  vanNaarLocatieOmschrijving: o.counterpartLocationDescription,
  depotNr: o.depotNo,
  depotNaam: o.depotName,
  referentie: o.reference,
  aanvraagId: o.requestId,
  aanvraagNummer: o.requestNo,
  aantalRegels: o.lineCount,
  totaalAantal: o.totalQuantity,
});
const costsOf = (o: Detail) => ({
  kosten: o.costs.map((c) => ({
    soort: c.kind,
    omschrijving: c.description,
    aantal: c.quantity,
    prijs: c.unitPrice,
    bedrag: c.amount,
  })),
  totaal: o.costTotal,
});
const documentsOf = (docs: Detail['documents']) =>
  docs.map((d) => ({
    documentSystemId: d.id,
    titel: d.title,
    categorie: d.category,
    datum: d.date,
    url: d.url,
  }));
const orderDetail = (o: Detail) => ({
  ...orderRow(o),
  transportmiddel: o.transportMeans,
  adres: o.street,
  postcode: o.postcode,
  plaats: o.city,
  contactpersoon: o.contactPerson,
  telefoonnummer: o.phone,
  opmerking: o.comment,
  regels: o.lines.map((l) => ({
    regelNr: l.lineNo,
    materieelSoort: l.itemNo,
    omschrijving: l.description,
    materieelNummer: l.plantNo,
    aantal: l.quantity,
    opmerking: l.comment,
  })),
  ...costsOf(o),
  documenten: documentsOf(o.documents),
  gekoppeldeOrder: o.linkedOrder
    ? {
        id: o.linkedOrder.id,
        orderNummer: o.linkedOrder.orderNo,
        materieelLocatieNr: o.linkedOrder.locationNo,
      }
    : null,
  exitOrder: o.exitOrder ? { id: o.exitOrder.id, exitOrderNummer: o.exitOrder.exitOrderNo } : null,
});
const exitRow = (x: ExitSummary) => ({
  id: x.id,
  exitOrderNummer: x.exitOrderNo,
  datum: x.exitDate,
  status: x.status,
  materieelLocatieNr: x.locationNo,
  locatieOmschrijving: x.locationDescription,
  orderId: x.orderId,
  orderNummer: x.orderNo,
  aantalRegels: x.lineCount,
  aantalAfwijkingen: x.problemCount,
  schadeTotaal: x.damageTotal,
  opmerking: x.remarks,
});
const photosOf = (x: ExitDetail) =>
  x.photos.map((p) => ({ id: p.id, regelNr: p.lineNo, bijschrift: p.caption, url: p.url }));
const exitDetail = (x: ExitDetail) => ({
  ...exitRow(x),
  regels: x.lines.map((l) => ({
    regelNr: l.lineNo,
    materieelSoort: l.itemNo,
    omschrijving: l.description,
    materieelNummer: l.plantNo,
    aantal: l.quantity,
    staat: l.condition,
    opmerking: l.remarks,
    schadebedrag: l.damageAmount,
  })),
  afbeeldingen: photosOf(x),
  documenten: documentsOf(x.documents),
});

/** USER's location with the most orders of this kind. */
async function busiest(kind: string): Promise<string> {
  const r = await t.database.db.execute<{ no: string }>(sql`
    select l.location_no as no from plant_orders o join plant_locations l on l.id = o.location_id
    join location_memberships m on m.location_id = l.id join users u on u.id = m.user_id
    where u.email = ${USER} and o.kind = ${kind}::order_kind group by 1 order by count(*) desc, 1 limit 1`);
  return r.rows[0]?.no as string;
}

/** One of USER's orders of this kind, preferring one with plants, costs, documents and (moves) a visible partner. */
async function richOrder(kind: string): Promise<string> {
  const r = await t.database.db.execute<{ id: string }>(sql`
    select o.id from plant_orders o
    join location_memberships m on m.location_id = o.location_id join users u on u.id = m.user_id
    where u.email = ${USER} and o.kind = ${kind}::order_kind
    order by (exists (select 1 from order_lines ol where ol.order_id = o.id and ol.plant_id is not null)) desc,
      (exists (select 1 from order_costs c where c.order_id = o.id)) desc,
      (exists (select 1 from documents d where d.order_id = o.id)) desc,
      (exists (select 1 from exit_orders x where x.order_id = o.id)) desc,
      (exists (select 1 from location_memberships m2 where m2.user_id = u.id
        and m2.location_id = o.counterpart_location_id)) desc,
      o.order_no
    limit 1`);
  const id = r.rows[0]?.id;
  expect(id, kind).toBeDefined();
  return id as string;
}

const lists = [
  ['MaterieelOrder/GetGeleverdeOrders', ['delivery']],
  ['MaterieelOrder/GetAfgevoerdeOrders', ['removal']],
  ['MaterieelOrder/GetVerplaasteOrders', ['move_to', 'move_from']],
] as const;

async function v2Orders(loc: string, kinds: readonly string[], extra = '') {
  const parts = await Promise.all(
    kinds.map((k) => allOf<Summary>(`/api/v2.0/PlantOrders?plantLocation=${loc}&kind=${k}${extra}`)),
  );
  return { items: parts.flatMap((p) => p.items), total: parts.reduce((s, p) => s + p.total, 0) };
}

async function legacyOrders(action: string, body: Json) {
  const rows: Json[] = [];
  for (let pagina = 1; ; pagina++) {
    const r = await legacyOk<{ orders: Json[]; totaal: number }>(action, {
      ...body,
      pagina,
      aantalPerPagina: 100,
    });
    rows.push(...r.orders);
    if (rows.length >= r.totaal || r.orders.length === 0) return { rows, total: r.totaal };
  }
}

/** The legacy list holds exactly the v2 rows (one kind: in the same order; moves: both kinds, by id). */
function expectSameOrders(
  got: { rows: Json[]; total: number },
  want: { items: Summary[]; total: number },
  ordered: boolean,
) {
  expect(got.total).toBe(want.total);
  const expected = want.items.map(orderRow);
  if (ordered) expect(got.rows).toMatchObject(expected);
  else {
    const byId = new Map(got.rows.map((r) => [r.id, r]));
    expect(byId.size).toBe(expected.length);
    for (const e of expected) expect(byId.get(e.id)).toMatchObject(e);
  }
}

describe('MaterieelOrder list calls', () => {
  for (const [action, kinds] of lists) {
    it(`${action} answers GET PlantOrders (${kinds.join(' + ')}), with the translated kind and status`, async () => {
      const loc = await busiest(kinds[0]);
      const want = await v2Orders(loc, kinds);
      expect(want.total).toBeGreaterThan(0);
      const got = await legacyOrders(action, { materieelLocatieNr: loc });
      expectSameOrders(got, want, kinds.length === 1);
      const first = got.rows[0] as { status: string; statusOmschrijving: string; soortOmschrijving: string };
      expect(first.statusOmschrijving).toBe(
        { planned: 'Gepland', in_transit: 'Onderweg', done: 'Uitgevoerd', cancelled: 'Geannuleerd' }[
          first.status
        ],
      );
      expect(first.soortOmschrijving.length).toBeGreaterThan(0);
    });
  }

  it('their filters (status, vanafDatum / totDatum, zoekString) are those of the v2 list', async () => {
    const loc = await busiest('delivery');
    const all = await v2Orders(loc, ['delivery']);
    const one = all.items[Math.floor(all.items.length / 2)] as Summary;
    const day = one.executedDate ?? one.plannedDate ?? one.orderDate;
    const cases: Array<[string, Json]> = [
      [`&status=${one.status}`, { status: one.status }],
      [`&from=${day}`, { vanafDatum: day }],
      [`&until=${day}`, { totDatum: day }],
      [`&query=${one.orderNo}`, { zoekString: one.orderNo }],
    ];
    for (const [v2, body] of cases) {
      const want = await v2Orders(loc, ['delivery'], v2);
      expect(want.total, v2).toBeLessThanOrEqual(all.total);
      expectSameOrders(
        await legacyOrders('MaterieelOrder/GetGeleverdeOrders', { materieelLocatieNr: loc, ...body }),
        want,
        true,
      );
    }
    const bad = await legacy('MaterieelOrder/GetGeleverdeOrders', {
      materieelLocatieNr: loc,
      vanafDatum: '2026-05-02',
      totDatum: '2026-05-01',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.fields.until.code).toBe('validation.einde_na_begin');
  });

  it('the Project variants answer GET PlantOrders?project=true: the locations of the project together', async () => {
    const OTHER = 'P-24003';
    for (const [action] of lists) {
      expect(
        (await legacy(`${action}Project`, { materieelLocatieNr: LOC2 })).statusCode,
        'ProjectOverzichten_TonenEnGebruiken is off',
      ).toBe(403);
    }
    await setSetting(t, 'ProjectOverzichten_TonenEnGebruiken', true);
    // P-24003 joins the project of P-24002 for this test
    await t.database.db.execute(sql`update plant_locations set project_number =
      (select project_number from plant_locations where location_no = ${LOC2}) where location_no = ${OTHER}`);
    try {
      for (const [action, kinds] of lists) {
        const want = await v2Orders(LOC2, kinds, '&project=true');
        const own = await v2Orders(LOC2, kinds);
        const other = await v2Orders(OTHER, kinds);
        expect(want.total).toBe(own.total + other.total);
        expect(new Set(want.items.map((o) => o.locationNo))).toEqual(
          new Set([...own.items, ...other.items].map((o) => o.locationNo)),
        );
        expectSameOrders(
          await legacyOrders(`${action}Project`, { materieelLocatieNr: LOC2 }),
          want,
          kinds.length === 1,
        );
      }
    } finally {
      await t.database.db.execute(
        sql`update plant_locations set project_number = 'VD-2024-140' where location_no = ${OTHER}`,
      );
      await setSetting(t, 'ProjectOverzichten_TonenEnGebruiken', false);
    }
  });

  it('the read-only role reads them too', async () => {
    const got = await legacyOrders('MaterieelOrder/GetGeleverdeOrders', { materieelLocatieNr: 'P-24001' });
    const ro = await legacyOk<{ totaal: number }>(
      'MaterieelOrder/GetGeleverdeOrders',
      { materieelLocatieNr: 'P-24001' },
      READONLY,
    );
    expect(ro.totaal).toBe(got.total);
  });
});

const detailCalls = [
  ['delivery', 'MaterieelOrder/GetGeleverdeOrderDetails', 'MaterieelOrder/GetOrderGeleverdKosten'],
  ['removal', 'MaterieelOrder/GetAfgevoerdeOrderDetails', 'MaterieelOrder/GetOrderAfgevoerdKosten'],
  ['move_to', 'MaterieelOrder/GetVerplaastOrderDetails', 'MaterieelOrder/GetOrderVerplaastKosten'],
  ['move_from', 'MaterieelOrder/GetVerplaastOrderDetails', 'MaterieelOrder/GetOrderVerplaastKosten'],
] as const;

describe('MaterieelOrder calls about one order', () => {
  for (const [kind, details, costs] of detailCalls) {
    it(`${details}, ${costs} and GetOrderDocuments (each with Project) answer GET PlantOrders/{id} of a ${kind} order`, async () => {
      const id = await richOrder(kind);
      const v2 = await get<Detail>(`/api/v2.0/PlantOrders/${id}`);
      expect(v2.kind).toBe(kind);
      const want = orderDetail(v2);
      for (const suffix of ['', 'Project']) {
        expect(await legacyOk(`${details}${suffix}`, { id })).toMatchObject(want);
        expect(await legacyOk(`${costs}${suffix}`, { id })).toEqual(costsOf(v2));
        expect(await legacyOk(`MaterieelOrder/GetOrderDocuments${suffix}`, { id })).toEqual({
          documenten: documentsOf(v2.documents),
        });
      }
      // by number too
      expect(await legacyOk(details, { orderNummer: v2.orderNo })).toMatchObject({ id });
      expect(await legacyOk(costs, { orderNummer: v2.orderNo })).toEqual(costsOf(v2));
      // the details of another kind's call do not show it
      for (const [otherKind, otherDetails, otherCosts] of detailCalls) {
        if (otherDetails === details) continue;
        expect((await legacy(otherDetails, { id })).statusCode, `${otherDetails} of a ${kind}`).toBe(404);
        expect((await legacy(otherCosts, { id })).statusCode, `${otherCosts} of a ${kind}`).toBe(404);
        expect(otherKind).not.toBe(kind);
      }
    });
  }

  it('a removal with its exit order and a move with its other half say so', async () => {
    const removal = await get<Detail>(`/api/v2.0/PlantOrders/${await richOrder('removal')}`);
    expect(removal.exitOrder).not.toBeNull();
    const move = await get<Detail>(`/api/v2.0/PlantOrders/${await richOrder('move_from')}`);
    expect(move.linkedOrder?.kind).toBe('move_to');
    expect(move.costTotal).toMatch(/^\d+\.\d{2}$/);
  });
});

describe('MaterieelExitOrder calls', () => {
  async function exitWithPhotos(): Promise<{ id: string; loc: string }> {
    const r = await t.database.db.execute<{ id: string; loc: string }>(sql`
      select x.id, l.location_no as loc from exit_orders x join plant_locations l on l.id = x.location_id
      join location_memberships m on m.location_id = x.location_id join users u on u.id = m.user_id
      where u.email = ${USER}
      order by (select count(*) from exit_order_files f where f.exit_order_id = x.id) desc, x.exit_order_no limit 1`);
    return r.rows[0] as { id: string; loc: string };
  }

  it('ExitOrders and ExitOrdersProjecten answer GET ExitOrders (project=false / true)', async () => {
    const { loc } = await exitWithPhotos();
    const want = await allOf<ExitSummary>(`/api/v2.0/ExitOrders?plantLocation=${loc}`);
    expect(want.total).toBeGreaterThan(0);
    const got = await legacyOk<{ exitOrders: Json[]; totaal: number }>('MaterieelExitOrder/ExitOrders', {
      materieelLocatieNr: loc,
      aantalPerPagina: 100,
    });
    expect(got.totaal).toBe(want.total);
    expect(got.exitOrders).toMatchObject(want.items.map(exitRow));
    expect((got.exitOrders[0] as { statusOmschrijving: string }).statusOmschrijving.length).toBeGreaterThan(
      0,
    );

    expect(
      (await legacy('MaterieelExitOrder/ExitOrdersProjecten', { materieelLocatieNr: loc })).statusCode,
    ).toBe(403);
    await setSetting(t, 'ProjectOverzichten_TonenEnGebruiken', true);
    try {
      const project = await allOf<ExitSummary>(`/api/v2.0/ExitOrders?plantLocation=${loc}&project=true`);
      const legacyProject = await legacyOk<{ exitOrders: Json[]; totaal: number }>(
        'MaterieelExitOrder/ExitOrdersProjecten',
        { materieelLocatieNr: loc, aantalPerPagina: 100 },
      );
      expect(legacyProject.totaal).toBe(project.total);
      expect(legacyProject.exitOrders).toMatchObject(project.items.map(exitRow));
    } finally {
      await setSetting(t, 'ProjectOverzichten_TonenEnGebruiken', false);
    }
  });

  it('ExitOrderDetails(Project), GetExitOrderImages and ExitOrdersDocs answer GET ExitOrders/{id}', async () => {
    const { id } = await exitWithPhotos();
    const v2 = await get<ExitDetail>(`/api/v2.0/ExitOrders/${id}`);
    expect(v2.photos.length).toBeGreaterThan(0);
    for (const action of ['ExitOrderDetails', 'ExitOrderDetailsProject']) {
      expect(await legacyOk(`MaterieelExitOrder/${action}`, { id })).toMatchObject(exitDetail(v2));
      expect(
        await legacyOk(`MaterieelExitOrder/${action}`, { exitOrderNummer: v2.exitOrderNo }),
      ).toMatchObject({ id });
    }
    expect(await legacyOk('MaterieelExitOrder/GetExitOrderImages', { id })).toEqual({
      afbeeldingen: photosOf(v2),
    });
    expect(await legacyOk('MaterieelExitOrder/ExitOrdersDocs', { exitOrderNummer: v2.exitOrderNo })).toEqual({
      documenten: documentsOf(v2.documents),
    });
  });
});

// (runs last: it reads which calls the tests above made)
describe('the API document', () => {
  it('holds no MaterieelOrder or MaterieelExitOrder call these tests left out (20 + 6)', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as { paths: Record<string, unknown> };
    const declared = Object.keys(doc.paths)
      .filter((p) => /^\/api\/Materieel(Exit)?Order\//.test(p))
      .map((p) => p.slice('/api/'.length))
      .sort();
    expect(declared.filter((p) => p.startsWith('MaterieelOrder/'))).toHaveLength(20);
    expect(declared.filter((p) => p.startsWith('MaterieelExitOrder/'))).toHaveLength(6);
    expect([...called].sort()).toEqual(declared);
  });
});
