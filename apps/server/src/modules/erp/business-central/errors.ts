/*
 * What can go wrong talking to Business Central, as one typed error whose code is a translation key (erp.fout.*)
 * with its values — what the admin reads on the Koppelingen page and in the test connection. Its message is made
 * of the key, the HTTP status and BC's error code only; anything BC or the token endpoint wrote goes through
 * `redact` first, so the client secret (or a token) can never end up in an error, a log line or an answer.
 */

export type ErpErrorKind =
  /** The connection settings are incomplete or malformed. */
  | 'configuration'
  /** The token endpoint refused the credentials, or BC refused the token twice. */
  | 'auth'
  /** BC refused the request for good (400, 405, other 4xx). */
  | 'refused'
  | 'not_found'
  /** 412: the record changed since its ETag was read. */
  | 'changed'
  /** A record with the same key exists (BC code Internal_EntityWithSameKeyExists). */
  | 'exists'
  /** 413, or a single request larger than the maximum message size. */
  | 'too_large'
  /** 429 / 503 still answered after the retries (Retry-After seconds in retryAfterSeconds). */
  | 'throttled'
  /** 5xx still answered after the retries. */
  | 'unavailable'
  /** No answer: connection refused, dropped mid-answer, DNS. */
  | 'network'
  | 'timeout';

const retryableKinds: ReadonlySet<ErpErrorKind> = new Set(['throttled', 'unavailable', 'network', 'timeout']);

export class ErpError extends Error {
  readonly kind: ErpErrorKind;
  /** Translation key: erp.fout.<kind>. */
  readonly code: string;
  /** The key's values (status, BC's code, what was asked): never a secret. */
  readonly params: Record<string, string>;
  readonly status: number | null;
  /** BC's error code (`BadRequest_NotFound`, `Request_EntityChanged`, …) or the token endpoint's `error`. */
  readonly bcCode: string | null;
  /** From a 429/503's Retry-After, when BC said how long to wait. */
  readonly retryAfterSeconds: number | null;

  constructor(
    kind: ErpErrorKind,
    options: {
      status?: number | null;
      bcCode?: string | null;
      params?: Record<string, string>;
      retryAfterSeconds?: number | null;
      cause?: unknown;
    } = {},
  ) {
    const status = options.status ?? null;
    const bcCode = options.bcCode ?? null;
    super(`erp.fout.${kind}${status ? ` ${status}` : ''}${bcCode ? ` ${bcCode}` : ''}`, {
      cause: options.cause,
    });
    this.name = 'ErpError';
    this.kind = kind;
    this.code = `erp.fout.${kind}`;
    this.status = status;
    this.bcCode = bcCode;
    this.retryAfterSeconds = options.retryAfterSeconds ?? null;
    this.params = {
      ...(status ? { status: String(status) } : {}),
      ...(bcCode ? { bcCode } : {}),
      ...options.params,
    };
  }

  /** Worth trying again later (throttled, unavailable, no answer); the others will be answered the same. */
  get retryable(): boolean {
    return retryableKinds.has(this.kind);
  }
}

/** The text with every secret replaced (the client secret, an access token): for anything BC wrote back. */
export function redact(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const s of secrets) if (s && s.length >= 4) out = out.split(s).join('[redacted]');
  return out;
}

/** The ErpError of an HTTP answer that is not a success (BC's `{ error: { code, message } }`, or Entra's). */
export function errorOfAnswer(
  status: number,
  body: unknown,
  options: { retryAfterSeconds?: number | null; secrets: readonly string[] },
): ErpError {
  const b = (body ?? {}) as { error?: unknown };
  const rawCode =
    typeof b.error === 'string' ? b.error : ((b.error as { code?: unknown } | undefined)?.code ?? null);
  const bcCode = typeof rawCode === 'string' ? redact(rawCode, options.secrets).slice(0, 100) : null;
  const common = { status, bcCode, retryAfterSeconds: options.retryAfterSeconds ?? null };
  if (bcCode === 'Internal_EntityWithSameKeyExists') return new ErpError('exists', common);
  if (status === 401) return new ErpError('auth', common);
  if (status === 404) return new ErpError('not_found', common);
  if (status === 412) return new ErpError('changed', common);
  if (status === 413) return new ErpError('too_large', common);
  if (status === 429 || status === 503) return new ErpError('throttled', common);
  if (status === 408 || status === 504) return new ErpError('timeout', common);
  if (status >= 500) return new ErpError('unavailable', common);
  return new ErpError('refused', common);
}
