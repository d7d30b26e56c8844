import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { EXTERNAL, USER } from '../order-lists/ordering.test-support.ts';

// Issue #12 part 5: each order call checks the functional area of its kind (product §6), and only that one.
// why: in today's matrix (decision 0002) every signed-in customer holds all five order areas and
// users.permissions only adds, so no real user lacks one; the test takes one area away from everybody (the
// matrix's `can`, which platform/auth/access.ts asks) to show which calls refuse with 403 and which still answer.
const denied = vi.hoisted(() => new Set<string>());
vi.mock('@mp/contract/permissions', async (importOriginal) => {
  const real = await importOriginal<typeof import('@mp/contract/permissions')>();
  return {
    ...real,
    can: (...args: Parameters<typeof real.can>) => !denied.has(args[1]) && real.can(...args),
  };
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});
afterEach(() => denied.clear());

async function status(url: string, body?: object, email = USER): Promise<number> {
  const r = await t.app.inject({
    method: body ? 'POST' : 'GET',
    url,
    ...(body ? { payload: body } : {}),
    headers: await t.auth(email),
  });
  if (r.statusCode === 403) expect(r.json().code, url).toBe('error.geen_toegang');
  return r.statusCode;
}

/** One of USER's orders of this kind with its location. */
async function orderOf(kind: string): Promise<{ id: string; loc: string }> {
  const r = await t.database.db.execute<{ id: string; loc: string }>(sql`
    select o.id, l.location_no as loc from plant_orders o join plant_locations l on l.id = o.location_id
    join location_memberships m on m.location_id = o.location_id join users u on u.id = m.user_id
    where u.email = ${USER} and o.kind = ${kind}::order_kind order by o.order_no limit 1`);
  return r.rows[0] as { id: string; loc: string };
}

const kinds = [
  [
    'delivery',
    'AppMaterieelordersAanvoer',
    'GetGeleverdeOrders',
    'GetGeleverdeOrderDetails',
    'GetOrderGeleverdKosten',
  ],
  [
    'removal',
    'AppMaterieelordersAfvoer',
    'GetAfgevoerdeOrders',
    'GetAfgevoerdeOrderDetails',
    'GetOrderAfgevoerdKosten',
  ],
  [
    'move_to',
    'AppMaterieelordersVerplaatsingNaar',
    'GetVerplaasteOrders',
    'GetVerplaastOrderDetails',
    'GetOrderVerplaastKosten',
  ],
  [
    'move_from',
    'AppMaterieelordersVerplaatsingVan',
    'GetVerplaasteOrders',
    'GetVerplaastOrderDetails',
    'GetOrderVerplaastKosten',
  ],
] as const;

describe('an order kind without its functional area', () => {
  for (const [kind, area, list, details, costs] of kinds) {
    it(`${area} missing: the ${kind} list, order, costs and documents answer 403; the other kinds answer`, async () => {
      const { id, loc } = await orderOf(kind);
      const other = kinds.find(([k]) => k !== kind && k !== 'move_to' && k !== 'move_from') ?? kinds[0];
      const otherOrder = await orderOf(other[0]);
      denied.add(area);

      expect(await status(`/api/v2.0/PlantOrders?plantLocation=${loc}&kind=${kind}`)).toBe(403);
      expect(await status(`/api/v2.0/PlantOrders/${id}`)).toBe(403);
      expect(await status(`/api/MaterieelOrder/${list}`, { materieelLocatieNr: loc })).toBe(403);
      expect(await status(`/api/MaterieelOrder/${details}`, { id })).toBe(403);
      expect(await status(`/api/MaterieelOrder/${costs}`, { id })).toBe(403);
      expect(await status('/api/MaterieelOrder/GetOrderDocuments', { id })).toBe(403);

      // another kind is unaffected
      expect(await status(`/api/v2.0/PlantOrders?plantLocation=${otherOrder.loc}&kind=${other[0]}`)).toBe(
        200,
      );
      expect(await status(`/api/v2.0/PlantOrders/${otherOrder.id}`)).toBe(200);
      // another customer's order stays a 404: its existence is not told by the area check
      expect(await status(`/api/v2.0/PlantOrders/${id}`, undefined, EXTERNAL)).toBe(404);
    });
  }

  it("a move's other half is not linked when its kind's area is missing", async () => {
    const r = await t.database.db.execute<{ id: string }>(sql`
      select o.id from plant_orders o
      join location_memberships m on m.location_id = o.location_id join users u on u.id = m.user_id
      join location_memberships m2 on m2.location_id = o.counterpart_location_id and m2.user_id = u.id
      where u.email = ${USER} and o.kind = 'move_from' and o.linked_order_id is not null limit 1`);
    const id = r.rows[0]?.id as string;
    const url = `/api/v2.0/PlantOrders/${id}`;
    const shown = await t.app.inject({ url, headers: await t.auth(USER) });
    expect(shown.json().linkedOrder?.kind).toBe('move_to');
    denied.add('AppMaterieelordersVerplaatsingNaar');
    const hidden = await t.app.inject({ url, headers: await t.auth(USER) });
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json().linkedOrder).toBeNull();
  });
});

describe('exit orders without AppExitOrders', () => {
  it('every exit-order call answers 403, and a removal no longer links its exit order', async () => {
    const r = await t.database.db.execute<{ id: string; loc: string; file: string; orderId: string }>(sql`
      select x.id, l.location_no as loc, f.id as file, x.order_id as "orderId" from exit_orders x
      join plant_locations l on l.id = x.location_id join exit_order_files f on f.exit_order_id = x.id
      join location_memberships m on m.location_id = x.location_id join users u on u.id = m.user_id
      where u.email = ${USER} and x.order_id is not null limit 1`);
    const x = r.rows[0] as { id: string; loc: string; file: string; orderId: string };
    const removal = `/api/v2.0/PlantOrders/${x.orderId}`;
    expect((await t.app.inject({ url: removal, headers: await t.auth(USER) })).json().exitOrder?.id).toBe(
      x.id,
    );

    denied.add('AppExitOrders');
    expect(await status(`/api/v2.0/ExitOrders?plantLocation=${x.loc}`)).toBe(403);
    expect(await status(`/api/v2.0/ExitOrders/${x.id}`)).toBe(403);
    expect(await status(`/api/v2.0/ExitOrders/${x.id}/files/${x.file}`)).toBe(403);
    for (const action of ['ExitOrders', 'ExitOrdersProjecten'])
      expect(await status(`/api/MaterieelExitOrder/${action}`, { materieelLocatieNr: x.loc })).toBe(403);
    for (const action of [
      'ExitOrderDetails',
      'ExitOrderDetailsProject',
      'GetExitOrderImages',
      'ExitOrdersDocs',
    ])
      expect(await status(`/api/MaterieelExitOrder/${action}`, { id: x.id })).toBe(403);

    const plain = await t.app.inject({ url: removal, headers: await t.auth(USER) });
    expect(plain.statusCode).toBe(200);
    expect(plain.json().exitOrder).toBeNull();
  });
});
