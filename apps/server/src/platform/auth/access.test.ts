import type { FunctionalArea } from '@mp/contract/permissions';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { plantLocations, users } from '../../db/schema/index.ts';
import { toAuthUser } from '../../modules/auth/auth.common.ts';
import type { Ctx } from '../http/context.ts';
import { requireAccess } from './access.ts';

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

type Action = 'read' | 'write';
const askLocation = (ctx: Ctx, locationNo: string, action: Action) =>
  requireAccess(ctx, { permission: `location.${action}`, locationNo });
const askLocationById = (ctx: Ctx, locationId: string, action: Action) =>
  requireAccess(ctx, { permission: `location.${action}`, locationId });
const locationIds = (ctx: Ctx, action: Action) => requireAccess(ctx, { permission: `locations.${action}` });
const askArea = (ctx: Ctx, area: FunctionalArea, action: Action) =>
  requireAccess(ctx, { permission: `area.${action}`, area });

async function status(p: Promise<unknown>): Promise<number | string> {
  try {
    await p;
    return 'ok';
  } catch (e) {
    return (e as { status: number; code: string }).status;
  }
}

describe('requireAccess: location.read / location.write (resolvers/location.ts)', () => {
  it('lets a member read and write, and returns the location row', async () => {
    const ctx = await ctxFor('uitvoerder@vandijk.nl');
    const access = await askLocation(ctx, 'P-24001', 'write');
    expect(access.locationNo).toBe('P-24001');
    expect(access.role).toBe('user');
    const byId = await askLocationById(ctx, access.locationId, 'read');
    expect(byId.locationId).toBe(access.locationId);
  });

  it('answers 404 for a foreign location exactly as for one that does not exist', async () => {
    const ctx = await ctxFor('uitvoerder@vandijk.nl');
    const [foreign] = await t.deps.db
      .select()
      .from(plantLocations)
      .where(eq(plantLocations.locationNo, 'P-24008'));
    const errors = [];
    for (const check of [
      () => askLocation(ctx, 'P-24008', 'read'),
      () => askLocationById(ctx, foreign.id, 'read'),
      () => askLocation(ctx, 'P-99999', 'read'),
      () => askLocationById(ctx, '00000000-0000-0000-0000-000000000000', 'read'),
      () => askLocationById(ctx, 'geen-uuid', 'read'),
    ]) {
      try {
        await check();
        errors.push('ok');
      } catch (e) {
        errors.push(`${(e as { status: number }).status} ${(e as { code: string }).code}`);
      }
    }
    expect(new Set(errors)).toEqual(new Set(['404 error.locatie_onbekend']));
  });

  it('makes the administration role read-only: 403 error.alleen_lezen on a write', async () => {
    const ctx = await ctxFor('administratie@vandijk.nl');
    expect((await askLocation(ctx, 'P-24001', 'read')).role).toBe('administration');
    await expect(askLocation(ctx, 'P-24001', 'write')).rejects.toMatchObject({
      status: 403,
      code: 'error.alleen_lezen',
    });
    expect(await status(askLocation(ctx, 'P-24002', 'read'))).toBe(404);
    expect(await locationIds(ctx, 'write')).toEqual([]);
    expect(await locationIds(ctx, 'read')).toHaveLength(1);
  });

  it('lets admins through everywhere and asks anonymous callers to sign in', async () => {
    const admin = await ctxFor('admin@materieelportaal.nl');
    const access = await askLocation(admin, 'P-24010', 'write');
    expect(access.role).toBeNull();
    expect(await locationIds(admin, 'write')).toBe('all');
    expect(await status(askLocation(admin, 'P-99999', 'read'))).toBe(404);
    expect(await status(askLocation(await ctxFor(null), 'P-24001', 'read'))).toBe(401);
  });
});

describe('requireAccess: area.read / area.write (resolvers/roles.ts)', () => {
  it('applies the matrix per user kind and the extra areas of users.permissions', async () => {
    const internal = await ctxFor('uitvoerder@vandijk.nl');
    const external = await ctxFor('projectleider@infranoord.nl');
    const directie = await ctxFor('directie@vandijk.nl');
    const admin = await ctxFor('admin@materieelportaal.nl');
    expect(await status(askArea(internal, 'AppBestellen', 'write'))).toBe('ok');
    expect(await status(askArea(internal, 'AppNieuweLocatieAanmaken', 'write'))).toBe('ok');
    expect(await status(askArea(external, 'AppNieuweLocatieAanmaken', 'write'))).toBe(403);
    expect(await status(askArea(internal, 'AppRapportage', 'read'))).toBe(403);
    expect(await status(askArea(directie, 'AppRapportage', 'read'))).toBe('ok');
    expect(await status(askArea(external, 'AppCorporateIdentity', 'write'))).toBe(403);
    expect(await status(askArea(admin, 'AppCorporateIdentity', 'write'))).toBe('ok');
  });

  it('opens only the catalogue to anonymous visitors, and only with AllowAnonymousUsers', async () => {
    const anonymous = await ctxFor(null);
    const setAnonymous = async (value: boolean) => {
      const r = await t.app.inject({
        method: 'POST',
        url: '/api/v2.0/Settings',
        headers: await t.auth('admin@materieelportaal.nl'),
        payload: { key: 'AllowAnonymousUsers', value },
      });
      expect(r.statusCode).toBe(204);
    };
    await setAnonymous(false);
    expect(await status(askArea(anonymous, 'AppCatalogus', 'read'))).toBe(401);
    await setAnonymous(true);
    expect(await status(askArea(anonymous, 'AppCatalogus', 'read'))).toBe('ok');
    expect(await status(askArea(anonymous, 'AppZoeken', 'read'))).toBe('ok');
    expect(await status(askArea(anonymous, 'AppBestellen', 'read'))).toBe(401);
    expect(await status(askArea(anonymous, 'AppCatalogus', 'write'))).toBe(401);
    await setAnonymous(false);
  });
});
