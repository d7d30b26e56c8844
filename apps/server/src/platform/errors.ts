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

/** The values of a translation key's placeholders (`{{max}}`, `{{date}}`, …). */
export type Params = Record<string, string | number>;

/** One field's problem: a translation key and, when the key has placeholders, their values. */
export interface FieldProblem {
  code: string;
  params?: Params;
}

/** The fields an error is about: each its problem, or the key alone when it has no placeholders. */
export type FieldProblems = Record<string, string | FieldProblem>;

/**
 * What an error answer carries besides its fields (a conflict's current status, a trace id, where the input was:
 * `in`). The fields are never put here: they are the `fields` option, so they come out in one shape.
 */
export type ErrorDetails = Record<string, unknown> & { fields?: never };

/**
 * The one error the code throws. `code` is a translation key; `fields` names the fields it is about, `details`
 * anything else. On the wire a field is always `details.fields[name] = { code, message, params? }` (issue #32
 * item 4; the error handler adds the message in the caller's language): one shape, whoever found the problem.
 */
export class AppError extends Error {
  readonly type: ErrorType;
  readonly code: string;
  readonly details?: ErrorDetails;
  readonly fields?: Record<string, FieldProblem>;
  readonly params?: Params;
  constructor(
    type: ErrorType,
    code: string,
    options: {
      details?: ErrorDetails;
      fields?: FieldProblems;
      params?: Params;
      cause?: unknown;
    } = {},
  ) {
    super(code, { cause: options.cause });
    this.name = 'AppError';
    this.type = type;
    this.code = code;
    this.details = options.details;
    this.fields = options.fields && problemsOf(options.fields);
    this.params = options.params;
  }
  get status(): number {
    return statusOf[this.type];
  }
}

export const errors = {
  invalid: (details?: ErrorDetails, code = 'error.ongeldige_invoer') =>
    new AppError('invalid', code, { details }),
  unauthenticated: (code = 'error.niet_ingelogd') => new AppError('unauthenticated', code),
  forbidden: (code = 'error.geen_toegang') => new AppError('forbidden', code),
  readOnly: () => new AppError('forbidden', 'error.alleen_lezen'),
  notFound: (code = 'error.niet_gevonden', details?: ErrorDetails) =>
    new AppError('not_found', code, { details }),
  conflict: (code = 'error.conflict', details?: ErrorDetails) => new AppError('conflict', code, { details }),
  rule: (code: string, details?: ErrorDetails, params?: Params) =>
    new AppError('rule', code, { details, params }),
  tooMany: (retryAfterSeconds: number) =>
    new AppError('too_many', 'error.te_veel_verzoeken', {
      details: { retryAfter: retryAfterSeconds },
      params: { seconds: retryAfterSeconds },
    }),
};

function problemsOf(fields: FieldProblems): Record<string, FieldProblem> {
  const out: Record<string, FieldProblem> = {};
  for (const [name, p] of Object.entries(fields)) {
    out[name] =
      typeof p === 'string' ? { code: p } : p.params ? { code: p.code, params: p.params } : { code: p.code };
  }
  return out;
}

/**
 * The one way to refuse naming fields (issue #32 item 4): `fieldErrors('invalid', 'error.ongeldige_invoer',
 * { depotNo: 'validation.onbekende_waarde' })`, a problem with placeholders as `{ code, params }`.
 */
export function fieldErrors(
  type: ErrorType,
  code: string,
  fields: FieldProblems,
  options: { details?: ErrorDetails; params?: Params } = {},
): AppError {
  return new AppError(type, code, { ...options, fields });
}

/** A refusal by meaning (422) about one field, the field's key being the answer's code too. */
export function ruleOn(field: string, code: string, params?: Params): AppError {
  return fieldErrors('rule', code, { [field]: { code, params } }, { params });
}
