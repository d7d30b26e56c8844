import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';

// The built web app's files as the server sends them (issue #36 point 4, decision 0031): the service worker and the
// manifest are asked again on every visit (a browser must see a new worker at once), hashed assets are kept a year.
let t: TestApp;
let webRoot: string;
beforeAll(async () => {
  webRoot = mkdtempSync(path.join(tmpdir(), 'mp-web-'));
  mkdirSync(path.join(webRoot, 'assets'));
  mkdirSync(path.join(webRoot, 'icons'));
  writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>Materieelportaal</title>');
  writeFileSync(path.join(webRoot, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(path.join(webRoot, 'manifest.webmanifest'), '{"name":"Materieelportaal"}');
  writeFileSync(path.join(webRoot, 'icons', 'icon-192.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  writeFileSync(path.join(webRoot, 'assets', 'index-AbC123.js'), 'export {};');
  writeFileSync(path.join(webRoot, 'build-id.txt'), '20261127230000-served\n');
  t = await createTestApp({ deps: { webRoot } });
});
afterAll(async () => {
  await t.close();
  rmSync(webRoot, { recursive: true, force: true });
});

describe('the web app as installable and offline-capable files', () => {
  it('sends the service worker and the manifest with Cache-Control: no-cache, in their own types', async () => {
    const sw = await t.app.inject({ url: '/sw.js' });
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['cache-control']).toBe('no-cache');
    expect(String(sw.headers['content-type'])).toMatch(/^(text|application)\/javascript/);
    const manifest = await t.app.inject({ url: '/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(String(manifest.headers['content-type'])).toMatch(/^application\/manifest\+json/);
    const icon = await t.app.inject({ url: '/icons/icon-192.png' });
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('keeps hashed assets immutable and the pages (index.html for any app path) no-cache', async () => {
    const asset = await t.app.inject({ url: '/assets/index-AbC123.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const page = await t.app.inject({ url: '/materieelvoorraad' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  it('reports the build id of the web app it serves (WEB_ROOT), which the app compares with its own', async () => {
    expect((await t.app.inject({ url: '/api/v2.0/AppConfig' })).json().buildId).toBe('20261127230000-served');
  });

  it("lets the page register its service worker and read its manifest from its own origin (CSP worker-src and manifest-src 'self')", async () => {
    for (const url of ['/materieelvoorraad', '/sw.js', '/api/v2.0/AppConfig', '/api/nope']) {
      const csp = String((await t.app.inject({ url })).headers['content-security-policy']);
      expect(csp, url).toContain("worker-src 'self'");
      expect(csp, url).toContain("manifest-src 'self'");
    }
  });
});
