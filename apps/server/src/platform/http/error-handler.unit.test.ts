import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandling } from './error-handler.ts';

// The net under every "check, then write" (issue #31 item 3): a race the code's checks did not settle is a 409
// the caller can act on, never a 500. The errors are shaped as drizzle throws them: the driver's error as `cause`.
describe('the error handler maps database races to 409', () => {
  const app = Fastify();
  const pgError = (code: string) =>
    Object.assign(new Error('Failed query: insert …'), {
      cause: Object.assign(new Error('duplicate key value'), { code, constraint: 'x_uq' }),
    });
  beforeAll(async () => {
    registerErrorHandling(app);
    app.decorateRequest('locale', 'nl-NL');
    app.get('/race/:code', async (req) => {
      throw pgError((req.params as { code: string }).code);
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it.each(['23505', '23P01', '40001', '40P01'])('%s answers 409 error.conflict', async (code) => {
    const r = await app.inject({ url: `/race/${code}` });
    expect(r.statusCode).toBe(409);
    expect(r.json().code).toBe('error.conflict');
    expect(r.json().message).toMatch(/iemand anders/);
  });

  it('another database error stays a generic 500', async () => {
    const r = await app.inject({ url: '/race/42P01' });
    expect(r.statusCode).toBe(500);
    expect(r.json().code).toBe('error.server_fout');
  });
});
