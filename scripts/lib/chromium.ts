// Finds a Chromium for the end-to-end tests and Lighthouse, the way users have one, so that `npm ci && npm test`
// needs nothing else on the machine. In this order:
//   1. CHROMIUM_PATH (when set it must exist: a typo is an error, not a reason to quietly take another);
//   2. the system's Chromium or Chrome (Linux: on PATH and the usual places; macOS: /Applications and
//      ~/Applications; Windows: Program Files and the user's AppData; Edge last on macOS and Windows);
//   3. Playwright's own Chromium (`npx playwright install chromium`);
//   4. the Chromium that ships inside the @sparticuz/chromium dev dependency (Linux x64 only), unpacked
//      once into node_modules/.cache.
// None of them: an error that says what to do. Never a silent skip.
// CHROMIUM_SOURCE=system|playwright|bundled looks in that one place only (e.g. to run the tests on the
// bundled browser on a machine that has a system one, as a fresh machine would).
import { execFileSync, spawnSync } from 'node:child_process';
import {
  accessSync,
  closeSync,
  constants,
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, createBrotliDecompress } from 'node:zlib';

export interface FoundChromium {
  /** The executable. */
  path: string;
  /** Where it came from, for the log: 'CHROMIUM_PATH', 'system', 'playwright', '@sparticuz/chromium'. */
  source: string;
  /** Environment the browser process needs on top of the current one (the bundled one: its libraries, fonts). */
  env: Record<string, string>;
}

const repoRoot = path.resolve(fileURLToPath(import.meta.url), '../../..');

const help =
  'Install Chrome or Chromium (Debian/Ubuntu: apt-get install chromium), or run `npx playwright install chromium`, ' +
  'or set CHROMIUM_PATH to a Chromium-based browser.';

const executable = (file: string) => {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile(); // a directory passes X_OK too
  } catch {
    return false;
  }
};

/** The first bytes of a file (a browser binary is 200 MB: not read whole to look at its start). */
function head(file: string, bytes = 4096): string {
  const fd = openSync(file, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    return buffer.toString('latin1', 0, readSync(fd, buffer, 0, bytes, 0));
  } finally {
    closeSync(fd);
  }
}

/**
 * Ubuntu's chromium(-browser) is a snap, or a script that starts one: a snap has its own /tmp and cannot
 * open the profile directory Playwright makes there, so it is passed over.
 */
export function isSnap(file: string): boolean {
  try {
    if (realpathSync(file).startsWith('/snap/')) return true;
    const start = head(file);
    return start.startsWith('#!') && start.includes('/snap/');
  } catch {
    return false;
  }
}

function onPath(name: string): string[] {
  const dirs = (process.env.PATH ?? '').split(path.delimiter).filter(Boolean);
  return dirs.map((d) => path.join(d, name));
}

/** The system's browsers, best first (paths that may not exist). */
export function systemCandidates(platform = process.platform): string[] {
  if (platform === 'darwin') {
    const apps = ['/Applications', path.join(homedir(), 'Applications')];
    const bundles = [
      'Google Chrome.app/Contents/MacOS/Google Chrome',
      'Chromium.app/Contents/MacOS/Chromium',
      'Google Chrome Canary.app/Contents/MacOS/Google Chrome Canary',
      'Microsoft Edge.app/Contents/MacOS/Microsoft Edge',
    ];
    return bundles.flatMap((b) => apps.map((a) => path.join(a, b)));
  }
  if (platform === 'win32') {
    const roots = [
      process.env.LOCALAPPDATA,
      process.env.PROGRAMFILES,
      process.env['PROGRAMFILES(X86)'],
    ].filter((r): r is string => Boolean(r));
    const exes = [
      'Google\\Chrome\\Application\\chrome.exe',
      'Chromium\\Application\\chrome.exe',
      'Microsoft\\Edge\\Application\\msedge.exe',
    ];
    return exes.flatMap((e) => roots.map((r) => path.win32.join(r, e)));
  }
  const names = ['chromium', 'chromium-browser', 'google-chrome-stable', 'google-chrome', 'chrome'];
  return [
    ...names.flatMap(onPath),
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/lib/chromium/chromium',
    '/opt/google/chrome/chrome',
  ];
}

async function playwrightChromium(): Promise<string | undefined> {
  try {
    const { chromium } = await import('playwright-core');
    const file = chromium.executablePath();
    return file && existsSync(file) ? file : undefined;
  } catch {
    return undefined; // a platform Playwright has no build for
  }
}

/** Where the Chromium of @sparticuz/chromium is unpacked: this checkout's own (npm ci starts it afresh). */
function bundledDir(version: string): string {
  return path.join(repoRoot, 'node_modules', '.cache', `sparticuz-chromium-${version}`);
}

const xml = (s: string) =>
  s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** Unpacks a .tar.br of the package into `dir` (brotli here, tar by the system's tar: Linux only anyway). */
function untarBrotli(archive: string, dir: string): void {
  const tar = path.join(dir, `${path.basename(archive, '.br')}`);
  writeFileSync(tar, brotliDecompressSync(readFileSync(archive)));
  execFileSync('tar', ['-xf', tar, '-C', dir], { stdio: ['ignore', 'ignore', 'pipe'] });
  rmSync(tar);
}

/** glibc of this process (undefined on musl and off Linux). */
const glibc = () =>
  (process.report?.getReport() as { header?: { glibcVersionRuntime?: string } } | undefined)?.header
    ?.glibcVersionRuntime;

const atLeast = (version: string | undefined, want: [number, number]) => {
  const [major, minor] = (version ?? '0.0').split('.').map(Number);
  return major > want[0] || (major === want[0] && minor >= want[1]);
};

/** Half-unpacked copies of runs that were killed while unpacking (over ten minutes old: not in progress). */
function removeAbandoned(dir: string): void {
  const prefix = `${path.basename(dir)}.partial-`;
  for (const name of readdirSync(path.dirname(dir))) {
    const full = path.join(path.dirname(dir), name);
    try {
      if (name.startsWith(prefix) && Date.now() - statSync(full).mtimeMs > 600_000) {
        rmSync(full, { recursive: true, force: true });
      }
    } catch {}
  }
}

/**
 * The Chromium (headless shell) inside @sparticuz/chromium: unpacked into a fresh directory and renamed
 * into place, so a run that is stopped half-way, or two runs at once, never leave or see half a browser.
 */
async function bundledChromium(): Promise<FoundChromium | { missing: string }> {
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    return {
      missing: `@sparticuz/chromium ships Linux x64 only (this is ${process.platform} ${process.arch})`,
    };
  }
  let pkgDir: string;
  try {
    // its exports hide package.json: from build/index.js up to the package
    pkgDir = path.resolve(fileURLToPath(import.meta.resolve('@sparticuz/chromium')), '../..');
  } catch {
    return { missing: '@sparticuz/chromium is not installed (npm ci installs it)' };
  }
  const version = JSON.parse(readFileSync(path.join(pkgDir, 'package.json'), 'utf8')).version as string;
  const dir = bundledDir(version);
  if (!existsSync(dir)) {
    mkdirSync(path.dirname(dir), { recursive: true });
    removeAbandoned(dir);
    const work = mkdtempSync(`${dir}.partial-`);
    try {
      await pipeline(
        createReadStream(path.join(pkgDir, 'bin/chromium.br')),
        createBrotliDecompress(),
        createWriteStream(path.join(work, 'chromium'), { mode: 0o755 }),
      );
      // lib/: libnss3, libnspr4, libexpat — what the binary links beyond glibc (built for Amazon Linux 2023)
      untarBrotli(path.join(pkgDir, 'bin/al2023.tar.br'), work);
      // fonts/: Open Sans, so that text renders on a machine without any font
      untarBrotli(path.join(pkgDir, 'bin/fonts.tar.br'), work);
      rmSync(path.join(work, 'fonts.conf'), { force: true }); // theirs points at /tmp/fonts (AWS Lambda)
      writeFileSync(
        path.join(work, 'fonts.conf'),
        [
          '<?xml version="1.0"?>',
          '<!DOCTYPE fontconfig SYSTEM "fonts.dtd">',
          '<fontconfig>',
          '  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>',
          `  <dir>${xml(path.join(dir, 'fonts'))}</dir>`,
          `  <cachedir>${xml(path.join(dir, 'fonts-cache'))}</cachedir>`,
          '</fontconfig>',
          '',
        ].join('\n'),
      );
      try {
        renameSync(work, dir);
      } catch (e) {
        if (!existsSync(dir)) throw e; // else another run was first: use its copy
      }
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  }
  const env: Record<string, string> = { FONTCONFIG_PATH: dir };
  // The shipped libraries need glibc ≥ 2.34; on an older system the system's own (libnss3) must do.
  if (atLeast(glibc(), [2, 34])) {
    env.LD_LIBRARY_PATH = [path.join(dir, 'lib'), process.env.LD_LIBRARY_PATH].filter(Boolean).join(':');
  }
  const file = path.join(dir, 'chromium');
  const check = spawnSync(file, ['--version'], { env: { ...process.env, ...env }, encoding: 'utf8' });
  if (check.status !== 0) {
    throw new Error(
      `The Chromium of @sparticuz/chromium (${file}) does not start here:\n${(check.stderr || String(check.error)).trim()}\n${help}`,
    );
  }
  return { path: file, source: '@sparticuz/chromium', env };
}

let found: Promise<FoundChromium> | undefined;

/** The browser to use (found once per process). Throws, naming what was tried and what to do, when none is. */
export function findChromium(): Promise<FoundChromium> {
  found ??= locateChromium();
  return found;
}

const SOURCES = ['system', 'playwright', 'bundled'] as const;

/** findChromium without the memory, reading CHROMIUM_PATH and CHROMIUM_SOURCE from `env`. */
export async function locateChromium(env: NodeJS.ProcessEnv = process.env): Promise<FoundChromium> {
  const fromEnv = env.CHROMIUM_PATH;
  if (fromEnv) {
    if (!executable(fromEnv)) throw new Error(`CHROMIUM_PATH=${fromEnv} is not an executable file. ${help}`);
    return { path: fromEnv, source: 'CHROMIUM_PATH', env: {} };
  }
  const only = env.CHROMIUM_SOURCE;
  if (only && !(SOURCES as readonly string[]).includes(only)) {
    throw new Error(`CHROMIUM_SOURCE=${only}: expected one of ${SOURCES.join(', ')}`);
  }
  const tried: string[] = [];
  if (!only || only === 'system') {
    const system = systemCandidates().find((f) => executable(f) && !isSnap(f));
    if (system) return { path: system, source: 'system', env: {} };
    tried.push('no system Chromium, Chrome or Edge');
  }
  if (!only || only === 'playwright') {
    const playwright = await playwrightChromium();
    if (playwright) return { path: playwright, source: 'playwright', env: {} };
    tried.push('no Playwright Chromium');
  }
  if (!only || only === 'bundled') {
    const bundled = await bundledChromium();
    if ('path' in bundled) return bundled;
    tried.push(bundled.missing);
  }
  throw new Error(`No Chromium found (CHROMIUM_PATH is not set; ${tried.join('; ')}). ${help}`);
}
