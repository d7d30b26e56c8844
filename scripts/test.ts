// The one test command: typecheck, lint, boundaries between areas (dependency-cruiser), unit, server integration (embedded PostgreSQL, and again on a
// second server when TEST_DATABASE_URL_SECONDARY is set), web component tests, the web build once, end-to-end on it,
// the byte budget of the main pages on it.
// Prints each step's time and the total; a whole run warns when it is over its budget (TEST_BUDGET_MINUTES, 25).
//   npm test                 every step
//   npm test -- server e2e   those steps (and the ones they need: e2e the build)
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { type Step, type StepResult, selectSteps, summary } from './lib/steps.ts';

const secondary = process.env.TEST_DATABASE_URL_SECONDARY;
const only = process.argv.slice(2);
const budgetMinutes = Number(process.env.TEST_BUDGET_MINUTES ?? 25);

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
  // built once here; the e2e step's server serves it (e2e/run.ts)
  { name: 'build', cmd: ['npm', 'run', 'build'], when: () => existsSync('e2e/run.ts') },
  {
    name: 'e2e',
    cmd: ['node', 'e2e/run.ts'],
    needs: ['build'],
    when: () => existsSync('e2e/run.ts'),
  },
  // the byte budget per main page from the build's manifest (issue #36; scripts/bytes.ts). After e2e, so a page over
  // its budget does not keep the journeys from running
  { name: 'bytes', cmd: ['node', 'scripts/bytes.ts'], needs: ['build'] },
];

let selected: Step[];
try {
  selected = selectSteps(steps, only);
} catch (e) {
  process.stderr.write(`${(e as Error).message}\n`);
  process.exit(2);
}

const results: StepResult[] = [];
const skipped: string[] = [];
for (const step of selected) {
  if (step.when && !step.when()) {
    skipped.push(step.name);
    continue;
  }
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
process.stdout.write(`\n${summary(results, { skipped, whole: only.length === 0, budgetMinutes })}`);
process.exit(results.some((r) => !r.ok) ? 1 : 0);
