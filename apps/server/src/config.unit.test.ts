import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadConfig, weakSecretReason } from './config.ts';

const strong = 'q7Vf2LmX9pR4tZ8wK1nB6cJ3hY5sD0aG-e_UoIiTrQ';

describe('production defaults', () => {
  it('refuses the published placeholder secret and weak ones in production', () => {
    const base = { NODE_ENV: 'production', SEED: 'none' };
    expect(() =>
      loadConfig({ ...base, JWT_SECRET: 'change-me-to-a-long-random-secret-of-48-chars-min' }),
    ).toThrow(/JWT_SECRET: it is a published example/);
    expect(() => loadConfig({ ...base, JWT_SECRET: 'a'.repeat(40) })).toThrow(/fewer than 16 different/);
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
});
