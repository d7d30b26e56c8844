import { apiError } from '@mp/contract/api/common';
import type { FastifyInstance, RouteOptions } from 'fastify';

/**
 * The API document declares every status a route can answer (issue #16 part 1). The error answers follow
 * from what a route is, so they are added here for every /api route as it is registered, with the one error
 * shape; a route declares only what is its own (its successes, a 409 conflict, a 422 rule):
 *   400  always: a query parameter the route does not declare; and schema validation, data the database refuses
 *   401  it needs a login (not `security: []`)
 *   403  it needs a login: the role, the functional area or the location may refuse
 *   404  it takes input naming something (a location, an id, a number) that may not exist or not be the caller's
 *   413, 415  it takes an upload (multipart)
 *   401  also a public write: a refused sign-in or refresh token
 *   422  it is a write that takes input: a business rule may refuse it (409 for a state conflict: per route)
 *   429  it is a public write (sign-in, registration, password mails are throttled), or config THROTTLED
 *   503  always: the database may be unreachable (Retry-After)
 */
/** Route config of a protected call that is throttled too (a password change): it may answer 429. */
export const THROTTLED = { throttled: true } as const;

export function declareErrorAnswers(app: FastifyInstance): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
    const schema = (route.schema ?? {}) as Record<string, unknown> & {
      security?: unknown[];
      response?: Record<string | number, unknown>;
      consumes?: string[];
    };
    if (schema.hide) return;
    const isPublic = Array.isArray(schema.security) && schema.security.length === 0;
    const takesInput = Boolean(schema.body || schema.querystring || schema.params || schema.headers);
    const upload = schema.consumes?.some((c) => c.startsWith('multipart/')) ?? false;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const writes = methods.some((m) => m !== 'GET' && m !== 'HEAD');
    const statuses = [
      // 400 for every route: a query parameter it does not declare is refused (request-input.ts)
      400,
      ...(takesInput || upload ? [404] : []),
      ...(isPublic ? (writes ? [401] : []) : [401, 403]),
      ...(!isPublic && writes && takesInput ? [422] : []),
      ...(upload ? [413, 415] : []),
      ...((isPublic && writes) || (route.config as { throttled?: boolean } | undefined)?.throttled
        ? [429]
        : []),
      503,
    ];
    const response = { ...(schema.response ?? {}) };
    for (const status of statuses) if (!(status in response)) response[status] = apiError;
    // an operation for one role says so (route-access.ts): its 403 comes before the input is checked
    const access = (route.config as { access?: string } | undefined)?.access;
    const who =
      access === 'admin'
        ? 'Administrators only'
        : access === 'department'
          ? 'The equipment department only (admins and internal users with the department permission)'
          : access === 'corporate-identity'
            ? 'Administrators and holders of AppCorporateIdentity only'
            : null;
    const description = who
      ? `${(schema.description as string | undefined) ?? ''} ${who}: 403 for anyone else, before the input is checked.`.trim()
      : schema.description;
    route.schema = { ...schema, ...(description ? { description } : {}), response } as RouteOptions['schema'];
  });
}
