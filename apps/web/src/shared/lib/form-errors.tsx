import type { ReactNode } from 'react';
import type { z } from 'zod';
import { type ApiError, isApiError } from '../api/errors';
import { Msg } from '../ui/Msg';

export interface ErrorKey {
  key: string;
  params?: Record<string, string | number>;
}

/** Maps a zod issue onto the validation.* translation keys. */
export function issueKey(issue: z.core.$ZodIssue): ErrorKey {
  const i = issue as z.core.$ZodIssue & {
    minimum?: number | bigint;
    maximum?: number | bigint;
    origin?: string;
    format?: string;
  };
  if (typeof i.message === 'string' && /^(validation|error|[A-Z]\w+)\.[\w.]+$/.test(i.message))
    return { key: i.message };
  switch (i.code) {
    case 'too_small':
      if (i.origin === 'string') {
        return Number(i.minimum) <= 1
          ? { key: 'validation.verplicht' }
          : { key: 'validation.te_kort', params: { min: Number(i.minimum) } };
      }
      return { key: 'validation.te_klein', params: { min: Number(i.minimum) } };
    case 'too_big':
      return i.origin === 'string'
        ? { key: 'validation.te_lang', params: { max: Number(i.maximum) } }
        : { key: 'validation.te_groot', params: { max: Number(i.maximum) } };
    case 'invalid_format':
      return i.format === 'email'
        ? { key: 'validation.email_ongeldig' }
        : { key: 'validation.ongeldig_formaat' };
    case 'invalid_type':
      return { key: 'validation.verplicht' };
    default:
      return { key: 'validation.ongeldig_formaat' };
  }
}

export const errorNode = (e: ErrorKey): ReactNode => <Msg k={e.key} params={e.params} />;

/** Mantine form `validate` from a zod schema: first problem per field, as a translated element. */
export function zodValidate<T>(schema: z.ZodType<T>, params?: Record<string, string | number>) {
  return (values: unknown): Record<string, ReactNode> => {
    const result = schema.safeParse(values);
    if (result.success) return {};
    const errors: Record<string, ReactNode> = {};
    for (const issue of result.error.issues) {
      const path = issue.path.join('.');
      if (path in errors) continue;
      const e = issueKey(issue);
      errors[path] = errorNode({ key: e.key, params: { ...params, ...e.params } });
    }
    return errors;
  };
}

/** Field errors of a server answer (details.fields) as form errors; null when the error has none. */
export function serverFieldErrors(
  error: unknown,
  fieldMap: Record<string, string> = {},
): Record<string, ReactNode> | null {
  if (!isApiError(error)) return null;
  const fields = (error as ApiError).fieldErrors;
  const names = Object.keys(fields);
  if (names.length === 0) return null;
  const out: Record<string, ReactNode> = {};
  for (const name of names) {
    const f = fields[name];
    out[fieldMap[name] ?? name] = <Msg k={f.code} params={f.params} fallback={f.message} />;
  }
  return out;
}

/** The server's message for one field of a refused write (details.fields), or undefined when it named none. */
export function serverFieldError(error: unknown, field: string): ReactNode {
  if (!isApiError(error)) return undefined;
  const f = error.fieldErrors[field];
  return f ? <Msg k={f.code} params={f.params} fallback={f.message} /> : undefined;
}
