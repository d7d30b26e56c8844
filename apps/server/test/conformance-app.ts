import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from './app.ts';
import { type Case, type OpenApiDoc, type Operation, operations } from './conformance.ts';
import { type Answer, type CallerName, useComponents } from './conformance-checks.ts';

export interface ConformanceApp {
  doc: OpenApiDoc & { openapi: string };
  ops: Operation[];
  /** Anonymous, a user, an admin (their headers; `callerNames` says who is who). */
  callers: Record<string, string>[];
  callerNames: CallerName[];
  send(
    c: Pick<Case, 'url' | 'headers' | 'payload'> & { op: Pick<Operation, 'method'>; kind?: string },
  ): Promise<Answer>;
}

/** A test app with its served API document, for the file that calls this (set up before, closed after its tests). */
export function useConformanceApp(): ConformanceApp {
  let t: TestApp;
  const ctx = { callers: [], callerNames: ['anonymous', 'user', 'admin'] } as unknown as ConformanceApp;
  beforeAll(async () => {
    t = await createTestApp();
    ctx.doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    useComponents(ctx.doc);
    ctx.ops = operations(ctx.doc);
    ctx.callers = [{}, await t.auth('uitvoerder@vandijk.nl'), await t.auth('admin@materieelportaal.nl')];
  });
  afterAll(async () => {
    await t.close();
  });
  ctx.send = async (c) => {
    const res = await t.app.inject({
      method: c.op.method as 'GET',
      url: c.url,
      headers: c.headers,
      payload: c.payload,
    });
    return {
      status: res.statusCode,
      contentType: res.headers['content-type'] as string | undefined,
      body: res.body,
      allow: res.headers.allow as string | undefined,
    };
  };
  return ctx;
}
