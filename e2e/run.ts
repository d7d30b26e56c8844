// The e2e runner (`npm run test:e2e` builds first): starts the real server with demo data on free ports and a
// fresh data directory, runs the journeys with node's test runner on Chromium (scripts/lib/chromium.ts finds
// one), tears everything down.
//   node e2e/run.ts                 every journey
//   node e2e/run.ts location        journeys whose file name contains "location"
//   node e2e/run.ts --screenshots   screenshots into /tmp/shots instead of the journeys
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findChromium } from '../scripts/lib/chromium.ts';
import { startMailbox } from './support/mail.ts';
import { repoRoot, startServer } from './support/server.ts';

const args = process.argv.slice(2);
const screenshots = args.includes('--screenshots');
const filters = args.filter((a) => !a.startsWith('--'));

const journeyDir = path.join(repoRoot, 'e2e/journeys');
const files = screenshots
  ? [path.join(repoRoot, 'e2e/screenshots.ts')]
  : readdirSync(journeyDir)
      .filter((f) => f.endsWith('.ts') && (filters.length === 0 || filters.some((x) => f.includes(x))))
      .sort()
      .map((f) => path.join(journeyDir, f));

const t0 = Date.now();
// The browser first: without one the run fails here, in seconds and saying what to do, not after the server.
const browser = await findChromium().catch((e: Error) => {
  process.stderr.write(`e2e: ${e.message}\n`);
  process.exit(1);
});
process.stdout.write(`e2e: browser ${browser.path} (${browser.source})\n`);
process.stdout.write('e2e: starting the server (embedded PostgreSQL, demo data)…\n');
// the portal's mails go to a local SMTP server whose messages the journeys read (support/mail.ts)
const mailbox = await startMailbox(mkdtempSync(path.join(tmpdir(), 'mp-e2e-mail-')));
const server = await startServer({ env: { SMTP_URL: mailbox.url } });
process.stdout.write(
  `e2e: server ready at ${server.baseUrl} in ${((Date.now() - t0) / 1000).toFixed(1)} s\n`,
);

let code = 1;
const stopAll = async () => {
  await server.stop().catch((e) => process.stderr.write(`e2e: stopping the server failed: ${e}\n`));
  await mailbox.close().catch(() => {});
};
process.on('SIGINT', () => void stopAll().then(() => process.exit(130)));
process.on('SIGTERM', () => void stopAll().then(() => process.exit(143)));

try {
  const child = spawn(
    process.execPath,
    screenshots ? files : ['--test', '--test-concurrency=1', '--test-reporter=spec', ...files],
    {
      cwd: repoRoot,
      stdio: 'inherit',
      env: { ...process.env, E2E_BASE_URL: server.baseUrl, E2E_MAIL_DIR: mailbox.dir },
    },
  );
  code = await new Promise<number>((resolve) => child.on('exit', (c) => resolve(c ?? 1)));
} finally {
  if (code !== 0) {
    try {
      const tail = readFileSync(server.logFile, 'utf8').split('\n').slice(-40).join('\n');
      process.stderr.write(`e2e: last server log lines:\n${tail}\n`);
    } catch {}
  }
  await stopAll();
}
process.stdout.write(
  `e2e: ${code === 0 ? 'passed' : 'FAILED'} in ${((Date.now() - t0) / 1000).toFixed(1)} s\n`,
);
process.exit(code);
