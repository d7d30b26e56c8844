import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from './app.ts';
import { type Case, type Operation, operations } from './conformance.ts';

export interface ConformanceApp {
  doc: { openapi: string; paths: Record<string, Record<string, Record<string, unknown>>> };
  ops: Operation[];
  /** Anonymous, a user, an admin. */
  callers: Record<string, string>[];
  send(c: Case): Promise<{ status: number; contentType: string | undefined; body: string }>;
}

/** A test app with its served API document, for the file that calls this (set up before, closed after its tests). */
export function useConformanceApp(): ConformanceApp {
  let t: TestApp;
  const ctx = { callers: [] } as unknown as ConformanceApp;
  beforeAll(async () => {
    t = await createTestApp();
    ctx.doc = (await t.app.inject({ url: '/api/docs/json' })).json();
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
    };
  };
  return ctx;
}
