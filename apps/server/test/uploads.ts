// Upload helpers of the image tests (images.test.ts, corporate-identity.test.ts): a generated PNG and a multipart
// POST through the app, signed in or not.
import sharp from 'sharp';
import { multipart, type Part } from '../src/platform/files/testing.ts';
import type { TestApp } from './app.ts';

/** A real PNG of the given size and colour (sharp draws it). */
export const testPng = (w = 64, h = 48, colour = '#e8590c'): Promise<Buffer> =>
  sharp({ create: { width: w, height: h, channels: 4, background: colour } })
    .png()
    .toBuffer();

/** POSTs the parts as multipart/form-data to `url`, as `email` when given (anonymous otherwise). */
export async function postMultipart(t: TestApp, url: string, parts: Part[], email?: string) {
  const body = multipart(parts);
  return t.app.inject({
    method: 'POST',
    url,
    payload: body.payload,
    headers: { ...body.headers, ...(email ? await t.auth(email) : {}) },
  });
}
