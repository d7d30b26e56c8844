// Interaction to Next Paint of the site manager's key taps (issue #36 point 3), on the production build served by the
// real server with demo data, in headless Chromium at a phone's viewport with the CPU slowed down 4× (CDP
// Emulation.setCPUThrottlingRate). Each interaction is done 5 times; its INP is the longest Event Timing entry of that
// interaction (input until the next paint, as Chrome reports it: a PerformanceObserver on 'event' entries with
// durationThreshold 16). Prints a table (median, max, ≤ 200 ms PASS/FAIL) and the load average; exits non-zero when a
// median is over 200 ms. Not a step of `npm test`: a timing depends on the machine (decision 0003).
//   npm run inp                          builds first when the web sources changed
//   npm run inp -- --repeat=3            another number of repeats (default 5)
//   npm run inp -- --only=locatie,scan   only these interactions (names as printed, by substring)
//   npm run inp -- --rate=1              another CPU slowdown (default 4)
//   npm run inp -- --profile=/tmp/inp    writes a CPU profile (.cpuprofile) of each measured interaction there
//   npm run inp -- --trace=/tmp/inp      writes a Performance trace of each measured interaction there (DevTools opens it)
//   npm run inp -- --detail              the longest entry of each round: input delay, handlers, until the paint
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import type { CDPSession, Page } from 'playwright-core';
import { type RunningServer, repoRoot, startServer } from '../e2e/support/server.ts';
import type { Interaction } from './inp-interactions.ts';

const arg = (name: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? undefined;
const repeat = Math.max(1, Number(arg('repeat') ?? 5));
const rate = Math.max(1, Number(arg('rate') ?? 4));
const only = arg('only')?.split(',');
const profileDir = arg('profile');
const detail = process.argv.includes('--detail');
const traceDir = arg('trace');
const limitMs = 200;

declare global {
  interface Window {
    __inpEntries: { id: number; name: string; duration: number; delay: number; processing: number }[];
  }
}

/** Collects every Event Timing entry of an interaction from the start of each page (run before its scripts). */
function observeEvents() {
  window.__inpEntries = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as PerformanceEventTiming[]) {
      if (e.interactionId)
        window.__inpEntries.push({
          id: e.interactionId,
          name: e.name,
          duration: e.duration,
          // input delay (the main thread busy when the input came) and the handlers' own time
          delay: Math.round(e.processingStart - e.startTime),
          processing: Math.round(e.processingEnd - e.processingStart),
        });
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
}

/** Two frames and a task later: the entries of an interaction whose paint has happened are delivered. */
const afterPaint = (page: Page) =>
  page.evaluate(
    () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 100)))),
  );

async function measureOnce(page: Page, cdp: CDPSession, x: Interaction, round: number): Promise<number> {
  await x.setup(page, round);
  await afterPaint(page);
  await page.evaluate(() => {
    window.__inpEntries = [];
  });
  if (profileDir) await cdp.send('Profiler.start');
  const tracePath = traceDir && path.join(traceDir, `${x.name.replace(/\W+/g, '-')}-${round + 1}.trace.json`);
  if (tracePath) await page.context().browser()?.startTracing(page, { path: tracePath });
  await x.act(page, round);
  await x.settle(page, round);
  await afterPaint(page);
  if (tracePath) await page.context().browser()?.stopTracing();
  if (profileDir) {
    const { profile } = await cdp.send('Profiler.stop');
    const file = path.join(profileDir, `${x.name.replace(/\W+/g, '-')}-${round + 1}.cpuprofile`);
    writeFileSync(file, JSON.stringify(profile));
  }
  const entries = await page.evaluate(() => window.__inpEntries);
  if (detail) {
    const longest = entries.reduce<(typeof entries)[number] | null>(
      (m, e) => (!m || e.duration > m.duration ? e : m),
      null,
    );
    if (longest)
      process.stdout.write(
        `inp:   ${x.name} #${round + 1}: ${longest.name} ${longest.duration} ms (input delay ${longest.delay}, ` +
          `handlers ${longest.processing}, to the paint ${Math.round(longest.duration - longest.delay - longest.processing)})\n`,
      );
  }
  // an interaction under 16 ms has no entry: it counts as 0
  return entries.reduce((m, e) => Math.max(m, e.duration), 0);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

let server: RunningServer | null = null;
let failed = false;
try {
  const build = spawnSync(process.execPath, [path.join(repoRoot, 'scripts/build-if-needed.ts')], {
    stdio: 'inherit',
    cwd: repoRoot,
  });
  if (build.status !== 0) throw new Error('the web build failed');
  process.stdout.write('inp: starting the server with demo data…\n');
  server = await startServer();
  process.env.E2E_BASE_URL = server.baseUrl;
  // the journeys' helpers read the base URL when they are loaded
  const { launch, setSetting, startOnSite } = await import('../e2e/support/browser.ts');
  const { interactions } = await import('./inp-interactions.ts');
  await setSetting('Materieelvoorraad_ScannenEnabled', true);
  const browser = await launch();
  try {
    const { context, page } = await startOnSite(browser, 'nl-NL', 390, 0);
    context.setDefaultTimeout(60_000);
    await context.addInitScript(observeEvents);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    if (traceDir) mkdirSync(traceDir, { recursive: true });
    if (profileDir) {
      mkdirSync(profileDir, { recursive: true });
      await cdp.send('Profiler.enable');
    }
    const chosen = (await interactions(page, server.baseUrl)).filter(
      (x) => !only || only.some((o) => x.name.toLowerCase().includes(o.toLowerCase())),
    );
    const rows: { name: string; runs: number[] }[] = [];
    for (const x of chosen) {
      const runs: number[] = [];
      for (let round = 0; round < repeat; round++) runs.push(await measureOnce(page, cdp, x, round));
      rows.push({ name: x.name, runs });
      process.stdout.write(`inp: ${x.name}: ${runs.join(', ')} ms\n`);
    }
    const width = Math.max(...rows.map((r) => r.name.length), 'interaction'.length);
    const lines = rows.map((r) => {
      const med = median(r.runs);
      if (med > limitMs) failed = true;
      return `${r.name.padEnd(width)}  ${String(med).padStart(6)}  ${String(Math.max(...r.runs)).padStart(6)}  ${med <= limitMs ? 'PASS' : 'FAIL'}`;
    });
    process.stdout.write(
      `\nINP at ${rate}× CPU slowdown, 390×844, nl-NL, ${repeat} times each (ms; 0 = under 16 ms):\n` +
        `${'interaction'.padEnd(width)}  median     max  ≤ ${limitMs} ms\n${lines.join('\n')}\n` +
        `load average ${loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')}\n`,
    );
  } finally {
    await browser.close();
  }
} catch (e) {
  failed = true;
  process.stderr.write(`inp: ${(e as Error).stack ?? e}\n`);
} finally {
  await server?.stop();
}
process.exit(failed ? 1 : 0);
