import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { journeyData, sharedData } from '../shared-data.ts';
import { type Journey, Schedule } from './schedule.ts';

/**
 * Runs a schedule as e2e/run.ts does, with each journey taking its `seconds`: up to `slots` at a time, the next one
 * started as one ends. Returns when each journey ran (start, end) and the time it all took.
 */
function simulate(journeys: Journey[], slots: number) {
  const schedule = new Schedule(journeys);
  const ran = new Map<string, { start: number; end: number }>();
  const running: { name: string; start: number; end: number }[] = [];
  let now = 0;
  for (;;) {
    for (let next = schedule.next(); next && running.length < slots; next = schedule.next()) {
      schedule.start(next.name);
      running.push({ name: next.name, start: now, end: now + next.seconds });
    }
    if (running.length === 0) break;
    running.sort((a, b) => a.end - b.end || a.name.localeCompare(b.name));
    const first = running.shift() as { name: string; start: number; end: number };
    now = first.end;
    ran.set(first.name, { start: first.start, end: first.end });
    schedule.finish(first.name);
  }
  return { ran, total: now };
}

const overlap = (a: { start: number; end: number }, b: { start: number; end: number }) =>
  a.start < b.end && b.start < a.end;

describe('the e2e schedule', () => {
  const list: Journey[] = [
    { name: 'a', shares: ['x'], seconds: 10 },
    { name: 'b', shares: [], seconds: 30 },
    { name: 'c', shares: ['x', 'y'], seconds: 20 },
    { name: 'd', shares: ['y'], seconds: 5 },
    { name: 'e', shares: [], seconds: 5 },
  ];

  it('never runs two journeys that share data at once, and runs those in the order of the list', () => {
    for (const slots of [1, 2, 3, 5]) {
      const { ran } = simulate(list, slots);
      expect([...ran.keys()].sort()).toEqual(['a', 'b', 'c', 'd', 'e']);
      for (const [p, q] of [
        ['a', 'c'],
        ['c', 'd'],
      ] as const) {
        const [first, second] = [ran.get(p), ran.get(q)] as { start: number; end: number }[];
        expect(overlap(first, second), `${p} and ${q} at once with ${slots} slots`).toBe(false);
        expect(first.end, `${p} before ${q}`).toBeLessThanOrEqual(second.start);
      }
    }
  });

  it('runs the others side by side, never more than the slots, and starts the longest chain first', () => {
    const one = simulate(list, 1);
    expect(one.total).toBe(70);
    const two = simulate(list, 2);
    // a → c → d (35 s) beside b and e (35 s)
    expect(two.total).toBe(35);
    const at = (t: number) => [...two.ran.values()].filter((r) => r.start <= t && t < r.end).length;
    for (let t = 0; t < two.total; t++) expect(at(t)).toBeLessThanOrEqual(2);
    expect(two.ran.get('a')?.start).toBe(0);
  });

  it('refuses a journey listed twice', () => {
    expect(() => new Schedule([list[0] as Journey, list[0] as Journey])).toThrow(/twice: a/);
  });
});

describe('the journeys and the data they share (e2e/shared-data.ts)', () => {
  const dir = path.resolve(fileURLToPath(import.meta.url), '../../journeys');
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.ts'))
    .map((f) => f.replace(/\.ts$/, ''))
    .sort();

  it('names every journey, and only journeys that exist', () => {
    expect(Object.keys(journeyData).sort()).toEqual(files);
  });

  it('names only data it describes, and every datum it describes is shared by two journeys or more', () => {
    const used = new Map<string, string[]>();
    for (const [journey, data] of Object.entries(journeyData))
      for (const d of data) used.set(d, [...(used.get(d) ?? []), journey]);
    for (const d of used.keys()) expect(Object.keys(sharedData)).toContain(d);
    for (const d of Object.keys(sharedData))
      expect(used.get(d)?.length ?? 0, `${d}: ${used.get(d)}`).toBeGreaterThanOrEqual(2);
  });
});
