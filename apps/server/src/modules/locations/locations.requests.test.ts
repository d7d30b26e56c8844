import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  locationMemberships,
  locationRequests,
  mailOutbox,
  plantLocations,
  users,
} from '../../db/schema/index.ts';

const ADMIN = 'admin@materieelportaal.nl';
const DEPARTMENT = 'materieeldienst@materieelportaal.nl';
const EXTERNAL = 'projectleider@infranoord.nl';
const INTERNAL = 'uitvoerder@vandijk.nl';
const READ_ONLY = 'administratie@vandijk.nl';

let t: TestApp;
let n = 0;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function call(method: 'GET' | 'POST', url: string, email?: string, payload?: object, key?: string) {
  const headers: Record<string, string> = email ? await t.auth(email) : {};
  if (key) headers['idempotency-key'] = key;
  return t.app.inject({ method, url, headers, payload });
}
const ask = (email: string, over: Record<string, unknown> = {}) =>
  call(
    'POST',
    '/api/v2.0/LocationRequests',
    email,
    { description: 'Viaduct A28', street: 'Rijksweg 28', city: 'Meppel', startDate: '2030-02-01', ...over },
    `req-${++n}`,
  );
const userId = async (email: string) =>
  (await t.deps.db.select().from(users).where(eq(users.email, email)))[0].id;

describe('location requests', () => {
  it('an external user asks; the department is mailed and sees it in its queue; a retry adds nothing', async () => {
    const key = 'same-key-1';
    const body = { description: 'Sluis Kornwerderzand', comment: 'Start in maart' };
    const r = await call('POST', '/api/v2.0/LocationRequests', EXTERNAL, body, key);
    expect(r.statusCode).toBe(201);
    expect(r.json()).toMatchObject({
      status: 'open',
      description: 'Sluis Kornwerderzand',
      customerNo: 'K-10112',
    });
    const again = await call('POST', '/api/v2.0/LocationRequests', EXTERNAL, body, key);
    expect(again.json().id).toBe(r.json().id);
    expect(again.headers['idempotent-replayed']).toBe('true');
    const mails = await t.deps.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.type, 'NewPlantLocationRequest'), eq(mailOutbox.to, DEPARTMENT)));
    expect(mails.filter((m) => m.subject.includes('Sluis Kornwerderzand'))).toHaveLength(1);
    const queue = await call('GET', '/api/v2.0/Department/location-requests', DEPARTMENT);
    expect(queue.statusCode).toBe(200);
    expect(queue.json().requests.filter((q: { id: string }) => q.id === r.json().id)).toHaveLength(1);
  });

  it('only the department sees the queue and decides (403 for everyone else); anonymous 401', async () => {
    const id = (await ask(EXTERNAL)).json().id;
    for (const email of [EXTERNAL, INTERNAL, READ_ONLY]) {
      expect((await call('GET', '/api/v2.0/Department/location-requests', email)).statusCode).toBe(403);
      const approve = await call('POST', `/api/v2.0/Department/location-requests/${id}/approve`, email, {
        locationNo: 'P-29201',
        customerNo: 'K-10112',
      });
      expect(approve.statusCode).toBe(403);
    }
    expect((await call('GET', '/api/v2.0/Department/location-requests')).statusCode).toBe(401);
    expect(
      (await call('POST', '/api/v2.0/LocationRequests', undefined, { description: 'x' }, 'k-anon'))
        .statusCode,
    ).toBe(401);
    const row = (await t.deps.db.select().from(locationRequests).where(eq(locationRequests.id, id)))[0];
    expect(row.status).toBe('open');
    expect(
      await t.deps.db.select().from(plantLocations).where(eq(plantLocations.locationNo, 'P-29201')),
    ).toHaveLength(0);
  });

  it('approving creates the location and the requester’s membership, mails the requester; twice is refused', async () => {
    const id = (await ask(EXTERNAL, { description: 'Brug Zwartsluis' })).json().id;
    const taken = await call('POST', `/api/v2.0/Department/location-requests/${id}/approve`, DEPARTMENT, {
      locationNo: 'P-24001',
      customerNo: 'K-10112',
    });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().code).toBe('Locatie.aanmaken.nummer_bestaat');
    const r = await call('POST', `/api/v2.0/Department/location-requests/${id}/approve`, DEPARTMENT, {
      locationNo: 'P-29202',
      customerNo: 'K-10112',
    });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ status: 'approved', locationNo: 'P-29202' });
    const [loc] = await t.deps.db
      .select()
      .from(plantLocations)
      .where(eq(plantLocations.locationNo, 'P-29202'));
    expect(loc).toMatchObject({ description: 'Brug Zwartsluis', city: 'Meppel', startDate: '2030-02-01' });
    const members = await t.deps.db
      .select()
      .from(locationMemberships)
      .where(eq(locationMemberships.locationId, loc.id));
    expect(members).toEqual([expect.objectContaining({ userId: await userId(EXTERNAL), role: 'user' })]);
    const mine = (await call('GET', '/api/v2.0/PlantLocations', EXTERNAL)).json().plantLocations;
    expect(mine.map((l: { locationNo: string }) => l.locationNo)).toContain('P-29202');
    const mails = await t.deps.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.type, 'PlantLocationRequestApproved'), eq(mailOutbox.to, EXTERNAL)));
    expect(mails.some((m) => m.subject.includes('P-29202'))).toBe(true);
    const twice = await call('POST', `/api/v2.0/Department/location-requests/${id}/reject`, ADMIN, {
      reason: 'x',
    });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().code).toBe('Locatie.aanvragen.al_behandeld');
  });

  it('rejecting needs a reason, mails the requester and creates nothing; unknown 404', async () => {
    const id = (await ask(EXTERNAL, { description: 'Tunnel Hattem' })).json().id;
    expect(
      (await call('POST', `/api/v2.0/Department/location-requests/${id}/reject`, DEPARTMENT, { reason: '' }))
        .statusCode,
    ).toBe(400);
    const r = await call('POST', `/api/v2.0/Department/location-requests/${id}/reject`, DEPARTMENT, {
      reason: 'Project valt buiten ons werkgebied',
    });
    expect(r.json()).toMatchObject({
      status: 'rejected',
      rejectReason: 'Project valt buiten ons werkgebied',
      locationNo: null,
    });
    const mails = await t.deps.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.type, 'PlantLocationRequestRejected'), eq(mailOutbox.to, EXTERNAL)));
    expect(mails.some((m) => m.html.includes('werkgebied'))).toBe(true);
    const unknown = await call(
      'POST',
      '/api/v2.0/Department/location-requests/00000000-0000-4000-8000-000000000000/reject',
      DEPARTMENT,
      { reason: 'x' },
    );
    expect(unknown.statusCode).toBe(404);
    const rejected = await call('GET', '/api/v2.0/Department/location-requests?status=rejected', DEPARTMENT);
    expect(rejected.json().requests.map((q: { id: string }) => q.id)).toContain(id);
  });

  it('legacy LocatieAanvragen/LocatieAanvragen stores a request', async () => {
    const r = await call(
      'POST',
      '/api/LocatieAanvragen/LocatieAanvragen',
      EXTERNAL,
      { omschrijving: 'Legacy aanvraag', plaats: 'Kampen' },
      'legacy-req-1',
    );
    expect(r.statusCode).toBe(200);
    const [row] = await t.deps.db.select().from(locationRequests).where(eq(locationRequests.id, r.json().id));
    expect(row).toMatchObject({ description: 'Legacy aanvraag', city: 'Kampen', status: 'open' });
  });
});
