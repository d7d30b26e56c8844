// The e2e runner (`npm run test:e2e` builds first): starts the real server with demo data on free ports and a
// fresh data directory, runs the journeys with node's test runner on Chromium (scripts/lib/chromium.ts finds
// one), tears everything down. Journeys run side by side, each in its own process and browser against that one
// server, except two that share data (e2e/shared-data.ts): those run one after the other (e2e/support/schedule.ts).
//   node e2e/run.ts                   every journey
//   node e2e/run.ts location          journeys whose file name contains "location"
//   node e2e/run.ts --concurrency=1   one journey at a time (default: E2E_CONCURRENCY, else 3 on 2 cores or more)
//   node e2e/run.ts --screenshots     screenshots into /tmp/shots instead of the journeys
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { findChromium } from '../scripts/lib/chromium.ts';
import { journeyData, sharedData } from './shared-data.ts';
import { startMailbox } from './support/mail.ts';
import { type Journey, Schedule } from './support/schedule.ts';
import { repoRoot, startServer } from './support/server.ts';

const args = process.argv.slice(2);
const screenshots = args.includes('--screenshots');
const filters = args.filter((a) => !a.startsWith('--'));
const concurrencyArg = args.find((a) => a.startsWith('--concurrency='))?.split('=')[1];
const concurrency = Number(concurrencyArg ?? process.env.E2E_CONCURRENCY ?? defaultConcurrency());
if (!Number.isInteger(concurrency) || concurrency < 1) {
  process.stderr.write(`e2e: the concurrency must be a whole number of 1 or more, not ${concurrencyArg}\n`);
  process.exit(2);
}

/**
 * Three at a time from 2 cores on: a journey spends most of its time waiting (for the server, for animations and
 * axe), so three browsers keep 2 cores busy; one on a single core.
 */
function defaultConcurrency(): number {
  return availableParallelism() >= 2 ? 3 : 1;
}

const journeyDir = path.join(repoRoot, 'e2e/journeys');
const names = readdirSync(journeyDir)
  .filter((f) => f.endsWith('.ts') && (filters.length === 0 || filters.some((x) => f.includes(x))))
  .map((f) => f.replace(/\.ts$/, ''))
  .sort();

// How long each journey took last time here: only the order they start in depends on it.
const timesFile = path.join(repoRoot, 'node_modules/.cache/materieelportaal/e2e-seconds.json');
const lastTimes: Record<string, number> = (() => {
  try {
    return JSON.parse(readFileSync(timesFile, 'utf8'));
  } catch {
    return {};
  }
})();

const journeys: Journey[] = names.map((name) => {
  const declared = journeyData[name];
  if (!declared)
    process.stderr.write(
      `e2e: ${name} is not in e2e/shared-data.ts: it runs as if it shared every datum there\n`,
    );
  const tests = (readFileSync(path.join(journeyDir, `${name}.ts`), 'utf8').match(/\bit\(/g) ?? []).length;
  return {
    name,
    shares: declared ?? Object.keys(sharedData),
    seconds: lastTimes[name] ?? 30 * Math.max(1, tests),
  };
});

const t0 = Date.now();
const since = (t: number) => ((Date.now() - t) / 1000).toFixed(1);
// The browser first: without one the run fails here, in seconds and saying what to do, not after the server.
const browser = await findChromium().catch((e: Error) => {
  process.stderr.write(`e2e: ${e.message}\n`);
  process.exit(1);
});
process.stdout.write(`e2e: browser ${browser.path} (${browser.source})\n`);
process.stdout.write('e2e: starting the server (embedded PostgreSQL, demo data)…\n');
// the portal's mails go to a local SMTP server whose messages the journeys read (support/mail.ts)
const mailbox = await startMailbox(mkdtempSync(path.join(tmpdir(), 'mp-e2e-mail-')));
// the webhooks journey's receiver listens on 127.0.0.1 (decision 0032: loopback for development and tests only)
const server = await startServer({ env: { SMTP_URL: mailbox.url, WEBHOOKS_ALLOW_LOOPBACK: 'true' } });
process.stdout.write(`e2e: server ready at ${server.baseUrl} in ${since(t0)} s\n`);
const env = { ...process.env, E2E_BASE_URL: server.baseUrl, E2E_MAIL_DIR: mailbox.dir };

const children = new Set<ReturnType<typeof spawn>>();
const stopAll = async () => {
  for (const child of children) child.kill('SIGTERM');
  await server.stop().catch((e) => process.stderr.write(`e2e: stopping the server failed: ${e}\n`));
  await mailbox.close().catch(() => {});
};
process.on('SIGINT', () => void stopAll().then(() => process.exit(130)));
process.on('SIGTERM', () => void stopAll().then(() => process.exit(143)));

/** Runs one file with node's test runner; its output is kept and printed in one piece when it ends. */
function runFile(file: string, extra: string[] = []): Promise<{ ok: boolean; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...extra, file], { cwd: repoRoot, env });
    children.add(child);
    const output: Buffer[] = [];
    child.stdout.on('data', (b: Buffer) => output.push(b));
    child.stderr.on('data', (b: Buffer) => output.push(b));
    child.on('close', (code) => {
      children.delete(child);
      resolve({ ok: code === 0, output: Buffer.concat(output).toString('utf8') });
    });
  });
}

const results: { name: string; ok: boolean; seconds: number }[] = [];
let code = 1;
try {
  if (screenshots) {
    const r = await runFile(path.join(repoRoot, 'e2e/screenshots.ts'));
    process.stdout.write(r.output);
    code = r.ok ? 0 : 1;
  } else {
    const slots = Math.min(concurrency, journeys.length);
    process.stdout.write(
      `e2e: ${journeys.length} journeys, ${slots} at a time (those sharing data one after the other)\n`,
    );
    const schedule = new Schedule(journeys);
    const running = new Map<string, Promise<string>>();
    for (;;) {
      for (let next = schedule.next(); next && running.size < slots; next = schedule.next()) {
        const { name } = next;
        schedule.start(name);
        const started = Date.now();
        const waited = schedule.waitsFor(name);
        process.stdout.write(
          `e2e: ▶ ${name}${waited.length ? ` (after ${waited.join(', ')})` : ''} at ${since(t0)} s\n`,
        );
        running.set(
          name,
          runFile(path.join(journeyDir, `${name}.ts`), ['--test-reporter=spec']).then((r) => {
            const seconds = (Date.now() - started) / 1000;
            results.push({ name, ok: r.ok, seconds });
            process.stdout.write(
              `\n── ${name}: ${r.ok ? 'passed' : 'FAILED'} in ${seconds.toFixed(1)} s\n${r.output}\n`,
            );
            return name;
          }),
        );
      }
      if (running.size === 0) break;
      const done = await Promise.race(running.values());
      running.delete(done);
      schedule.finish(done);
    }
    code = results.every((r) => r.ok) && results.length === journeys.length ? 0 : 1;
    const times = { ...lastTimes };
    for (const r of results) if (r.ok) times[r.name] = Math.round(r.seconds);
    mkdirSync(path.dirname(timesFile), { recursive: true });
    writeFileSync(timesFile, `${JSON.stringify(times, null, 2)}\n`);
  }
} finally {
  if (code !== 0) {
    try {
      const tail = readFileSync(server.logFile, 'utf8').split('\n').slice(-40).join('\n');
      process.stderr.write(`e2e: last server log lines:\n${tail}\n`);
    } catch {}
  }
  await stopAll();
}
if (results.length) {
  const sum = results.reduce((s, r) => s + r.seconds, 0);
  process.stdout.write('\ne2e: journeys, longest first\n');
  for (const r of [...results].sort((a, b) => b.seconds - a.seconds))
    process.stdout.write(
      `${r.ok ? 'ok  ' : 'FAIL'} ${r.name.padEnd(26)} ${r.seconds.toFixed(1).padStart(6)} s\n`,
    );
  process.stdout.write(`e2e: the journeys took ${sum.toFixed(1)} s one by one\n`);
}
process.stdout.write(`e2e: ${code === 0 ? 'passed' : 'FAILED'} in ${since(t0)} s\n`);
process.exit(code);
