// Lighthouse (mobile preset, simulated throttling) on the production build served by the real server:
// Home and Inloggen as a visitor, then the main ordering pages signed in (catalogue, details, search, sets,
// favourites, order list, requests), and the reports as the board; performance and accessibility, plus the JavaScript
// each page loads (gzip).
// Each page is held to the Floor measured in the same run (issue #36 point 2): performance ≥ the Floor's − 3 and Total
// Blocking Time ≤ the Floor's + 150 ms, medians of 5 runs, accessibility 100; PASS/FAIL per page, exit 1 on a FAIL.
// Signing in goes through the Inloggen page in the measured browser (the session is an HttpOnly cookie that
// Lighthouse keeps between runs; it clears the HTTP cache, not cookies or local storage).
//   npm run lighthouse              build first with `npm run build`
//   npm run lighthouse -- --runs=3  median of three runs per page (default 5), after one warm-up run
//   npm run lighthouse -- --report=/tmp/lh   also writes each run's full report (JSON) into that folder
//   npm run lighthouse -- --only=details,zoeken   only these pages (names as printed, by prefix; the Floor always)
//   E2E_BASE_URL=http://… npm run lighthouse   measure a server that is already running
// The first row, Floor, is not a page of the app: it is scripts/lighthouse-floor (the app's framework stack with a
// minimal shell and nothing else), built and served here. It shows what this machine allows at best, so a slow
// machine is told from a slow page; the pages are held to it (decision 0003).
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { type RunningServer, repoRoot, startServer } from '../e2e/support/server.ts';
import { findChromium } from './lib/chromium.ts';
import { reservePort } from './lib/ports.ts';

const runsArg = process.argv.find((a) => a.startsWith('--runs='));
const runs = runsArg ? Math.max(1, Number(runsArg.split('=')[1])) : 5;
const reportDir = process.argv.find((a) => a.startsWith('--report='))?.slice('--report='.length);
const budgetKb = 250;
/** Each page against the Floor of the same run (issue #36 point 2), and accessibility 100. */
const margins = { performance: 3, tbtMs: 150 };
const targets = { accessibility: 100 };

interface Measured {
  performance: number;
  accessibility: number;
  lcpMs: number;
  tbtMs: number;
  scripts: string[];
}

async function loginToken(baseUrl: string, email: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/v2.0/Auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'Materieel2026!' }),
  });
  if (!res.ok) throw new Error(`login of ${email} failed: ${res.status}`);
  return ((await res.json()) as { accessToken: string }).accessToken;
}

const adminToken = (baseUrl: string) => loginToken(baseUrl, 'admin@materieelportaal.nl');

async function setAnonymous(baseUrl: string, value: boolean): Promise<void> {
  const res = await fetch(`${baseUrl}/api/v2.0/Settings`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${await adminToken(baseUrl)}` },
    body: JSON.stringify({ key: 'AllowAnonymousUsers', value }),
  });
  if (res.status !== 204) throw new Error(`setting AllowAnonymousUsers failed: ${res.status}`);
}

/** The id of a catalogue category by its code: a catalogue address names the category by id. */
async function categoryId(baseUrl: string, code: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/v2.0/Categories`, {
    headers: { authorization: `Bearer ${await adminToken(baseUrl)}` },
  });
  const { categories } = (await res.json()) as { categories: { id: string; code: string }[] };
  const found = categories.find((c) => c.code === code);
  if (!found) throw new Error(`no category ${code} in the demo data`);
  return found.id;
}

async function measure(url: string, port: number, reportFile?: string, attempt = 1): Promise<Measured> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
  });
  if (!result) throw new Error(`no Lighthouse result for ${url}`);
  const lhr = result.lhr;
  // a failed recording (e.g. NO_NAVSTART now and then) scores 0: that run is repeated, not counted
  if (lhr.runtimeError && attempt < 3) {
    process.stderr.write(`lighthouse: ${lhr.runtimeError.code} on ${url}, run repeated\n`);
    return measure(url, port, reportFile, attempt + 1);
  }
  if (reportFile) {
    writeFileSync(reportFile, JSON.stringify(lhr, null, 1));
    // the page's trace, for a closer look at the main thread (e.g. in Chromium's Performance panel)
    const trace = (result.artifacts as { Trace?: unknown }).Trace;
    if (trace) writeFileSync(reportFile.replace(/\.json$/, '.trace.json'), JSON.stringify(trace));
  }
  const requests =
    (
      lhr.audits['network-requests']?.details as
        | { items?: { url: string; resourceType?: string }[] }
        | undefined
    )?.items ?? [];
  return {
    performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility.score ?? 0) * 100),
    lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? 0),
    tbtMs: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0),
    scripts: requests.filter((r) => r.resourceType === 'Script').map((r) => r.url),
  };
}

const siteManager = 'uitvoerder@vandijk.nl';

/** Signs in through the Inloggen page of the browser Lighthouse drives and selects the user's first location. */
async function signInThroughPage(baseUrl: string, port: number, user = siteManager): Promise<string> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0];
    // another user's session ends first (the Inloggen page would send a signed-in user on)
    await context.clearCookies();
    const page = await context.newPage();
    await page.goto(`${baseUrl}/inloggen`);
    await page.getByLabel(/E-mailadres|Email address|Adresse e-mail|E-Mail-Adresse/).fill(user);
    await page
      .getByLabel(/^(Wachtwoord|Password|Mot de passe|Passwort)/)
      .first()
      .fill('Materieel2026!');
    await page.getByRole('button', { name: /^(Inloggen|Sign in|Se connecter|Anmelden)$/ }).click();
    await page.getByTestId('user-menu').waitFor({ timeout: 30_000 });
    const token = await loginToken(baseUrl, user);
    const { plantLocations } = (await (
      await fetch(`${baseUrl}/api/v2.0/PlantLocations`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { plantLocations: { locationNo: string; description: string; blocked: boolean }[] };
    const first = plantLocations.find((l) => !l.blocked);
    if (!first) throw new Error(`${user} has no location`);
    await page.evaluate((l) => localStorage.setItem('mp.location', JSON.stringify(l)), {
      locationNo: first.locationNo,
      label: first.description,
    });
    await page.close();
    return first.locationNo;
  } finally {
    // why: closing a CDP connection leaves the browser (and its cookies) to Lighthouse
    await browser.close();
  }
}

/** Builds scripts/lighthouse-floor with Vite and serves it (gzip, like the real server) on a free port. */
async function serveFloor(): Promise<{ url: string; dist: string; close: () => void }> {
  const { build } = await import('vite');
  const react = (await import('@vitejs/plugin-react')).default;
  const outDir = mkdtempSync(path.join(tmpdir(), 'mp-floor-'));
  await build({
    root: path.join(repoRoot, 'scripts/lighthouse-floor'),
    configFile: false,
    logLevel: 'warn',
    plugins: [react()],
    build: { outDir, emptyOutDir: true, target: 'es2022' },
  });
  const types: Record<string, string> = {
    '.js': 'text/javascript',
    '.css': 'text/css',
    '.html': 'text/html',
  };
  const server = createServer((req, res) => {
    const asked = path.join(outDir, path.normalize(new URL(req.url ?? '/', 'http://floor').pathname));
    const file =
      asked.startsWith(outDir) && existsSync(asked) && path.extname(asked)
        ? asked
        : path.join(outDir, 'index.html');
    res.writeHead(200, {
      'content-type': types[path.extname(file)] ?? 'application/octet-stream',
      'content-encoding': 'gzip',
      'cache-control': 'no-cache',
    });
    res.end(gzipSync(readFileSync(file), { level: 9 }));
  });
  const port = await reservePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}/`,
    dist: outDir,
    close: () => {
      server.close();
      rmSync(outDir, { recursive: true, force: true });
    },
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** gzip size (level 9, what a server or CDN would send) of the build's files behind these script URLs. */
function gzipKb(urls: string[], dist = path.join(repoRoot, 'apps/web/dist')): { kb: number; files: number } {
  let bytes = 0;
  let files = 0;
  for (const u of new Set(urls)) {
    const file = path.join(dist, new URL(u).pathname);
    try {
      bytes += gzipSync(readFileSync(file), { level: 9 }).length;
      files++;
    } catch {}
  }
  return { kb: Math.round((bytes / 1024) * 10) / 10, files };
}

let server: RunningServer | null = null;
let floor: { url: string; dist: string; close: () => void } | null = null;
let floorRow: { performance: number; tbtMs: number } | null = null;
let chrome: chromeLauncher.LaunchedChrome | null = null;
let failed = false;
try {
  const external = process.env.E2E_BASE_URL;
  if (!external) {
    process.stdout.write('lighthouse: starting the server with demo data…\n');
    server = await startServer();
  }
  const baseUrl = external ?? (server as RunningServer).baseUrl;
  // Home is a settings-data page: measured as an anonymous visitor with AllowAnonymousUsers on.
  await setAnonymous(baseUrl, true);
  const browser = await findChromium();
  process.stdout.write(`lighthouse: browser ${browser.path} (${browser.source})\n`);
  chrome = await chromeLauncher.launch({
    chromePath: browser.path,
    envVars: { ...process.env, ...browser.env },
    // why: chrome-launcher's own pick is port 0, in the range the OS lends to outgoing connections
    port: await reservePort(),
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-quic',
      '--no-first-run',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const only = process.argv
    .find((a) => a.startsWith('--only='))
    ?.slice('--only='.length)
    .split(',');
  const wanted = (name: string) => !only || only.some((o) => name.toLowerCase().startsWith(o.toLowerCase()));
  // the Floor always: the pages are held to it
  floor = await serveFloor();
  // signedIn: as the site manager, or as the named user (the board reads the reports, issue #15)
  const pages: { name: string; url: string; signedIn?: boolean | string }[] = [
    { name: 'Floor', url: floor.url },
    { name: 'Home', url: `${baseUrl}/` },
    { name: 'Inloggen', url: `${baseUrl}/inloggen` },
    { name: 'Catalogus', url: `${baseUrl}/catalogus/${await categoryId(baseUrl, 'AFZ')}`, signedIn: true },
    { name: 'Details', url: `${baseUrl}/details/AG-1001`, signedIn: true },
    { name: 'Zoeken', url: `${baseUrl}/zoeken/aggregaat`, signedIn: true },
    { name: 'Sets', url: `${baseUrl}/sets`, signedIn: true },
    { name: 'Favorieten', url: `${baseUrl}/favorieten`, signedIn: true },
    { name: 'Bestellijst', url: `${baseUrl}/bestellijst`, signedIn: true },
    { name: 'Aanvragen', url: `${baseUrl}/aanvragen`, signedIn: true },
    { name: 'Rapportages', url: `${baseUrl}/rapportages`, signedIn: 'directie@vandijk.nl' },
  ];
  const rows: string[] = [];
  let signedInAs: string | null = null;
  for (const page of pages) {
    if (page.name !== 'Floor' && !wanted(page.name)) continue;
    const user = page.signedIn === true ? siteManager : page.signedIn || null;
    if (user && user !== signedInAs) {
      const locationNo = await signInThroughPage(baseUrl, chrome.port, user);
      process.stdout.write(`lighthouse: signed in as ${user} on location ${locationNo}\n`);
      signedInAs = user;
    }
    const results: Measured[] = [];
    if (reportDir) mkdirSync(reportDir, { recursive: true });
    // one run that is not counted: the freshly started server and browser answer their first page slower
    await measure(page.url, chrome.port);
    for (let i = 0; i < runs; i++) {
      const reportFile = reportDir
        ? path.join(reportDir, `${page.name.toLowerCase()}-${i + 1}.json`)
        : undefined;
      results.push(await measure(page.url, chrome.port, reportFile));
    }
    const perf = median(results.map((r) => r.performance));
    const tbt = median(results.map((r) => r.tbtMs));
    const a11y = median(results.map((r) => r.accessibility));
    const js = gzipKb(results[0].scripts, page.name === 'Floor' ? floor?.dist : undefined);
    const isFloor = page.name === 'Floor';
    if (isFloor) floorRow = { performance: perf, tbtMs: tbt };
    const base = floorRow ?? { performance: perf, tbtMs: tbt };
    const ok =
      isFloor ||
      (perf >= base.performance - margins.performance &&
        tbt <= base.tbtMs + margins.tbtMs &&
        a11y >= targets.accessibility &&
        (page.name !== 'Home' || js.kb <= budgetKb));
    if (!ok) failed = true;
    rows.push(
      `${isFloor ? 'floor' : ok ? 'PASS ' : 'FAIL '} ${page.name.padEnd(12)} performance ${String(perf).padStart(3)} (≥ ${isFloor ? '  -' : String(base.performance - margins.performance).padStart(3)})  ` +
        `TBT ${String(tbt).padStart(5)} ms (≤ ${isFloor ? '    -' : String(base.tbtMs + margins.tbtMs).padStart(5)})  accessibility ${String(a11y).padStart(3)}  ` +
        `LCP ${median(results.map((r) => r.lcpMs))} ms  ` +
        `JS ${js.kb} KB gzip in ${js.files} files${page.name === 'Home' ? ` (budget ${budgetKb} KB)` : ''}  ` +
        `[performance: ${results.map((r) => r.performance).join(', ')}; TBT: ${results.map((r) => r.tbtMs).join(', ')}]`,
    );
  }
  await setAnonymous(baseUrl, false);
  process.stdout.write(
    `\nLighthouse ${runs}× per page, mobile preset, median; each page held to the Floor of this run ` +
      `(performance ≥ Floor − ${margins.performance}, TBT ≤ Floor + ${margins.tbtMs} ms, accessibility ` +
      `${targets.accessibility}):\n${rows.join('\n')}\n` +
      `load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}\n`,
  );
} catch (e) {
  failed = true;
  process.stderr.write(`lighthouse: ${(e as Error).stack ?? e}\n`);
} finally {
  await chrome?.kill();
  await server?.stop();
  floor?.close();
}
process.exit(failed ? 1 : 0);
