import { describe, expect, it } from 'vitest';
import { CaseMaker, caseKinds } from './conformance.ts';
import { useConformanceApp } from './conformance-app.ts';
import {
  acceptedUnknownQuery,
  documentProblems,
  looserThanServer,
  methodProblems,
  problemsOf,
  refusedTooLate,
} from './conformance-checks.ts';

/*
 * A step of `npm test` (also `npm run conformance`; issues #16 and #31).
 * The served OpenAPI document tells the truth: every operation driven with generated valid and invalid input
 * (json-schema-faker from the declared schemas, then broken on purpose: a required field missing, a wrong type,
 * control characters, blank strings, unknown fields and query parameters, unknown path values, malformed JSON)
 * as anonymous, user and admin, asking lists first for the ids of real rows; every answer's status and media type
 * must be declared for that operation and its body must match the declared schema, a request the document calls
 * valid must not be refused as invalid input, who may not call is refused (401/403) before the input is read, and
 * no operation takes a query parameter it does not declare. Every path answers a method it does not have with 405
 * and Allow, and every URL field of the document names its format.
 * CONFORMANCE_ROUNDS (default 4, at least 10,000 requests) raises the count.
 */

const ROUNDS = Number(process.env.CONFORMANCE_ROUNDS ?? 4);
const app = useConformanceApp();

/** Problems by kind (the text without the example in parentheses), each kind once per operation and status. */
function report(problems: Map<string, string>, name: string): void {
  const kinds = new Map<string, number>();
  for (const key of problems.keys()) {
    const kind = key.replace(/^\S+ \S+( → \d+)?: /, '').replace(/ \S+ not declared/, ' … not declared');
    kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
  }
  const lines = [...kinds].map(([kind, n]) => `  ${n} × ${kind}`).join('\n');
  process.stdout.write(`${name}: ${problems.size} problems${lines ? `\n${lines}` : ''}\n`);
}

describe('the API document', () => {
  it('declares every status and media type the server answers, refuses who may not call first, and is as strict as the server', async () => {
    const maker = new CaseMaker(20261123);
    const problems = new Map<string, string>();
    let cases = 0;
    for (let round = 0; round < ROUNDS; round++) {
      for (const op of app.ops) {
        for (const [i, caller] of app.callers.entries()) {
          for (const kind of caseKinds) {
            const c = maker.make(op, kind, caller);
            if (!c) continue;
            const answer = await app.send(c);
            cases++;
            if (kind === 'valid') maker.learn(op, answer);
            for (const p of [
              ...problemsOf(op, answer),
              ...looserThanServer(c, answer),
              ...refusedTooLate(c, app.callerNames[i], answer),
              ...acceptedUnknownQuery(c, answer),
            ]) {
              const key = p.replace(/\s*\(.*$/, '');
              if (!problems.has(key)) problems.set(key, `${p} [${app.callerNames[i]} ${kind} ${c.url}]`);
            }
          }
        }
      }
    }
    process.stdout.write(`conformance: ${cases} generated requests\n`);
    report(problems, 'conformance');
    expect(cases).toBeGreaterThanOrEqual(ROUNDS >= 4 ? 10_000 : ROUNDS * 2500);
    expect([...problems.values()]).toEqual([]);
  }, 900_000);

  it('names the format of every URL field', () => {
    const problems = documentProblems(app.ops);
    report(new Map(problems.map((p) => [p, p])), 'document');
    expect(problems).toEqual([]);
  });

  it('answers a method a path does not have with 405 and Allow', async () => {
    const problems = new Map<string, string>();
    const documented = new Map<string, string[]>();
    for (const op of app.ops) documented.set(op.path, [...(documented.get(op.path) ?? []), op.method]);
    const template = (path: string) =>
      new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '[^/]+')}$`, 'i');
    const templates = [...documented.keys()].map((path) => ({ path, pattern: template(path) }));
    for (const path of documented.keys()) {
      const url = path.replace(/\{[^}]+\}/g, 'conformance-x');
      // every template the address fits: /Users/me is also /Users/{id}
      const methods = [
        ...new Set(templates.filter((t) => t.pattern.test(url)).flatMap((t) => documented.get(t.path) ?? [])),
      ];
      for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) {
        if (methods.includes(method)) continue;
        const answer = await app.send({ op: { method }, url, headers: app.callers[2] });
        for (const p of methodProblems(path, methods, method, answer))
          problems.set(p.replace(/\s*\(.*$/, ''), p);
      }
    }
    report(problems, 'methods');
    expect([...problems.values()]).toEqual([]);
  });
});
