import type { FieldProblem } from '@mp/contract/api/common';

/**
 * One field's problem (details.fields[name]), in its one wire shape (contract `fieldProblem`, issue #32 item 4): the
 * translation key, the server's text of it, and the values of its placeholders.
 */
export type FieldError = FieldProblem;

/** Every error answer of the server is { code, message, details? }; `code` is a translation key. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: Record<string, unknown> | undefined;

  constructor(status: number, code: string, message: string, details?: Record<string, unknown>) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
  }

  /** Validation errors per field (details.fields), empty when there are none. */
  get fieldErrors(): Record<string, FieldError> {
    const fields = this.details?.fields;
    if (typeof fields !== 'object' || fields === null) return {};
    const out: Record<string, FieldError> = {};
    for (const [name, value] of Object.entries(fields as Record<string, unknown>)) {
      const f = value as Partial<FieldError> | null;
      if (typeof f !== 'object' || f === null || typeof f.code !== 'string') continue;
      out[name] = f.params
        ? { code: f.code, message: String(f.message ?? ''), params: f.params }
        : { code: f.code, message: String(f.message ?? '') };
    }
    return out;
  }
}

/** The generic error of product §8 ('An unexpected server error occurred.'), as a translation key. */
export const GENERIC_ERROR_CODE = 'error.server_fout';
export const NETWORK_ERROR_CODE = 'error.netwerk';

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}

/** Builds the ApiError for a non-2xx answer; an answer that is not the standard JSON body becomes the generic error. */
export async function errorFromResponse(res: Response): Promise<ApiError> {
  let text = '';
  try {
    text = await res.text();
  } catch {}
  try {
    const body = JSON.parse(text) as { code?: unknown; message?: unknown; details?: unknown };
    if (typeof body.code === 'string') {
      return new ApiError(
        res.status,
        body.code,
        typeof body.message === 'string' ? body.message : body.code,
        typeof body.details === 'object' && body.details !== null
          ? (body.details as Record<string, unknown>)
          : undefined,
      );
    }
  } catch {}
  return new ApiError(res.status, GENERIC_ERROR_CODE, 'An unexpected server error occurred.', {
    status: res.status,
    responseText: text.slice(0, 500),
  });
}
