// Pieces every area's payloads share.
import { z } from 'zod';

/** The answer of a call that answers nothing (204, 202): the web client reads it as null. */
export const noContent = z.null();

/**
 * Every error answer: a translation key as `code`, the message in the caller's language, and details (the
 * fields of a validation error, the current status of a conflict, a trace id, …).
 */
export const apiError = z.looseObject({
  code: z.string(),
  message: z.string(),
  details: z.record(z.string(), z.unknown()).optional(),
});
export type ApiErrorBody = z.infer<typeof apiError>;
