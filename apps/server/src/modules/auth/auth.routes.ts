import {
  changePasswordBody,
  externalLoginAnswer,
  externalLoginBody,
  externalLoginOptions,
  externalLoginUrl as externalLoginUrlAnswer,
  externalLoginUrlQuery,
  forgotPasswordBody,
  loginBody,
  refreshBody,
  registerBody,
  resetPasswordBody,
  tokenPair,
} from '@mp/contract/api/auth';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ENDS_SESSIONS } from '../../platform/auth/sessions.ts';
import type { Deps } from '../../platform/deps.ts';
import { ctxOf } from '../../platform/http/context.ts';
import { THROTTLED } from '../../platform/http/declared-errors.ts';
import { type AuthDeps, invalidRefresh } from './auth.common.ts';
import { externalLogin, externalLoginEnabled, externalLoginUrl } from './auth.external.ts';
import {
  answerTokens,
  bearerOf,
  clearRefreshCookie,
  cookieRefreshToken,
  loginWithDevice,
  pendingCookie,
  publicCtx,
  REFRESH_TOKEN_HEADER,
  takePendingCookie,
} from './auth.http.ts';
import { authLegacyRoutes } from './auth.legacy.ts';
import { changePassword, forgotPassword, resetPassword } from './auth.passwords.ts';
import { register } from './auth.register.ts';
import { login, logout, refresh } from './auth.service.ts';
import { createOidc } from './oidc.ts';

export async function authRoutes(fastify: FastifyInstance, deps: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const auth: AuthDeps = {
    config: deps.config,
    tokens: deps.tokens,
    mailer: deps.mailer,
    oidc: createOidc(deps.config, deps.tokens.secret),
    log: fastify.log,
  };
  const tags = ['Auth'];
  const open = { tags, security: [] };

  app.post(
    '/api/v2.0/Auth/login',
    {
      schema: {
        ...open,
        description:
          'Sign in with e-mail and password. A wrong password and an unknown address answer the same 401 ' +
          '`error.onjuiste_gegevens`; too many failures per account or address answer 429 with Retry-After.',
        body: loginBody,
        response: { 200: tokenPair },
      },
    },
    async (req, reply) =>
      answerTokens(
        req,
        reply,
        deps,
        await loginWithDevice(req, reply, deps, (device) =>
          login(publicCtx(req, deps), auth, { ...req.body, device }),
        ),
      ),
  );

  app.post(
    '/api/v2.0/Auth/refresh-login',
    {
      config: ENDS_SESSIONS,
      schema: {
        ...open,
        description:
          'Trade a refresh token for a new pair (rotation). A used token that comes back revokes its session.',
        body: refreshBody,
        response: { 200: tokenPair },
      },
    },
    async (req, reply) => {
      const token = req.body.refreshToken ?? cookieRefreshToken(req, deps);
      if (!token) throw invalidRefresh();
      return answerTokens(req, reply, deps, await refresh(publicCtx(req, deps), auth, token));
    },
  );

  app.get(
    '/api/v2.0/Auth/logout',
    {
      config: ENDS_SESSIONS,
      schema: {
        tags,
        description: `End this session. The refresh token may also be sent in the ${REFRESH_TOKEN_HEADER} header or the refreshToken query.`,
        querystring: z.object({ refreshToken: z.string().max(512).optional() }),
        response: { 204: z.null() },
      },
    },
    async (req, reply) => {
      const header = req.headers[REFRESH_TOKEN_HEADER];
      await logout(ctxOf(req, deps), auth, {
        accessToken: bearerOf(req),
        refreshToken:
          (typeof header === 'string' ? header : null) ??
          req.query.refreshToken ??
          cookieRefreshToken(req, deps),
      });
      clearRefreshCookie(reply, deps);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/v2.0/Auth/external-login-options',
    {
      schema: {
        ...open,
        description: 'Whether external login (OpenID Connect) is configured.',
        response: { 200: externalLoginOptions },
      },
    },
    async () => ({ enabled: externalLoginEnabled(auth) }),
  );

  app.get(
    '/api/v2.0/Auth/external-login-url',
    {
      schema: {
        ...open,
        description:
          'Start an external login: the provider URL to send the browser to. State, nonce and PKCE verifier travel ' +
          'sealed in an HttpOnly cookie. 404 when no provider is configured.',
        querystring: externalLoginUrlQuery,
        response: { 200: externalLoginUrlAnswer },
      },
    },
    async (req, reply) => {
      const { url, sealed } = await externalLoginUrl(
        publicCtx(req, deps),
        auth,
        req.query.redirectUrl ?? null,
      );
      const cookie = pendingCookie(deps);
      reply.setCookie(cookie.name, sealed, cookie.options);
      return { url };
    },
  );

  app.post(
    '/api/v2.0/Auth/external-login',
    {
      schema: {
        ...open,
        description:
          'Finish an external login with the callback parameters (code, state, iss) or the whole callback URL.',
        body: externalLoginBody,
        response: { 200: externalLoginAnswer },
      },
    },
    async (req, reply) => {
      const sealed = takePendingCookie(req, reply, deps);
      return answerTokens(
        req,
        reply,
        deps,
        await externalLogin(publicCtx(req, deps), auth, req.body, sealed),
      );
    },
  );

  app.post(
    '/api/v2.0/Auth/register',
    {
      schema: {
        ...open,
        description:
          'Ask for an account (when Registratie_Tonen is on, else 403 `error.registratie_uit`). Always 202: ' +
          'whether the address was known is not told.',
        body: registerBody,
        response: { 202: z.null() },
      },
    },
    async (req, reply) => {
      await register(publicCtx(req, deps), auth, req.body);
      return reply.code(202).send(undefined as unknown as null); // an empty body, as declared (no JSON "null")
    },
  );

  app.post(
    '/api/v2.0/Auth/forgot-password',
    {
      schema: {
        ...open,
        description: 'Mail a password reset link when the account exists. Always 202.',
        body: forgotPasswordBody,
        response: { 202: z.null() },
      },
    },
    async (req, reply) => {
      await forgotPassword(publicCtx(req, deps), auth, req.body);
      return reply.code(202).send(undefined as unknown as null); // an empty body, as declared (no JSON "null")
    },
  );

  app.post(
    '/api/v2.0/Auth/reset-password',
    {
      config: ENDS_SESSIONS,
      schema: {
        ...open,
        description:
          'Set a new password with the mailed token; ends every session. Used or expired: 400 `error.reset_token_ongeldig`.',
        body: resetPasswordBody,
        response: { 204: z.null() },
      },
    },
    async (req, reply) => {
      await resetPassword(publicCtx(req, deps), auth, req.body);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/v2.0/Auth/change-password',
    {
      config: { ...ENDS_SESSIONS, ...THROTTLED },
      schema: {
        tags,
        description: 'Change the own password; other sessions end, this one gets a new token pair.',
        body: changePasswordBody,
        response: { 200: tokenPair },
      },
    },
    async (req, reply) =>
      answerTokens(req, reply, deps, await changePassword(ctxOf(req, deps), auth, req.body)),
  );

  authLegacyRoutes(app, deps, auth);
}
