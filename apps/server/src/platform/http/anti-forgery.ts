import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';

export const XSRF_COOKIE = 'mp-xsrf';
/** The cookie's name on an https portal: the browser then insists on Secure, Path=/ and no Domain. */
export const XSRF_COOKIE_HOST = '__Host-mp-xsrf';
export const XSRF_HEADER = 'x-xsrf-token';

/**
 * Double-submit anti-forgery token: an HMAC of a random nonce, set as an HttpOnly SameSite=Strict cookie
 * and returned in the body; a state-changing request that carries the cookie must echo it in X-XSRF-TOKEN.
 * A state-changing request that carries a credential cookie (`credentialCookies`: the refresh token of a browser
 * session) must echo it too, cookie or not: the cookie alone would let another site's form use the session
 * (SECURITY.md, "refresh without token: 403"; issue #31 item 8).
 */
export function registerAntiForgery(
  fastify: FastifyInstance,
  deps: Deps,
  options: { credentialCookies: readonly string[] },
): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // why: decided by the portal's public address, not by req.protocol, which reads http behind a TLS proxy.
  const secure = deps.config.publicUrl.startsWith('https:');
  const cookieName = secure ? XSRF_COOKIE_HOST : XSRF_COOKIE;
  const sign = (nonce: string) =>
    createHmac('sha256', deps.tokens.secret).update(`xsrf:${nonce}`).digest('base64url');

  app.get(
    '/api/v2.0/AntiForgery/token',
    { schema: { tags: ['Platform'], security: [], response: { 200: z.object({ token: z.string() }) } } },
    async (_req, reply) => {
      const nonce = randomBytes(16).toString('base64url');
      const token = `${nonce}.${sign(nonce)}`;
      reply.setCookie(cookieName, token, { path: '/', httpOnly: true, sameSite: 'strict', secure });
      return { token };
    },
  );

  // preValidation: before the input is validated and before the login check (app.ts)
  app.addHook('preValidation', async (req) => {
    if (
      req.method === 'GET' ||
      req.method === 'HEAD' ||
      req.method === 'OPTIONS' ||
      !req.url.startsWith('/api/')
    )
      return;
    const cookie = req.cookies?.[cookieName];
    const credential = options.credentialCookies.some((name) => req.cookies?.[name]);
    if (!cookie && !credential) return;
    if (!cookie) throw new AppError('forbidden', 'error.antiforgery');
    const header = req.headers[XSRF_HEADER];
    const [nonce, mac] = cookie.split('.');
    const expected = nonce ? sign(nonce) : '';
    const valid =
      typeof header === 'string' &&
      header === cookie &&
      Boolean(mac) &&
      mac.length === expected.length &&
      timingSafeEqual(Buffer.from(mac), Buffer.from(expected));
    if (!valid) throw new AppError('forbidden', 'error.antiforgery');
  });
}
