import { describe, expect, it } from 'vitest';
import { CaseMaker, caseKinds, looserThanServer, problemsOf } from './conformance.ts';
import { useConformanceApp } from './conformance-app.ts';

/*
 * A step of `npm test` (also `npm run conformance`; issue #16).
 * The served OpenAPI document tells the truth: every operation driven with generated valid and invalid input
 * (json-schema-faker from the declared schemas, then broken on purpose: a required field missing, a wrong type,
 * control characters, blank strings, unknown fields, unknown path values) as anonymous, user and admin; every
 * answer's status must be declared for that operation and its body must match the declared schema.
 * CONFORMANCE_ROUNDS (default 4, at least 10,000 requests) raises the count.
 */

const ROUNDS = Number(process.env.CONFORMANCE_ROUNDS ?? 4);
const app = useConformanceApp();

describe('the API document', () => {
  it('declares every status the server answers, with a body matching its schema', async () => {
    const maker = new CaseMaker(20261123);
    const problems = new Map<string, string>();
    let cases = 0;
    for (let round = 0; round < ROUNDS; round++) {
      for (const op of app.ops) {
        for (const caller of app.callers) {
          for (const kind of caseKinds) {
            const c = maker.make(op, kind, caller);
            const answer = await app.send(c);
            cases++;
            for (const p of [...problemsOf(op, answer), ...looserThanServer(c, answer)]) {
              const key = p.split(':')[0];
              if (!problems.has(key)) problems.set(key, `${p} [${kind} ${c.url}]`);
            }
          }
        }
      }
    }
    process.stdout.write(`conformance: ${cases} generated requests, ${problems.size} problems\n`);
    expect(cases).toBeGreaterThanOrEqual(ROUNDS >= 4 ? 10_000 : ROUNDS * 2500);
    expect([...problems.values()]).toEqual([]);
  }, 900_000);
});
