// Two rules about what a request may carry, kept where Fastify would otherwise answer before the access checks
// or let something through (issue #31 item 21):
// - A JSON body is parsed before any preValidation hook runs, so a malformed one answered 400 before the caller was
//   refused (401 without a token, 403 without the role). Its parse error is kept on the request and thrown by a
//   hook registered after the access checks (app.ts): who may not call is refused before what they sent is read.
// - No operation takes a query parameter it does not declare: a route without a query schema gets an empty strict
//   one, and a query object that would drop unknown parameters refuses them instead (400 validation.onbekend_veld).
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { z } from 'zod';

declare module 'fastify' {
  interface FastifyRequest {
    /** Why the body could not be parsed (malformed JSON), thrown once the caller may call (request-input.ts). */
    bodyError: Error | null;
  }
}

/**
 * Parses JSON bodies as before, but keeps a parse error on the request and answers it in a preValidation hook:
 * app.ts calls this after registering the access checks, so they come first.
 */
export function answerMalformedBodiesLater(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.decorateRequest('bodyError', null);
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    parse(req, body as string, (err: Error | null, value?: unknown) => {
      if (err) {
        (req as FastifyRequest).bodyError = err;
        done(null, undefined);
      } else done(null, value);
    });
  });
  app.addHook('preValidation', async (req) => {
    if (req.bodyError) throw req.bodyError;
  });
}

/** Makes every /api route refuse query parameters it does not declare (register before the routes). */
export function refuseUndeclaredQuery(app: FastifyInstance): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
    const schema = (route.schema ?? {}) as Record<string, unknown>;
    if (schema.hide) return;
    const query = schema.querystring;
    if (query === undefined) {
      route.schema = { ...schema, querystring: z.object({}).strict() };
    } else if (query instanceof z.ZodObject && query._zod.def.catchall === undefined) {
      // why: .strict() makes a new schema, and the document's rules across parameters (.meta) belong to the old one
      const meta = z.globalRegistry.get(query);
      const strict = query.strict();
      route.schema = { ...schema, querystring: meta ? strict.meta(meta) : strict };
    }
  });
}
