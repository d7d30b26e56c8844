// The steps of `npm test` (scripts/test.ts): which to run for the names asked, and the summary with each step's time.

export interface Step {
  name: string;
  cmd: string[];
  env?: Record<string, string>;
  /** Runs only when this says so (e.g. a second database is configured). */
  when?: () => boolean;
  /** Steps it needs before it, run with it when it is asked for alone (e2e needs the build). */
  needs?: string[];
}

export interface StepResult {
  name: string;
  ok: boolean;
  seconds: number;
}

/** The steps to run, in their order: all of them, or those named and the ones they need. */
export function selectSteps(steps: Step[], names: string[]): Step[] {
  const unknown = names.filter((n) => !steps.some((s) => s.name === n));
  if (unknown.length)
    throw new Error(`no step ${unknown.join(', ')}; the steps: ${steps.map((s) => s.name).join(', ')}`);
  if (names.length === 0) return steps;
  const wanted = new Set<string>();
  const add = (name: string) => {
    if (wanted.has(name)) return;
    wanted.add(name);
    for (const n of steps.find((s) => s.name === name)?.needs ?? []) add(n);
  };
  names.forEach(add);
  return steps.filter((s) => wanted.has(s.name));
}

const minutes = (seconds: number) => `${(seconds / 60).toFixed(1)} min`;

/**
 * Each step's time and the total; for a whole run (every step) the budget, and a warning when the total is over it
 * (README "Tests" says what to expect).
 */
export function summary(
  results: StepResult[],
  options: { skipped: string[]; whole: boolean; budgetMinutes: number },
): string {
  const lines = ['=== summary'];
  for (const r of results)
    lines.push(`${r.ok ? 'ok  ' : 'FAIL'} ${r.name.padEnd(22)} ${r.seconds.toFixed(1).padStart(7)} s`);
  for (const name of options.skipped) lines.push(`skip ${name}`);
  const total = results.reduce((s, r) => s + r.seconds, 0);
  const failed = results.filter((r) => !r.ok).length;
  lines.push(`total ${''.padEnd(22)} ${total.toFixed(1).padStart(7)} s (${minutes(total)})`);
  lines.push(`steps: ${results.length - failed} passed, ${failed} failed`);
  if (options.whole) {
    const over = total > options.budgetMinutes * 60;
    lines.push(
      over
        ? `WARNING: npm test took ${minutes(total)}, over its budget of ${options.budgetMinutes} min (README "Tests"; docs/decisions/0010): find the step that grew above`
        : `within the budget of ${options.budgetMinutes} min`,
    );
  }
  return `${lines.join('\n')}\n`;
}
