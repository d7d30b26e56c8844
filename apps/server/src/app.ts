import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { translate } from '@mp/contract/i18n';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyReply } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { refreshCookie } from './modules/auth/index.ts';
import { modules } from './modules/index.ts';
import { readAccessToken } from './platform/auth/tokens.ts';
import type { Deps } from './platform/deps.ts';
import { AppError } from './platform/errors.ts';
import { registerAntiForgery } from './platform/http/anti-forgery.ts';
import { refuseControlCharacters } from './platform/http/control-characters.ts';
import { declareErrorAnswers } from './platform/http/declared-errors.ts';
import { registerErrorHandling } from './platform/http/error-handler.ts';
import { resolveLocale } from './platform/http/locale.ts';
import { collectPathMethods } from './platform/http/methods.ts';
import { registerMetrics } from './platform/http/metrics.ts';
import { openApiDocument, openApiTransform } from './platform/http/openapi-schema.ts';
import { answerMalformedBodiesLater, refuseUndeclaredQuery } from './platform/http/request-input.ts';
import { refusedByRole } from './platform/http/route-access.ts';
import { securityHeadersOf } from './platform/http/security-headers.ts';
import { admitsVisitors } from './platform/http/visitors.ts';
import { traceRoutes } from './platform/telemetry/telemetry.ts';
import { workflowRoutes } from './workflows/index.ts';

export type App = FastifyInstance;

const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

const cspDirectives = {
  defaultSrc: ["'self'"],
  // 'wasm-unsafe-eval' lets the scan page compile the barcode reader (WebAssembly, served from here); no JS eval.
  scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  mediaSrc: ["'self'", 'blob:'],
  // the service worker (/sw.js) and the web app manifest, both from here (issue #36 point 4, decision 0031)
  workerSrc: ["'self'"],
  manifestSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'none'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

/** helmet's headers with the portal's policy: set on every answer by the first hook. */
const securityHeaders = securityHeadersOf({
  contentSecurityPolicy: { useDefaults: false, directives: cspDirectives },
  strictTransportSecurity: { maxAge: 31536000, includeSubDomains: true },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  crossOriginEmbedderPolicy: false,
});

/** The security headers with the answer's cache rule, for the few answers given before any hook runs. */
const baselineSecurityHeaders = { ...securityHeaders, 'cache-control': 'no-store' };

const defaultWebRoot = path.resolve(fileURLToPath(import.meta.url), '../../../web/dist');

export async function buildApp(deps: Deps, options: { logger?: FastifyBaseLogger } = {}): Promise<App> {
  const app = Fastify({
    ...(options.logger ? { loggerInstance: options.logger } : { logger: false }),
    // why: a hop count becomes "trust the first n hops from our side", so the client address is the entry the
    // nearest proxies added, never the client's own first X-Forwarded-For entry.
    trustProxy:
      typeof deps.config.TRUST_PROXY === 'number'
        ? trustHops(deps.config.TRUST_PROXY)
        : deps.config.TRUST_PROXY,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    bodyLimit: 1024 * 1024,
    requestIdHeader: false,
    routerOptions: { ignoreTrailingSlash: true, caseSensitive: false, maxParamLength: 300 },
    // Errors the router raises before any hook runs (bad URL encoding, over-long parameters): answered
    // in the error shape with the same security headers, never echoing the URL.
    frameworkErrors: (err, req, res) => {
      const status = err.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400;
      const reply = res as FastifyReply;
      reply
        .headers(baselineSecurityHeaders)
        .code(status)
        .send({
          code: 'error.ongeldige_invoer',
          message: translate(
            resolveLocale(undefined, req.headers['accept-language']),
            'error.ongeldige_invoer',
          ),
        });
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  declareErrorAnswers(app);
  refuseUndeclaredQuery(app);
  const pathMethods = collectPathMethods(app);

  app.decorateRequest('user', null);
  app.decorateRequest('authError', null);
  app.decorateRequest('locale', 'nl-NL');

  // Every answer gets helmet's security headers (computed once, security-headers.ts), before any other hook can
  // refuse the request.
  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(securityHeaders);
    done();
  });

  app.addHook('onRequest', async (req, reply) => {
    req.locale = resolveLocale(req.headers['x-locale'] as string | undefined, req.headers['accept-language']);
    if (deps.lifecycle.shuttingDown && !req.url.startsWith('/health/live')) {
      reply.header('connection', 'close');
      throw new AppError('unavailable', 'error.server_fout');
    }
    const header = req.headers.authorization;
    if (header?.startsWith('Bearer ')) {
      try {
        const claims = await readAccessToken(deps.tokens, header.slice(7), deps.clock());
        // why: a signed token outlives its session otherwise; this check is two Map look-ups.
        const session = {
          userId: claims.user.id,
          sessionId: claims.sessionId,
          generation: claims.generation,
          accessVersion: claims.accessVersion,
        };
        if (deps.sessions.hasEnded(session)) throw new AppError('unauthenticated', 'error.token_ongeldig');
        // why: the rights are claims; once changed, the client renews the token (401 expired) to get the new ones.
        if (deps.sessions.isOutdated(session)) throw new AppError('unauthenticated', 'error.token_verlopen');
        req.user = claims.user;
      } catch (e) {
        req.authError = e instanceof AppError ? e : new AppError('unauthenticated', 'error.token_ongeldig');
      }
    }
  });

  // A call that ends sessions (config.endsSessions) answers only once this process knows the end, so the
  // caller's next request here is refused even before the other processes hear of it (milliseconds later).
  app.addHook('onSend', async (req, _reply, payload) => {
    if ((req.routeOptions.config as { endsSessions?: boolean } | undefined)?.endsSessions) {
      await deps.sessions.barrier();
    }
    return payload;
  });

  // Authenticated answers are never cached; every answer (404 and 500 included) gets the security headers.
  app.addHook('onSend', async (req, reply, payload) => {
    if (req.url.startsWith('/api/') && !reply.getHeader('cache-control'))
      reply.header('cache-control', 'no-store');
    // While shutting down, every answer closes its connection, so keep-alive sockets don't hold the exit.
    if (deps.lifecycle.shuttingDown) reply.header('connection', 'close');
    return payload;
  });

  await app.register(cookie);
  // JSON answers and the HTML shell compressed on the fly (fast brotli level); built assets are served
  // pre-compressed by @fastify/static below.
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Materieelportaal API',
        description: 'Versioned interface (/api/v2.0) and the legacy /api/{Controller}/{Action} calls.',
        version: '2.0.0',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: openApiTransform,
    transformObject: openApiDocument,
  });
  // The documentation pages get the app's own policy (no https: fonts/styles, no foreign validator, no framing).
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: securityHeaders['content-security-policy'],
    uiConfig: { validatorUrl: null },
  });

  registerMetrics(app, deps.config.METRICS_TOKEN, { db: deps.db, pool: deps.pool });
  traceRoutes(app);
  // why: the refresh cookie signs a browser in; a request carrying it must prove it comes from the portal's pages
  registerAntiForgery(app, deps, { credentialCookies: [refreshCookie(deps).name] });

  // Authentication before input validation (issue #16 part 3): on an operation the document declares as
  // needing a login, a refused token answers 401 before the input is looked at, and so does an anonymous caller,
  // except on a visitor operation (platform/http/visitors.ts) while AllowAnonymousUsers lets visitors in: there
  // the service decides, as the catalogue does.
  // (after the anti-forgery check: a forged state change is refused as such first)
  app.addHook('preValidation', async (req) => {
    const schema = req.routeOptions.schema as { security?: unknown[]; hide?: boolean } | undefined;
    // not an operation of the document (API docs, unknown paths), or one declared public
    if (!req.url.startsWith('/api/') || !schema || schema.hide) return;
    if (Array.isArray(schema.security) && schema.security.length === 0) return;
    if (req.authError) throw req.authError;
    if (req.user) {
      // and a signed-in caller without the role the route asks (route-access.ts): 403, before validation too
      const refused = refusedByRole(req.routeOptions.config, req.user);
      if (refused) throw refused;
      return;
    }
    if (!admitsVisitors(schema.security) || !(await deps.loadSettings(deps.db)).AllowAnonymousUsers)
      throw new AppError('unauthenticated', 'error.niet_ingelogd');
  });

  // a malformed JSON body is answered here, after the access checks (issue #31 item 21)
  answerMalformedBodiesLater(app);
  refuseControlCharacters(app);

  for (const register of [...modules, ...workflowRoutes])
    await app.register(async (scope) => register(scope, deps));

  const webRoot = deps.webRoot ?? defaultWebRoot;
  const hasWeb = existsSync(path.join(webRoot, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        } else {
          res.header('cache-control', 'no-cache');
        }
      },
    });
  }
  app.setNotFoundHandler(async (req, reply) => {
    // a path that has other methods: 405 naming them (issue #31 item 21)
    const allow = pathMethods(req.url);
    if (allow.length) {
      reply.header('allow', allow.join(', '));
      throw new AppError('method_not_allowed', 'error.methode_niet_toegestaan', {
        params: { allow: allow.join(', ') },
        details: { allow },
      });
    }
    const wantsPage =
      req.method === 'GET' && !req.url.startsWith('/api') && !path.extname(req.url.split('?')[0]);
    if (hasWeb && wantsPage) {
      reply.header('cache-control', 'no-cache');
      return reply.type('text/html').sendFile('index.html');
    }
    throw new AppError('not_found', 'error.niet_gevonden', { details: { path: req.url.split('?')[0] } });
  });
  return app;
}
