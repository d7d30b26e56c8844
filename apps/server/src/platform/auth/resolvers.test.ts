import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { users } from '../../db/schema/index.ts';
import { toAuthUser } from '../../modules/auth/auth.common.ts';
import { selectComplaint } from '../../modules/complaints/complaints.queries.ts';
import { selectDocument } from '../../modules/documents/documents.queries.ts';
import { selectFavouriteList } from '../../modules/favourites/favourites.queries.ts';
import { selectInvoice } from '../../modules/invoices/invoices.queries.ts';
import { selectOrderList } from '../../modules/order-lists/order-lists.queries.ts';
import { selectListAccess } from '../../modules/order-lists/order-lists.submit.queries.ts';
import { selectExitOrder, selectOrder } from '../../modules/orders/orders.read.queries.ts';
import { orderArea } from '../../modules/orders/orders.service.ts';
import { selectRequest } from '../../modules/requests/requests.queries.ts';
import { selectPlantByNo } from '../../modules/stock/stock.queries.ts';
import { selectUser } from '../../modules/users/users.queries.ts';
import { AppError } from '../errors.ts';
import type { Ctx } from '../http/context.ts';
import { locationFilter, locationWithRoleJsonSql, requireAccess } from './access.ts';

// One test per resolver of platform/auth/resolvers/ (issue #32 item 2): a user of one customer asks for what belongs to
// another customer and is refused exactly as for something unknown (404), or with 403 where that is today's answer.
// Van Dijk (K-10045): P-24001..P-24007, uitvoerder@ (member of P-24001..4, 7), administratie@ (read-only on P-24001),
// directie@ (management, member of all).
// Infra Noord (K-10112): P-24008..P-24012, projectleider@, a.postma@ (P-24009, P-24012), sleutel@ (its key user).

const VAN_DIJK = 'uitvoerder@vandijk.nl';
const READ_ONLY = 'administratie@vandijk.nl';
const INFRA = 'projectleider@infranoord.nl';
const INFRA_KEY_USER = 'sleutel@infranoord.nl';
const ADMIN = 'admin@materieelportaal.nl';
const DEPARTMENT = 'materieeldienst@materieelportaal.nl';
const MANAGEMENT = 'directie@vandijk.nl';
const UNKNOWN_ID = '00000000-0000-0000-0000-000000000000';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function ctxFor(email: string | null): Promise<Ctx> {
  let user = null;
  if (email) {
    const [row] = await t.deps.db.select().from(users).where(eq(users.email, email));
    user = toAuthUser(row);
  }
  return {
    user,
    locale: 'nl-NL',
    db: t.deps.db,
    now: new Date(),
    ip: '127.0.0.1',
    settings: () => t.deps.loadSettings(t.deps.db),
  };
}

/** 'ok', or the refusal as "status code". */
async function outcome(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return 'ok';
  } catch (e) {
    if (!(e instanceof AppError)) throw e;
    return `${e.status} ${e.code}`;
  }
}

async function one<T>(query: ReturnType<typeof sql>): Promise<T> {
  const r = await t.database.db.execute(query);
  expect(r.rows, 'the demo data holds what this test needs').toHaveLength(1);
  return r.rows[0] as T;
}

const locationIdOf = (no: string) =>
  one<{ id: string }>(sql`select id from plant_locations where location_no = ${no}`).then((r) => r.id);
const userIdOf = (email: string) =>
  one<{ id: string }>(sql`select id from users where email = ${email}`).then((r) => r.id);

describe('location (resolvers/location.ts)', () => {
  it("refuses another customer's location by number, by key and read with its rows: 404 as an unknown one", async () => {
    const ctx = await ctxFor(VAN_DIJK);
    const foreign = await locationIdOf('P-24008');
    const [json] = (
      await t.database.db.execute<{ location: never }>(
        sql.raw(
          `select ${locationWithRoleJsonSql(`p.location_no = 'P-24008'`, `'${ctx.user?.id}'::uuid`)} as location`,
        ),
      )
    ).rows;
    const answers = await Promise.all([
      outcome(requireAccess(ctx, { permission: 'location.read', locationNo: 'P-24008' })),
      outcome(requireAccess(ctx, { permission: 'location.write', locationNo: 'P-24008' })),
      outcome(requireAccess(ctx, { permission: 'location.read', locationId: foreign })),
      outcome(requireAccess(ctx, { permission: 'location.read', location: json.location })),
      outcome(requireAccess(ctx, { permission: 'location.read', locationNo: 'P-99999' })),
      outcome(requireAccess(ctx, { permission: 'location.read', locationId: UNKNOWN_ID })),
    ]);
    expect(new Set(answers)).toEqual(new Set(['404 error.locatie_onbekend']));
    const own = await requireAccess(ctx, { permission: 'location.write', locationNo: 'P-24001' });
    expect(own).toMatchObject({ locationNo: 'P-24001', role: 'user', writable: true });
  });

  it('gives the read-only role 403 on a write, and checks the area first', async () => {
    const ctx = await ctxFor(READ_ONLY);
    expect(await outcome(requireAccess(ctx, { permission: 'location.write', locationNo: 'P-24001' }))).toBe(
      '403 error.alleen_lezen',
    );
    expect(await requireAccess(ctx, { permission: 'location.read', locationNo: 'P-24001' })).toMatchObject({
      role: 'administration',
      writable: false,
    });
    const external = await ctxFor(INFRA);
    expect(
      await outcome(
        requireAccess(external, {
          permission: 'location.read',
          area: 'AppNieuweLocatieAanmaken',
          locationNo: 'P-99999',
        }),
      ),
    ).toBe('403 error.geen_toegang');
  });

  it("lets a key user in on its own customer's locations where the call says so, never on another's", async () => {
    const ctx = await ctxFor(INFRA_KEY_USER);
    // P-24009 is Infra Noord's, the key user is no member there
    expect(await outcome(requireAccess(ctx, { permission: 'location.read', locationNo: 'P-24009' }))).toBe(
      '404 error.locatie_onbekend',
    );
    expect(
      await requireAccess(ctx, { permission: 'location.write', locationNo: 'P-24009', keyUser: true }),
    ).toMatchObject({ locationNo: 'P-24009', role: null, writable: true });
    expect(
      await outcome(
        requireAccess(ctx, { permission: 'location.read', locationNo: 'P-24001', keyUser: true }),
      ),
    ).toBe('404 error.locatie_onbekend');
  });
});

describe('locations, for lists (resolvers/location.ts)', () => {
  it("leaves another customer's locations out of the ids and of the SQL filter", async () => {
    const ctx = await ctxFor(VAN_DIJK);
    const ids = await requireAccess(ctx, { permission: 'locations.read' });
    const rows = await t.database.db.execute<{ location_no: string }>(
      sql`select location_no from plant_locations p where ${locationFilter(ids, sql`p.id`)} order by 1`,
    );
    expect(rows.rows.map((r) => r.location_no)).toEqual([
      'P-24001',
      'P-24002',
      'P-24003',
      'P-24004',
      'P-24007',
    ]);
    const some = await requireAccess(ctx, {
      permission: 'location.read',
      locationIds: [await locationIdOf('P-24001'), await locationIdOf('P-24008'), 'geen-uuid'],
    });
    expect(some.map((l) => l.locationNo)).toEqual(['P-24001']);
    expect(await requireAccess(await ctxFor(READ_ONLY), { permission: 'locations.write' })).toEqual([]);
    expect(await requireAccess(await ctxFor(ADMIN), { permission: 'locations.read' })).toBe('all');
  });
});

describe('location members (resolvers/location.ts)', () => {
  it("refuses another customer's key user (404), a plain member (403) and a user out of reach (404)", async () => {
    const keyUser = await ctxFor(INFRA_KEY_USER);
    expect(
      await outcome(requireAccess(keyUser, { permission: 'location.members', locationNo: 'P-24001' })),
    ).toBe('404 error.locatie_onbekend');
    expect(
      await outcome(requireAccess(keyUser, { permission: 'location.members', locationNo: 'P-24009' })),
    ).toBe('ok');
    const vanDijkUser = await userIdOf(VAN_DIJK);
    expect(
      await outcome(
        requireAccess(keyUser, {
          permission: 'location.members',
          locationNo: 'P-24009',
          userId: vanDijkUser,
        }),
      ),
    ).toBe('404 error.niet_gevonden');
    const member = await ctxFor(VAN_DIJK);
    expect(
      await outcome(requireAccess(member, { permission: 'location.members', locationNo: 'P-24001' })),
    ).toBe('403 error.geen_toegang');
  });
});

describe('areas and roles (resolvers/roles.ts)', () => {
  it("refuses a customer's user the department's and the admin's calls, and a visitor when anonymous use is off", async () => {
    const ctx = await ctxFor(VAN_DIJK);
    expect(await outcome(requireAccess(ctx, { permission: 'department' }))).toBe('403 error.geen_toegang');
    expect(await outcome(requireAccess(ctx, { permission: 'admin' }))).toBe('403 error.geen_toegang');
    expect(await outcome(requireAccess(ctx, { permission: 'area.read', area: 'AppRapportage' }))).toBe(
      '403 error.geen_toegang',
    );
    expect(await outcome(requireAccess(await ctxFor(DEPARTMENT), { permission: 'department' }))).toBe('ok');
    expect(await outcome(requireAccess(await ctxFor(null), { permission: 'visitor' }))).toBe(
      '401 error.niet_ingelogd',
    );
  });
});

describe('users (resolvers/roles.ts)', () => {
  it("refuses a key user another customer's user and an admin (404 as unknown), and a plain user the pages (403)", async () => {
    const keyUser = await ctxFor(INFRA_KEY_USER);
    const manage = (id: string) =>
      requireAccess(keyUser, { permission: 'user.manage', load: () => selectUser(t.deps.db, id) });
    expect(await outcome(manage(await userIdOf(VAN_DIJK)))).toBe('404 error.niet_gevonden');
    expect(await outcome(manage(await userIdOf(ADMIN)))).toBe('404 error.niet_gevonden');
    expect(await outcome(manage(UNKNOWN_ID))).toBe('404 error.niet_gevonden');
    expect(await outcome(manage(await userIdOf('a.postma@infranoord.nl')))).toBe('ok');
    expect(await requireAccess(keyUser, { permission: 'users.manage' })).toMatchObject({
      customerId: keyUser.user?.customerId,
    });
    expect(await outcome(requireAccess(await ctxFor(VAN_DIJK), { permission: 'users.manage' }))).toBe(
      '403 error.geen_toegang',
    );
  });
});

describe('customer (resolvers/roles.ts)', () => {
  it("refuses another customer's whole data (404 as an unknown one), and a user of no customer any", async () => {
    const [vanDijk, infra] = await Promise.all([ctxFor(VAN_DIJK), ctxFor(INFRA)]);
    const own = vanDijk.user?.customerId as string;
    expect(await requireAccess(vanDijk, { permission: 'customer.read' })).toBe(own);
    expect(await requireAccess(vanDijk, { permission: 'customer.read', customerId: own })).toBe(own);
    expect(
      await outcome(
        requireAccess(vanDijk, { permission: 'customer.read', customerId: infra.user?.customerId }),
      ),
    ).toBe('404 error.niet_gevonden');
    expect(await outcome(requireAccess(await ctxFor(DEPARTMENT), { permission: 'customer.read' }))).toBe(
      '404 error.niet_gevonden',
    );
    expect(await requireAccess(await ctxFor(ADMIN), { permission: 'customer.read' })).toBeNull();
  });
});

describe('favourite list (resolvers/resources.ts)', () => {
  it("refuses another customer's user's list: the list's 404, as an unknown one", async () => {
    const other = await ctxFor(INFRA);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v2.0/FavoriteLists',
      headers: await t.auth(INFRA),
      payload: { name: 'Infra favorieten', plantLocation: 'P-24008' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    const ask = (ctx: Ctx, listId: string) =>
      requireAccess(ctx, {
        permission: 'favouriteList.read',
        load: () => selectFavouriteList(t.deps.db, listId),
        notFound: () =>
          new AppError('not_found', 'error.niet_gevonden', { details: { favoriteListId: listId } }),
      });
    expect(await outcome(ask(other, id))).toBe('ok');
    const ctx = await ctxFor(VAN_DIJK);
    expect(await outcome(ask(ctx, id))).toBe('404 error.niet_gevonden');
    expect(await outcome(ask(ctx, UNKNOWN_ID))).toBe('404 error.niet_gevonden');
  });
});

describe('order list (resolvers/resources.ts)', () => {
  it("refuses another customer's order list: by its location (the location's 404) and by its key (the list's)", async () => {
    const owner = await ctxFor(INFRA);
    const { id } = await one<{ id: string }>(sql`
      insert into order_lists (user_id, location_id, name)
      select u.id, p.id, 'Infra lijst' from users u, plant_locations p
      where u.email = ${INFRA} and p.location_no = 'P-24008' returning id`);
    const atLocation = (ctx: Ctx, locationNo: string) =>
      requireAccess(ctx, {
        permission: 'orderList.read',
        area: 'AppBestellijst',
        locationNo,
        load: () => selectOrderList(t.deps.db, id),
        notFound: () => new AppError('not_found', 'error.niet_gevonden', { details: { orderListId: id } }),
      });
    const byKey = (ctx: Ctx) =>
      requireAccess(ctx, {
        permission: 'orderList.write',
        load: () => selectListAccess(t.deps.db, id, ctx.user?.id as string),
        notFound: () => new AppError('not_found', 'error.niet_gevonden', { details: { orderListId: id } }),
      });
    expect(await outcome(atLocation(owner, 'P-24008'))).toBe('ok');
    expect(await outcome(byKey(owner))).toBe('ok');
    const ctx = await ctxFor(VAN_DIJK);
    expect(await outcome(atLocation(ctx, 'P-24008'))).toBe('404 error.locatie_onbekend');
    expect(await outcome(atLocation(ctx, 'P-24001'))).toBe('404 error.niet_gevonden');
    expect(await outcome(byKey(ctx))).toBe('404 error.niet_gevonden');
  });
});

describe('document (resolvers/resources.ts)', () => {
  it("refuses a document at another customer's location: 404 as an unknown one", async () => {
    const doc = await one<{ document_system_id: string }>(sql`
      select d.document_system_id from documents d
      left join plants p on p.id = d.plant_id left join plant_orders o on o.id = d.order_id
      left join sales_invoices si on si.id = d.invoice_id
      join plant_locations l on l.id = coalesce(d.location_id, p.location_id, o.location_id, si.location_id)
      where l.location_no = 'P-24008' order by d.document_system_id limit 1`);
    const ask = (ctx: Ctx, id: string) =>
      requireAccess(ctx, {
        permission: 'document.read',
        load: () => selectDocument(t.deps.db, id),
        notFound: () => new AppError('not_found', 'error.niet_gevonden'),
      });
    expect(await outcome(ask(await ctxFor(INFRA), doc.document_system_id))).toBe('ok');
    const ctx = await ctxFor(VAN_DIJK);
    expect(await outcome(ask(ctx, doc.document_system_id))).toBe('404 error.niet_gevonden');
    expect(await outcome(ask(ctx, 'GEEN-DOCUMENT'))).toBe('404 error.niet_gevonden');
  });
});

describe('invoice (resolvers/resources.ts)', () => {
  it("refuses an invoice at another customer's location: 404 as an unknown one; the department reads it", async () => {
    const invoice = await one<{ id: string }>(sql`
      select s.id from sales_invoices s join plant_locations l on l.id = s.location_id
      where l.location_no = 'P-24008' order by s.document_no limit 1`);
    const ask = (ctx: Ctx, id: string) =>
      requireAccess(ctx, {
        permission: 'invoice.read',
        load: () => selectInvoice(t.deps.db, { id }, '2026-01-01'),
        notFound: () => new AppError('not_found', 'error.niet_gevonden', { details: { id } }),
      });
    expect(await outcome(ask(await ctxFor(INFRA), invoice.id))).toBe('ok');
    expect(await outcome(ask(await ctxFor(DEPARTMENT), invoice.id))).toBe('ok');
    const ctx = await ctxFor(VAN_DIJK);
    expect(await outcome(ask(ctx, invoice.id))).toBe('404 error.niet_gevonden');
    expect(await outcome(ask(ctx, UNKNOWN_ID))).toBe('404 error.niet_gevonden');
  });
});

describe('order (resolvers/resources.ts)', () => {
  it("refuses an order at another customer's location: 404 as an unknown one, whatever the caller's areas", async () => {
    const order = await one<{ id: string }>(sql`
      select o.id from plant_orders o join plant_locations l on l.id = o.location_id
      where l.location_no = 'P-24001' and o.kind = 'delivery' order by o.order_no limit 1`);
    const ask = (ctx: Ctx, id: string) =>
      requireAccess(ctx, {
        permission: 'order.read',
        load: () => selectOrder(t.deps.db, { id }),
        areaOf: (row) => orderArea[row.kind],
        notFound: () => new AppError('not_found', 'error.niet_gevonden', { details: { id } }),
      });
    expect(await outcome(ask(await ctxFor(VAN_DIJK), order.id))).toBe('ok');
    expect(await outcome(ask(await ctxFor(READ_ONLY), order.id))).toBe('ok');
    const ctx = await ctxFor(INFRA);
    expect(await outcome(ask(ctx, order.id))).toBe('404 error.niet_gevonden');
    expect(await outcome(ask(ctx, UNKNOWN_ID))).toBe('404 error.niet_gevonden');
  });
});

describe('exit order (resolvers/resources.ts)', () => {
  it("refuses an exit order at another customer's location: 404 as an unknown one", async () => {
    const exit = await one<{ id: string }>(sql`
      select x.id from exit_orders x join plant_locations l on l.id = x.location_id
      where l.location_no = 'P-24001' order by x.exit_order_no limit 1`);
    const ask = (ctx: Ctx, id: string) =>
      requireAccess(ctx, {
        permission: 'exitOrder.read',
        load: () => selectExitOrder(t.deps.db, { id }),
        notFound: () => new AppError('not_found', 'error.niet_gevonden', { details: { id } }),
      });
    expect(await outcome(ask(await ctxFor(VAN_DIJK), exit.id))).toBe('ok');
    const ctx = await ctxFor(INFRA);
    expect(await outcome(ask(ctx, exit.id))).toBe('404 error.niet_gevonden');
    expect(await outcome(ask(ctx, UNKNOWN_ID))).toBe('404 error.niet_gevonden');
  });
});

describe('plant (resolvers/resources.ts)', () => {
  it("refuses a plant on another customer's location, and one on no location: 404 as an unknown one", async () => {
    const plant = await one<{ plantNo: string }>(sql`
      select p.plant_no as "plantNo" from plants p join plant_locations l on l.id = p.location_id
      where l.location_no = 'P-24001' order by p.plant_no limit 1`);
    const inDepot = await one<{ plantNo: string }>(sql`
      select plant_no as "plantNo" from plants where location_id is null order by plant_no limit 1`);
    const ask = (ctx: Ctx, plantNo: string) =>
      requireAccess(ctx, {
        permission: 'plant.read',
        load: () => selectPlantByNo(t.deps.db, plantNo),
        notFound: () => new AppError('not_found', 'error.niet_gevonden', { details: { plantNo } }),
      });
    const own = await requireAccess(await ctxFor(VAN_DIJK), {
      permission: 'plant.read',
      load: () => selectPlantByNo(t.deps.db, plant.plantNo),
      notFound: () => new AppError('not_found', 'error.niet_gevonden'),
    });
    expect(own.location.locationNo).toBe('P-24001');
    const ctx = await ctxFor(INFRA);
    expect(await outcome(ask(ctx, plant.plantNo))).toBe('404 error.niet_gevonden');
    expect(await outcome(ask(ctx, inDepot.plantNo))).toBe('404 error.niet_gevonden');
    expect(await outcome(ask(ctx, 'GEEN-PLANT'))).toBe('404 error.niet_gevonden');
  });
});

describe('request (resolvers/resources.ts)', () => {
  it("refuses a request at another customer's location (404 as an unknown one), the read-only role a write (403)", async () => {
    const request = await one<{ id: string }>(sql`
      select r.id from plant_requests r join plant_locations l on l.id = r.location_id
      where l.location_no = 'P-24001' order by r.request_no limit 1`);
    const ask = (ctx: Ctx, id: string, action: 'read' | 'write', department?: boolean) =>
      requireAccess(ctx, {
        permission: action === 'read' ? 'request.read' : 'request.write',
        department,
        load: () => selectRequest(t.deps.db, id),
        notFound: () => new AppError('not_found', 'error.niet_gevonden', { details: { id } }),
      });
    const [owner, readOnly, infra, department] = await Promise.all([
      ctxFor(VAN_DIJK),
      ctxFor(READ_ONLY),
      ctxFor(INFRA),
      ctxFor(DEPARTMENT),
    ]);
    expect(await outcome(ask(owner, request.id, 'write'))).toBe('ok');
    expect(await outcome(ask(readOnly, request.id, 'read'))).toBe('ok');
    expect(await outcome(ask(readOnly, request.id, 'write'))).toBe('403 error.alleen_lezen');
    expect(await outcome(ask(infra, request.id, 'read'))).toBe('404 error.niet_gevonden');
    expect(await outcome(ask(infra, UNKNOWN_ID, 'read'))).toBe('404 error.niet_gevonden');
    // the department reads every customer's; a customer's user is no department (403 before the request is read)
    expect(await outcome(ask(department, request.id, 'read', true))).toBe('ok');
    expect(await outcome(ask(infra, request.id, 'read', true))).toBe('403 error.geen_toegang');
  });
});

describe('complaint (resolvers/resources.ts)', () => {
  it("refuses a complaint at another customer's location (404 as an unknown one), the read-only role and management a write (403)", async () => {
    const complaint = await one<{ id: string }>(sql`
      select c.id from complaints c join plant_locations l on l.id = c.location_id
      where l.location_no = 'P-24001' order by c.complaint_no limit 1`);
    const ask = (ctx: Ctx, id: string, action: 'read' | 'write', department?: boolean) =>
      requireAccess(ctx, {
        permission: action === 'read' ? 'complaint.read' : 'complaint.write',
        department,
        load: () => selectComplaint(t.deps.db, { id }),
        notFound: () => new AppError('not_found', 'error.niet_gevonden', { details: { id } }),
      });
    const [owner, readOnly, infra, department, management] = await Promise.all([
      ctxFor(VAN_DIJK),
      ctxFor(READ_ONLY),
      ctxFor(INFRA),
      ctxFor(DEPARTMENT),
      ctxFor(MANAGEMENT),
    ]);
    expect(await outcome(ask(owner, complaint.id, 'write'))).toBe('ok');
    expect(await outcome(ask(readOnly, complaint.id, 'read'))).toBe('ok');
    expect(await outcome(ask(readOnly, complaint.id, 'write'))).toBe('403 error.alleen_lezen');
    expect(await outcome(ask(infra, complaint.id, 'read'))).toBe('404 error.niet_gevonden');
    expect(await outcome(ask(infra, complaint.id, 'write'))).toBe('404 error.niet_gevonden');
    expect(await outcome(ask(infra, UNKNOWN_ID, 'read'))).toBe('404 error.niet_gevonden');
    expect(await outcome(ask(department, complaint.id, 'write', true))).toBe('ok');
    expect(await outcome(ask(infra, complaint.id, 'read', true))).toBe('403 error.geen_toegang');
    // management reads its own customer's complaints where it is no member, and writes there not
    const managementId = await userIdOf(MANAGEMENT);
    const locationId = await locationIdOf('P-24001');
    await t.database.db.execute(
      sql`delete from location_memberships where user_id = ${managementId} and location_id = ${locationId}`,
    );
    try {
      expect(await outcome(ask(management, complaint.id, 'read'))).toBe('ok');
      expect(await outcome(ask(management, complaint.id, 'write'))).toBe('403 error.geen_toegang');
    } finally {
      await t.database.db.execute(sql`insert into location_memberships (user_id, location_id, role)
        values (${managementId}, ${locationId}, 'user')`);
    }
  });
});
