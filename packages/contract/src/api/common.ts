// Pieces every area's payloads share.
import { z } from 'zod';

/** The answer of a call that answers nothing (204, 202): the web client reads it as null. */
export const noContent = z.null();
