import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isSnap, locateChromium, systemCandidates } from './chromium.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'mp-chromium-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('finding Chromium', () => {
  it('takes CHROMIUM_PATH first, and refuses one that does not exist instead of taking another', async () => {
    const found = await locateChromium({ ...process.env, CHROMIUM_PATH: process.execPath });
    expect(found).toEqual({ path: process.execPath, source: 'CHROMIUM_PATH', env: {} });
    const missing = path.join(dir, 'no-such-chrome');
    await expect(locateChromium({ ...process.env, CHROMIUM_PATH: missing })).rejects.toThrow(
      `CHROMIUM_PATH=${missing} is not an executable file`,
    );
  });

  it('refuses an unknown CHROMIUM_SOURCE', async () => {
    await expect(locateChromium({ CHROMIUM_SOURCE: 'firefox' })).rejects.toThrow(
      'expected one of system, playwright, bundled',
    );
  });

  it('knows where macOS and Windows keep Chrome, Chromium and Edge', () => {
    expect(systemCandidates('darwin')).toContain(
      '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
    );
    expect(systemCandidates('darwin')).toContain('/Applications/Chromium.app/Contents/MacOS/Chromium');
    const saved = process.env.LOCALAPPDATA;
    process.env.LOCALAPPDATA = 'C:\\Users\\u\\AppData\\Local';
    try {
      const win = systemCandidates('win32');
      expect(win).toContain('C:\\Users\\u\\AppData\\Local\\Google\\Chrome\\Application\\chrome.exe');
      expect(win.findIndex((f) => f.endsWith('msedge.exe'))).toBeGreaterThan(
        win.findIndex((f) => f.endsWith('chrome.exe')),
      );
    } finally {
      if (saved === undefined) delete process.env.LOCALAPPDATA;
      else process.env.LOCALAPPDATA = saved;
    }
  });

  it("passes over Ubuntu's snap wrapper (its private /tmp hides Playwright's profile)", () => {
    const wrapper = path.join(dir, 'chromium-browser');
    writeFileSync(wrapper, '#!/bin/sh\nexec /snap/bin/chromium "$@"\n');
    chmodSync(wrapper, 0o755);
    expect(isSnap(wrapper)).toBe(true);
    const plain = path.join(dir, 'chromium');
    writeFileSync(plain, '#!/bin/sh\nexec /usr/lib/chromium/chromium "$@"\n');
    expect(isSnap(plain)).toBe(false);
  });

  it.runIf(process.platform === 'linux' && process.arch === 'x64')(
    'unpacks the Chromium of @sparticuz/chromium with its libraries and fonts, and it starts',
    async () => {
      const found = await locateChromium({ ...process.env, CHROMIUM_SOURCE: 'bundled' });
      expect(found.source).toBe('@sparticuz/chromium');
      expect(found.path).toMatch(/node_modules[/\\].cache[/\\]sparticuz-chromium-[\d.]+[/\\]chromium$/);
      expect(existsSync(path.join(found.env.FONTCONFIG_PATH, 'fonts.conf'))).toBe(true);
      expect(existsSync(path.join(found.env.FONTCONFIG_PATH, 'fonts/Open_Sans/OpenSans-Regular.ttf'))).toBe(
        true,
      );
      // locateChromium ran it (`--version`) before answering: it would have thrown had it not started
    },
    60_000,
  );
});
