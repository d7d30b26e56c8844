import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { problemsOf } from './conformance.ts';
import { useConformanceApp } from './conformance-app.ts';

/*
 * The served OpenAPI document is valid OpenAPI 3.1, and the conformance checker (conformance.ts: generated valid
 * and invalid requests, every answer's status and body compared with what its operation declares) catches an
 * undeclared status and a body that contradicts its schema. The sweep over every operation joins `npm test`
 * with the issue that makes every operation declare its answers (it reports about 300 gaps today).
 */
const app = useConformanceApp();

describe('the API document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await new Validator().validate(structuredClone(app.doc) as never);
    expect(app.doc.openapi).toBe('3.1.0');
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('would fail on a status an operation does not declare', async () => {
    const op = app.ops.find((o) => o.method === 'GET' && o.path === '/api/v2.0/PlantRequests/{id}');
    expect(op).toBeDefined();
    if (!op) return;
    const caller = app.callers[1];
    const answer = await app.send({
      op,
      kind: 'foreign-path',
      url: '/api/v2.0/PlantRequests/ffffffff-ffff-ffff-ffff-ffffffffffff',
      headers: caller,
    });
    expect(answer.status).toBe(404);
    // Declared (as the API-document issue will declare it): no problem; left out: the checker reports it.
    const declared = { ...op, responses: { ...op.responses, '404': null } };
    expect(problemsOf(declared, answer)).toEqual([]);
    const { '404': _dropped, ...withoutNotFound } = declared.responses;
    expect(problemsOf({ ...declared, responses: withoutNotFound }, answer)[0]).toMatch(/status not declared/);
    // and a body that contradicts the declared schema
    expect(
      problemsOf(op, {
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ unexpected: 1 }),
      })[0],
    ).toMatch(/does not match/);
  });
});
