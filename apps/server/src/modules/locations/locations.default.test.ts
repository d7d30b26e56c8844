// The location chosen for a user who has none chosen (issue #36 point 5): the only one, else the last chosen while
// the user still has it.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { locationMemberships, plantLocations, users } from '../../db/schema/index.ts';

const VANDIJK = 'uitvoerder@vandijk.nl';
const READ_ONLY = 'administratie@vandijk.nl';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function defaultOf(email: string): Promise<string | null> {
  const r = await t.app.inject({ url: '/api/v2.0/PlantLocations', headers: await t.auth(email) });
  expect(r.statusCode).toBe(200);
  return r.json().defaultLocationNo;
}

async function choose(email: string | null, locationNo: string) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/v2.0/PlantLocations/${encodeURIComponent(locationNo)}/chosen`,
    headers: email ? await t.auth(email) : {},
  });
}

describe('the default location', () => {
  it('is the only location of a user with one', async () => {
    expect(await defaultOf(READ_ONLY)).toBe('P-24001');
  });

  it('is none for a user with several who never chose one, then the last one chosen', async () => {
    expect(await defaultOf(VANDIJK)).toBeNull();
    expect((await choose(VANDIJK, 'P-24003')).statusCode).toBe(204);
    expect(await defaultOf(VANDIJK)).toBe('P-24003');
    expect((await choose(VANDIJK, 'P-24002')).statusCode).toBe(204);
    expect(await defaultOf(VANDIJK)).toBe('P-24002');
  });

  it("refuses a location the user may not pick (another customer's, unknown) and keeps the last one", async () => {
    const foreign = await choose(VANDIJK, 'P-24008');
    expect([foreign.statusCode, foreign.json().code]).toEqual([404, 'error.locatie_onbekend']);
    expect((await choose(VANDIJK, 'NOPE-1')).statusCode).toBe(404);
    expect(await defaultOf(VANDIJK)).toBe('P-24002');
    expect((await choose(null, 'P-24002')).statusCode).toBe(401);
  });

  it('never chooses a location the user lost', async () => {
    expect((await choose(VANDIJK, 'P-24004')).statusCode).toBe(204);
    const [user] = await t.deps.db.select({ id: users.id }).from(users).where(eq(users.email, VANDIJK));
    const [location] = await t.deps.db
      .select({ id: plantLocations.id })
      .from(plantLocations)
      .where(eq(plantLocations.locationNo, 'P-24004'));
    await t.deps.db
      .delete(locationMemberships)
      .where(and(eq(locationMemberships.userId, user.id), eq(locationMemberships.locationId, location.id)));
    expect(await defaultOf(VANDIJK)).toBeNull();
  });
});
