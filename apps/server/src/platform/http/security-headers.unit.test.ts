import helmet from 'helmet';
import { describe, expect, it } from 'vitest';
import { securityHeadersOf } from './security-headers.ts';

describe('securityHeadersOf', () => {
  it("is helmet's own header list for the options, computed once", () => {
    const options = {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: { defaultSrc: ["'self'"], objectSrc: ["'none'"] },
      },
      strictTransportSecurity: { maxAge: 31536000, includeSubDomains: true },
      crossOriginEmbedderPolicy: false,
    };
    const headers = securityHeadersOf(options);
    expect(headers['content-security-policy']).toBe("default-src 'self';object-src 'none'");
    expect(headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(headers['cross-origin-embedder-policy']).toBeUndefined();
    // exactly what helmet's middleware sets on a real answer
    const set = new Map<string, string>();
    helmet(options)(
      {} as never,
      {
        setHeader: (k: string, v: string) => set.set(k.toLowerCase(), String(v)),
        removeHeader: () => {},
      } as never,
      () => {},
    );
    expect(headers).toEqual(Object.fromEntries(set));
    expect(Object.isFrozen(headers)).toBe(true);
  });

  it('refuses options helmet refuses', () => {
    expect(() =>
      securityHeadersOf({
        contentSecurityPolicy: { useDefaults: false, directives: { 'default-src': ['self'] } },
      }),
    ).toThrow();
  });
});
