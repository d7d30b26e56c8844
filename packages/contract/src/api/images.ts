// Payloads of the Images calls (v2): uploads of item, category, set, corporate and content images.
import { z } from 'zod';
import { urlReference } from './common.ts';

/** POST /api/v2.0/Images/set/{type} (201): the stored file and the address it is served at. */
export const imageSetResult = z.object({ fileId: z.string(), url: urlReference });
export type ImageSetResult = z.infer<typeof imageSetResult>;

/** What the server takes (by content, re-encoded): checked in the browser first to say so before the upload. */
export const imageUploadTypes = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
/** The server's default MAX_UPLOAD_BYTES (an operator may set it lower; the server's 413 then says so). */
export const imageUploadMaxBytes = 10 * 1024 * 1024;
