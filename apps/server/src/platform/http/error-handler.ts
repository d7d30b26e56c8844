import { type Locale, translate } from '@mp/contract/i18n';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, type FieldProblem, fieldErrors, type Params } from '../errors.ts';
import { redactUrl } from '../logger.ts';
import { fieldErrorOf, fieldPath } from './validation.ts';

export interface ErrorBody {
  code: string;
  message: string;
  details?: Record<string, unknown>;
}

function body(
  req: FastifyRequest,
  code: string,
  params?: Params,
  details?: Record<string, unknown>,
  fields?: Record<string, FieldProblem>,
): ErrorBody {
  const locale = req.locale ?? 'nl-NL';
  const message = translate(locale, code, params);
  if (fields) details = { ...details, fields: onTheWire(locale, fields) };
  return details ? { code, message, details } : { code, message };
}

/**
 * The one wire shape of a field's problem (issue #32 item 4, contract `fieldProblem`): the key, its text in the
 * caller's language and the values of its placeholders (so the web's message keeps its numbers).
 */
function onTheWire(locale: Locale, fields: Record<string, FieldProblem>) {
  const out: Record<string, { code: string; message: string; params?: Params }> = {};
  for (const [name, { code, params }] of Object.entries(fields)) {
    const message = translate(locale, code, params);
    out[name] = params ? { code, message, params } : { code, message };
  }
  return out;
}

/** Maps Fastify's own errors (parsing, limits, media type) onto the AppError vocabulary. */
function fromFastifyError(err: FastifyError): AppError | null {
  switch (err.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
      return new AppError('too_large', 'error.te_groot');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError('unsupported_type', 'error.bestandstype');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return fieldErrors('invalid', 'error.ongeldige_invoer', { body: 'validation.verplicht' });
    default:
      break;
  }
  if (
    err.statusCode === 400 &&
    (err instanceof SyntaxError || /JSON|prototype|constructor/i.test(err.message))
  ) {
    return fieldErrors('invalid', 'error.ongeldige_invoer', { body: 'validation.ongeldig_formaat' });
  }
  if (err.statusCode === 429) return new AppError('too_many', 'error.te_veel_verzoeken');
  if (err.statusCode === 404) return new AppError('not_found', 'error.niet_gevonden');
  if (err.statusCode === 415) return new AppError('unsupported_type', 'error.bestandstype');
  if (err.statusCode === 413) return new AppError('too_large', 'error.te_groot');
  if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
    return new AppError('invalid', 'error.ongeldige_invoer');
  }
  return null;
}

function isPgDataException(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code)) return true;
  }
  return false;
}

/** The PostgreSQL state of an error or of one of its causes (drizzle wraps the driver's error). */
function pgCodeOf(err: unknown): string | undefined {
  for (let e: unknown = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** unique_violation, exclusion_violation, serialization_failure, deadlock_detected */
const conflictStates = new Set(['23505', '23P01', '40001', '40P01']);

export function isPgConflict(err: unknown): boolean {
  const code = pgCodeOf(err);
  return code !== undefined && conflictStates.has(code);
}

/** Network errors and PostgreSQL states that mean the database cannot be reached right now. */
const unreachableCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
]);
const unavailableStates = /^(08[0-9A-Z]{3}|57P0[123]|53300)$/;
const unavailableMessages =
  /Connection terminated|timeout exceeded when trying to connect|connection error|Cannot use a pool after calling end|not queryable/i;

/**
 * Whether an error (or one of its causes) says the database is down or unreachable: the caller may retry. A failed
 * `connect` counts whatever its errno (issue #31 item 10): on a Unix socket a stopped server leaves ENOENT (the socket
 * file is gone) or EACCES, which are file errors elsewhere and so are not in the list above.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { syscall?: unknown }).syscall === 'connect') return true;
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (unreachableCodes.has(code) || unavailableStates.test(code))) return true;
    const message = (e as { message?: unknown }).message;
    if (typeof message === 'string' && unavailableMessages.test(message)) return true;
  }
  return false;
}

/** Seconds a caller should wait before retrying during a database outage. */
const OUTAGE_RETRY_AFTER_SECONDS = 5;

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req: FastifyRequest, reply: FastifyReply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields: Record<string, FieldProblem> = {};
      for (const issue of err.validation) {
        const f = fieldErrorOf(issue);
        const base = fieldPath(issue, err.validationContext);
        // An unknown field is named itself, not its parent object.
        const unknown =
          issue.keyword === 'unrecognized_keys' ? (issue.params as { keys?: string[] }).keys : undefined;
        const keys = unknown?.length
          ? unknown.map((k) => (base === err.validationContext ? k : `${base}.${k}`))
          : [base];
        for (const key of keys) {
          fields[key] ??= f;
        }
      }
      req.log.info({ fields: Object.keys(fields), url: req.routeOptions.url }, 'validation failed');
      return reply
        .code(400)
        .send(body(req, 'error.ongeldige_invoer', undefined, { in: err.validationContext }, fields));
    }
    const appError = err instanceof AppError ? err : fromFastifyError(err);
    if (appError) {
      if (appError.type === 'too_many' && typeof appError.details?.retryAfter === 'number') {
        reply.header('retry-after', String(appError.details.retryAfter));
      }
      if (appError.status >= 500) req.log.error({ err }, appError.code);
      else if (appError.status === 401 || appError.status === 403) {
        req.log.info({ code: appError.code, user: req.user?.id, url: redactUrl(req.url) }, 'access denied');
      }
      return reply
        .code(appError.status)
        .send(body(req, appError.code, appError.params, appError.details, appError.fields));
    }
    // PostgreSQL data exceptions (class 22: NUL byte, malformed uuid, number out of range, …) come from input
    // that slipped past a schema: the caller's fault, so 400, and logged to tighten the schema.
    if (isPgDataException(err)) {
      req.log.warn(
        { pgCode: (err as { code?: string }).code, url: req.routeOptions.url },
        'database refused input',
      );
      return reply.code(400).send(body(req, 'error.ongeldige_invoer'));
    }
    // Another writer won a race the code's own checks did not settle (a unique key taken between the check and the
    // insert, a deadlock, a serialization failure): the caller's view is out of date, so 409 — never a 500 (issue #31
    // item 3). Each such place should still lock or answer its own field error; this is the net under them.
    if (isPgConflict(err)) {
      req.log.warn(
        {
          pgCode: pgCodeOf(err),
          constraint: (err as { constraint?: string }).constraint,
          url: req.routeOptions.url,
        },
        'database conflict',
      );
      return reply.code(409).send(body(req, 'error.conflict'));
    }
    // The database is down or unreachable: not the caller's fault and temporary, so 503 with Retry-After.
    if (isDatabaseUnavailable(err)) {
      req.log.error({ err, reqId: req.id }, 'database unavailable');
      reply.header('retry-after', String(OUTAGE_RETRY_AFTER_SECONDS));
      return reply
        .code(503)
        .send(body(req, 'error.niet_beschikbaar', undefined, { traceId: String(req.id) }));
    }
    // Unknown errors: log with the request id, answer generically (no stack, no internals).
    req.log.error({ err, reqId: req.id }, 'unhandled error');
    const status = err.statusCode === 503 ? 503 : 500;
    return reply.code(status).send(body(req, 'error.server_fout', undefined, { traceId: String(req.id) }));
  });
}
