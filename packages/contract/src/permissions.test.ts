import { describe, expect, it } from 'vitest';
import {
  actionsOn,
  areasOf,
  can,
  canManageUser,
  catalogueAreas,
  functionalAreas,
  hasRole,
  isKeyUser,
  keyUserGrantable,
  locationRoleAllows,
  permissionMatrix,
  type Subject,
  userKindOf,
} from './permissions.ts';

const admin: Subject = { user: { role: 'admin', kind: 'internal' } };
const internal: Subject = { user: { role: 'user', kind: 'internal' } };
const external: Subject = { user: { role: 'user', kind: 'external' } };
const anonymousOn: Subject = { user: null, allowAnonymous: true };
const anonymousOff: Subject = { user: null, allowAnonymous: false };

describe('permission matrix', () => {
  it('names exactly the functional areas of product §6', () => {
    expect(functionalAreas).toHaveLength(30);
    expect(new Set(functionalAreas).size).toBe(30);
  });

  it('gives admins every area, read and write', () => {
    for (const area of functionalAreas) {
      expect(can(admin, area, 'read')).toBe(true);
      expect(can(admin, area, 'write')).toBe(true);
    }
  });

  it('gives anonymous visitors nothing unless AllowAnonymousUsers is on', () => {
    for (const area of functionalAreas) {
      expect(can(anonymousOff, area, 'read')).toBe(false);
      expect(can(anonymousOff, area, 'write')).toBe(false);
      expect(can({ user: null }, area, 'read')).toBe(false);
    }
  });

  it('gives anonymous visitors only the catalogue areas, read-only, when allowed', () => {
    for (const area of functionalAreas) {
      expect(can(anonymousOn, area, 'read')).toBe(catalogueAreas.includes(area));
      expect(can(anonymousOn, area, 'write')).toBe(false);
    }
  });

  it('keeps admin-only areas away from customers', () => {
    for (const s of [internal, external]) {
      for (const area of [
        'AppCorporateIdentity',
        'BusinessCentral',
        'AppRapportage',
        'AppRegistratie',
      ] as const) {
        expect(can(s, area, 'read')).toBe(false);
      }
      expect(can(s, 'AppCatalogus', 'write')).toBe(false);
      expect(can(s, 'AppBestellen', 'write')).toBe(true);
      expect(can(s, 'AppAfvoeren', 'write')).toBe(true);
      expect(can(s, 'AppMaterieelFacturen', 'read')).toBe(true);
      expect(can(s, 'AppMaterieelFacturen', 'write')).toBe(false);
    }
  });

  it('lets internal users create a location and external users only request one', () => {
    expect(can(internal, 'AppNieuweLocatieAanmaken', 'write')).toBe(true);
    expect(can(external, 'AppNieuweLocatieAanmaken', 'read')).toBe(false);
    expect(can(external, 'AppLocatie', 'write')).toBe(true);
  });

  it('adds extra areas from users.permissions, never to anonymous visitors', () => {
    const manager: Subject = {
      user: { role: 'user', kind: 'external', permissions: ['AppRapportage', 'management'] },
    };
    expect(can(manager, 'AppRapportage', 'read')).toBe(true);
    expect(hasRole(manager, 'management')).toBe(true);
    expect(hasRole(external, 'management')).toBe(false);
    expect(hasRole(admin, 'management')).toBe(true);
    expect(hasRole(anonymousOn, 'management')).toBe(false);
    expect(can(manager, 'BusinessCentral', 'read')).toBe(false);
  });

  it('answers the same for every entry of the matrix', () => {
    for (const kind of ['admin', 'internal', 'external'] as const) {
      const s: Subject = kind === 'admin' ? admin : kind === 'internal' ? internal : external;
      expect(userKindOf(s)).toBe(kind);
      for (const area of functionalAreas) {
        expect(actionsOn(s, area)).toEqual(permissionMatrix[kind][area] ?? []);
      }
      expect(Object.keys(areasOf(s)).length).toBe(Object.keys(permissionMatrix[kind]).length);
    }
  });

  it('makes the administration location role read-only', () => {
    expect(locationRoleAllows('administration', 'read')).toBe(true);
    expect(locationRoleAllows('administration', 'write')).toBe(false);
    expect(locationRoleAllows('user', 'write')).toBe(true);
  });
});

describe('managing users (decision 0023)', () => {
  const keyA = {
    user: { role: 'user' as const, kind: 'external' as const, permissions: ['keyuser'], customerId: 'A' },
  };
  it('lets an admin manage everyone', () => {
    expect(
      canManageUser(
        { user: { role: 'admin', kind: 'internal', customerId: null } },
        { role: 'admin', customerId: null },
      ),
    ).toBe(true);
  });
  it('lets a key user manage only the non-admin users of its own customer', () => {
    expect(canManageUser(keyA, { role: 'user', customerId: 'A' })).toBe(true);
    expect(canManageUser(keyA, { role: 'user', customerId: 'B' })).toBe(false);
    expect(canManageUser(keyA, { role: 'user', customerId: null })).toBe(false);
    expect(canManageUser(keyA, { role: 'admin', customerId: 'A' })).toBe(false);
  });
  it('gives a plain user, or a key user without a customer, nobody', () => {
    expect(canManageUser(external, { role: 'user', customerId: 'A' })).toBe(false);
    const noCustomer = { user: { ...keyA.user, customerId: null } };
    expect(isKeyUser(noCustomer)).toBe(false);
    expect(canManageUser(noCustomer, { role: 'user', customerId: null })).toBe(false);
  });
  it('lets a key user grant only the areas it holds itself', () => {
    expect(keyUserGrantable(keyA)).not.toContain('AppRapportage');
    expect(keyUserGrantable(keyA)).toContain('AppBestellen');
  });
});
