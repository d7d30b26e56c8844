import { describe, expect, it } from 'vitest';
import { type ExternalIdentity, kindOf, safeRedirect } from './oidc.ts';

const identity = (over: Partial<ExternalIdentity>): ExternalIdentity => ({
  issuer: 'https://idp.example',
  subject: 's1',
  email: 'piet@vandijk.nl',
  emailVerified: true,
  name: 'Piet',
  upn: null,
  locale: null,
  internalExternal: null,
  ...over,
});

describe('external login helpers', () => {
  it('decides internal by a verified e-mail domain or the provider claim', () => {
    expect(kindOf(identity({}), 'vandijk.nl, @bouwgroep.nl')).toBe('internal');
    expect(kindOf(identity({ email: 'x@bouwgroep.nl' }), 'vandijk.nl, @bouwgroep.nl')).toBe('internal');
    expect(kindOf(identity({ emailVerified: false }), 'vandijk.nl')).toBe('external');
    expect(kindOf(identity({ email: 'x@infranoord.nl' }), 'vandijk.nl')).toBe('external');
    expect(kindOf(identity({}), '')).toBe('external');
    expect(kindOf(identity({ internalExternal: 'internal', email: 'x@elders.nl' }), '')).toBe('internal');
    expect(kindOf(identity({ internalExternal: 'external' }), 'vandijk.nl')).toBe('external');
  });

  it('keeps only relative return paths (no open redirect)', () => {
    expect(safeRedirect('/bestellijst?x=1')).toBe('/bestellijst?x=1');
    expect(safeRedirect('https://evil.example/')).toBeNull();
    expect(safeRedirect('//evil.example')).toBeNull();
    expect(safeRedirect('/\\evil.example')).toBeNull();
    expect(safeRedirect('javascript:alert(1)')).toBeNull();
    expect(safeRedirect(undefined)).toBeNull();
  });
});
