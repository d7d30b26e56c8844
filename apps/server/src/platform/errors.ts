export type ErrorType =
  | 'invalid'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'method_not_allowed'
  | 'conflict'
  | 'too_large'
  | 'unsupported_type'
  | 'rule'
  | 'range'
  | 'too_many'
  | 'unavailable';

export const statusOf: Record<ErrorType, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  too_large: 413,
  unsupported_type: 415,
  range: 416,
  rule: 422,
  too_many: 429,
  unavailable: 503,
};

/** The one error the code throws. `code` is a translation key; `details` names fields or values. */
export class AppError extends Error {
  readonly type: ErrorType;
  readonly code: string;
  readonly details?: Record<string, unknown>;
  readonly params?: Record<string, string | number>;
  constructor(
    type: ErrorType,
    code: string,
    options: {
      details?: Record<string, unknown>;
      params?: Record<string, string | number>;
      cause?: unknown;
    } = {},
  ) {
    super(code, { cause: options.cause });
    this.name = 'AppError';
    this.type = type;
    this.code = code;
    this.details = options.details;
    this.params = options.params;
  }
  get status(): number {
    return statusOf[this.type];
  }
}

export const errors = {
  invalid: (details?: Record<string, unknown>, code = 'error.ongeldige_invoer') =>
    new AppError('invalid', code, { details }),
  unauthenticated: (code = 'error.niet_ingelogd') => new AppError('unauthenticated', code),
  forbidden: (code = 'error.geen_toegang') => new AppError('forbidden', code),
  readOnly: () => new AppError('forbidden', 'error.alleen_lezen'),
  notFound: (code = 'error.niet_gevonden', details?: Record<string, unknown>) =>
    new AppError('not_found', code, { details }),
  conflict: (code = 'error.conflict', details?: Record<string, unknown>) =>
    new AppError('conflict', code, { details }),
  rule: (code: string, details?: Record<string, unknown>, params?: Record<string, string | number>) =>
    new AppError('rule', code, { details, params }),
  tooMany: (retryAfterSeconds: number) =>
    new AppError('too_many', 'error.te_veel_verzoeken', {
      details: { retryAfter: retryAfterSeconds },
      params: { seconds: retryAfterSeconds },
    }),
};
