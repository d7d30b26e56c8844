// The one test command: typecheck, lint, boundaries between areas (dependency-cruiser), unit, server integration (embedded PostgreSQL, and again on a
// second server when TEST_DATABASE_URL_SECONDARY is set), web component tests, end-to-end.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

interface Step {
  name: string;
  cmd: string[];
  env?: Record<string, string>;
  when?: () => boolean;
}

const secondary = process.env.TEST_DATABASE_URL_SECONDARY;
const only = process.argv.slice(2);

const steps: Step[] = [
  { name: 'typecheck', cmd: ['npm', 'run', 'typecheck'] },
  { name: 'lint', cmd: ['npx', 'biome', 'check', '.'] },
  { name: 'boundaries', cmd: ['npm', 'run', 'lint:boundaries'] },
  { name: 'lockfile', cmd: ['npm', 'run', 'lint:lockfile'] },
  { name: 'unit', cmd: ['npx', 'vitest', 'run', '--project', 'unit'] },
  { name: 'server', cmd: ['npx', 'vitest', 'run', '--project', 'server'] },
  // the API document against the server: ≥ 10,000 generated requests, 0 undeclared statuses (issue #16)
  { name: 'conformance', cmd: ['npx', 'vitest', 'run', '--project', 'conformance'] },
  {
    name: 'server-secondary-db',
    cmd: ['npx', 'vitest', 'run', '--project', 'server'],
    env: { TEST_DATABASE_URL: secondary ?? '' },
    when: () => Boolean(secondary),
  },
  {
    name: 'web',
    cmd: ['npx', 'vitest', 'run', '--project', 'web'],
    when: () => existsSync('apps/web/vitest.config.ts'),
  },
  { name: 'e2e', cmd: ['npm', 'run', 'test:e2e'], when: () => existsSync('e2e/run.ts') },
];

const results: { name: string; ok: boolean; seconds: number }[] = [];
for (const step of steps) {
  if (only.length && !only.includes(step.name)) continue;
  if (step.when && !step.when()) continue;
  const t0 = Date.now();
  process.stdout.write(`\n=== ${step.name}: ${step.cmd.join(' ')}\n`);
  const r = spawnSync(step.cmd[0], step.cmd.slice(1), {
    stdio: 'inherit',
    env: { ...process.env, ...step.env },
    // why: on Windows npm and npx are .cmd scripts, which Node only starts through a shell (our arguments
    // hold no spaces or quotes, so nothing needs escaping there)
    shell: process.platform === 'win32',
  });
  const ok = r.status === 0;
  results.push({ name: step.name, ok, seconds: (Date.now() - t0) / 1000 });
  if (!ok) break;
}
process.stdout.write('\n=== summary\n');
for (const r of results)
  process.stdout.write(`${r.ok ? 'ok  ' : 'FAIL'} ${r.name.padEnd(22)} ${r.seconds.toFixed(1)} s\n`);
const failed = results.filter((r) => !r.ok).length;
process.stdout.write(`steps: ${results.length - failed} passed, ${failed} failed\n`);
process.exit(failed ? 1 : 0);
