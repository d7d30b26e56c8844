import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadConfig, weakSecretReason } from './config.ts';
import { estimateSecretBits, MIN_SECRET_BITS } from './secret-strength.ts';

const strong = 'q7Vf2LmX9pR4tZ8wK1nB6cJ3hY5sD0aG-e_UoIiTrQ';

describe('production defaults', () => {
  it("keeps the read models' default budget where the catalogue module says why", async () => {
    const { DEFAULT_READ_MODEL_MAX_MB } = await import('./modules/catalogue/catalogue.read-model.ts');
    expect(loadConfig({}).READ_MODEL_MAX_MB).toBe(DEFAULT_READ_MODEL_MAX_MB);
  });

  it('refuses the published placeholder secret and weak ones in production', () => {
    const base = { NODE_ENV: 'production', SEED: 'none' };
    expect(() =>
      loadConfig({ ...base, JWT_SECRET: 'change-me-to-a-long-random-secret-of-48-chars-min' }),
    ).toThrow(/JWT_SECRET: it is a published example/);
    expect(() => loadConfig({ ...base, JWT_SECRET: 'a'.repeat(40) })).toThrow(/bits of randomness/);
    expect(() => loadConfig({ ...base, JWT_SECRET: 'my-super-secret-password-for-the-portal-2026' })).toThrow(
      /placeholder/,
    );
    expect(loadConfig({ ...base, JWT_SECRET: strong }).JWT_SECRET).toBe(strong);
  });

  it('refuses demo data on a public address in production unless forced', () => {
    const base = { NODE_ENV: 'production', JWT_SECRET: strong, PUBLIC_URL: 'https://materieel.example.com' };
    expect(() => loadConfig({ ...base, SEED: 'demo' })).toThrow(/SEED: demo data has known passwords/);
    expect(() => loadConfig(base)).toThrow(/SEED/); // demo is the default
    expect(loadConfig({ ...base, SEED: 'none' }).SEED).toBe('none');
    expect(loadConfig({ ...base, SEED: 'demo', SEED_DEMO_FORCE: 'true' }).SEED).toBe('demo');
    expect(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'http://127.0.0.1:3000' }).SEED).toBe('demo');
    expect(loadConfig({ NODE_ENV: 'production' }).SEED).toBe('demo');
  });

  it('keeps development permissive', () => {
    expect(loadConfig({ JWT_SECRET: 'a'.repeat(40), PUBLIC_URL: 'https://x.example.com' }).SEED).toBe('demo');
  });

  it('names the reason for a weak secret', () => {
    expect(weakSecretReason(strong)).toBeNull();
    expect(weakSecretReason('0123456789abcdefghijklmnopqrstuvwxyz')).toMatch(/placeholder/);
  });

  it('judges secrets by their randomness, not their length (issue #31 item 7)', () => {
    const base = { NODE_ENV: 'production', SEED: 'none' };
    for (const weak of [
      'my-super-secret-jwt-key-for-production-2026',
      'materieelportaal-jwt-token-2026-productie-omgeving',
      'Bouwplaats-Utrecht-Kraan-Steiger-2027!',
      'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ',
      'qwertyqwertyqwertyqwertyqwertyqwerty',
    ]) {
      expect(estimateSecretBits(weak), weak).toBeLessThan(MIN_SECRET_BITS);
      expect(() => loadConfig({ ...base, JWT_SECRET: weak }), weak).toThrow(/JWT_SECRET/);
    }
    expect(() => loadConfig({ ...base, JWT_SECRET: strong, METRICS_TOKEN: 'a'.repeat(24) })).toThrow(
      /METRICS_TOKEN: it holds about \d+ bits/,
    );
    // what `openssl rand` makes always passes
    for (let i = 0; i < 200; i++) {
      for (const random of [randomBytes(48).toString('base64'), randomBytes(32).toString('hex')]) {
        expect(estimateSecretBits(random), random).toBeGreaterThanOrEqual(MIN_SECRET_BITS);
        expect(weakSecretReason(random), random).toBeNull();
      }
      const token = randomBytes(32).toString('base64');
      expect(loadConfig({ ...base, JWT_SECRET: strong, METRICS_TOKEN: token }).METRICS_TOKEN).toBe(token);
    }
  });

  it('judges "local" by where the server listens too (issue #31 item 7)', () => {
    const base = { NODE_ENV: 'production', JWT_SECRET: strong };
    expect(() => loadConfig({ ...base, HOST: '0.0.0.0' })).toThrow(/SEED: demo data.*HOST 0\.0\.0\.0/);
    expect(() => loadConfig({ ...base, HOST: '::' })).toThrow(/SEED/);
    expect(() => loadConfig({ ...base, HOST: '192.168.1.20', PUBLIC_URL: 'http://localhost:3000' })).toThrow(
      /SEED/,
    );
    expect(loadConfig({ ...base, HOST: '0.0.0.0', SEED: 'none' }).SEED).toBe('none');
    expect(loadConfig({ ...base, HOST: '127.0.0.1' }).SEED).toBe('demo');
  });
});

describe('deployment files', () => {
  const root = new URL('../../../', import.meta.url);
  it('run the image as an unprivileged user', () => {
    const dockerfile = readFileSync(new URL('Dockerfile', root), 'utf8');
    const users = [...dockerfile.matchAll(/^USER\s+(\S+)/gm)].map((m) => m[1]);
    expect(users.at(-1)).toBeDefined();
    expect(['root', '0']).not.toContain(users.at(-1));
  });

  it('carry no secret and no demo data in compose', () => {
    const compose = readFileSync(new URL('compose.yaml', root), 'utf8');
    expect(compose).toMatch(/JWT_SECRET: \$\{JWT_SECRET:\?/);
    expect(compose).not.toMatch(/SEED: demo/);
    expect(compose).not.toMatch(/POSTGRES_PASSWORD: portal/);
  });
});

describe('TRUST_PROXY', () => {
  it('is hops or proxy addresses, never "believe the first entry"', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16' }).TRUST_PROXY).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY/);
  });

  it('is refused as a hop count in production when the port listens beyond loopback (issue #31 item 6)', () => {
    const base = { NODE_ENV: 'production', JWT_SECRET: strong, SEED: 'none' };
    expect(() => loadConfig({ ...base, HOST: '0.0.0.0', TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY: a hop count/,
    );
    expect(() => loadConfig({ ...base, HOST: '::', TRUST_PROXY: '2' })).toThrow(/TRUST_PROXY/);
    expect(loadConfig({ ...base, HOST: '0.0.0.0', TRUST_PROXY: '172.30.0.2' }).TRUST_PROXY).toEqual([
      '172.30.0.2',
    ]);
    expect(loadConfig({ ...base, HOST: '127.0.0.1', TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(1);
  });

  it('compose reaches the portal only through its proxy, which alone the portal believes', () => {
    const compose = readFileSync(new URL('../../../compose.yaml', import.meta.url), 'utf8');
    const portal = /\n {2}portal:\n([\s\S]*?)\n {2}\w+:\n/.exec(compose)?.[1] ?? '';
    expect(portal).not.toMatch(/\bports:/);
    expect(portal).toMatch(/TRUST_PROXY: (\d+\.\d+\.\d+\.\d+)/);
    const proxyAddress = /TRUST_PROXY: (\S+)/.exec(portal)?.[1];
    expect(compose).toMatch(new RegExp(`ipv4_address: ${proxyAddress?.replaceAll('.', '\\.')}`));
    const caddyfile = readFileSync(new URL('../../../deploy/Caddyfile', import.meta.url), 'utf8');
    // no trusted_proxies directive: Caddy then ignores the X-Forwarded-For a client sends
    expect(caddyfile.replace(/#.*$/gm, '')).not.toMatch(/trusted_proxies/);
  });
});
