import { describe, expect, it } from 'vitest';
import { type Step, selectSteps, summary } from './steps.ts';

const steps: Step[] = [
  { name: 'typecheck', cmd: ['tsc'] },
  { name: 'unit', cmd: ['vitest'] },
  { name: 'build', cmd: ['vite', 'build'] },
  { name: 'e2e', cmd: ['node', 'e2e/run.ts'], needs: ['build'] },
];

describe('the steps of npm test', () => {
  it('runs every step, or those asked for with the ones they need, in their order', () => {
    expect(selectSteps(steps, []).map((s) => s.name)).toEqual(['typecheck', 'unit', 'build', 'e2e']);
    expect(selectSteps(steps, ['e2e', 'typecheck']).map((s) => s.name)).toEqual([
      'typecheck',
      'build',
      'e2e',
    ]);
    expect(selectSteps(steps, ['unit']).map((s) => s.name)).toEqual(['unit']);
    expect(() => selectSteps(steps, ['lint', 'unit'])).toThrow(/no step lint; the steps: typecheck, unit/);
  });

  it("prints each step's time and the total, and warns when a whole run is over its budget", () => {
    const results = [
      { name: 'typecheck', ok: true, seconds: 100 },
      { name: 'e2e', ok: true, seconds: 1450.25 },
    ];
    const within = summary(results, { skipped: ['server-secondary-db'], whole: true, budgetMinutes: 30 });
    expect(within).toMatch(/^ok {3}typecheck {14}\s+100\.0 s$/m);
    expect(within).toMatch(/^ok {3}e2e {20}\s+1450\.3 s$/m);
    expect(within).toMatch(/^skip server-secondary-db$/m);
    expect(within).toMatch(/^total\s+1550\.3 s \(25\.8 min\)$/m);
    expect(within).toMatch(/^within the budget of 30 min$/m);
    expect(within).not.toMatch(/WARNING/);

    const over = summary(results, { skipped: [], whole: true, budgetMinutes: 25 });
    expect(over).toMatch(/^WARNING: npm test took 25\.8 min, over its budget of 25 min/m);
    // one step asked for: no budget to speak of
    expect(summary(results.slice(0, 1), { skipped: [], whole: false, budgetMinutes: 1 })).not.toMatch(
      /budget/,
    );
  });

  it('says which step failed', () => {
    const text = summary([{ name: 'lint', ok: false, seconds: 3 }], {
      skipped: [],
      whole: true,
      budgetMinutes: 25,
    });
    expect(text).toMatch(/^FAIL lint/m);
    expect(text).toMatch(/^steps: 0 passed, 1 failed$/m);
  });
});
