import { newPassword, oneLine, publicUser } from '@mp/contract/api/auth';
import { requireOneOf, urlReference } from '@mp/contract/api/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ENDS_SESSIONS } from '../../platform/auth/sessions.ts';
import type { Deps } from '../../platform/deps.ts';
import { ctxOf } from '../../platform/http/context.ts';
import { THROTTLED } from '../../platform/http/declared-errors.ts';
import type { AuthDeps, TokenPair } from './auth.common.ts';
import { externalLogin, externalLoginUrl } from './auth.external.ts';
import { loginWithDevice, pendingCookie, publicCtx, takePendingCookie } from './auth.http.ts';
import { changePassword, forgotPassword, resetPassword } from './auth.passwords.ts';
import { register } from './auth.register.ts';
import { login, refresh } from './auth.service.ts';

/*
 * Legacy RPC adapters (POST /api/{Controller}/{Action}): the old clients' field names, Dutch and English,
 * mapped onto the same service as the v2 routes. Unknown fields are ignored, never applied.
 */

type Body = Record<string, unknown>;

/** A schema whose field may arrive under several names; the first name is the one errors point at. */
function oneOf<T extends z.ZodType>(names: string[], type: T, required: boolean) {
  return { names, type, required };
}

type Field = ReturnType<typeof oneOf>;

function legacyBody(fields: Record<string, Field>) {
  const shape: Record<string, z.ZodType> = {};
  for (const f of Object.values(fields)) for (const n of f.names) shape[n] = f.type.optional();
  const required = Object.values(fields).filter((f) => f.required);
  return (
    z
      .object(shape)
      .superRefine((body: Body, ctx) => {
        for (const f of required) {
          if (f.names.every((n) => body[n] === undefined)) {
            ctx.addIssue({ code: 'custom', message: 'validation.verplicht', path: [f.names[0]] });
          }
        }
      })
      // the document says the same: each required field under one of its names
      .meta(
        required.length === 0
          ? {}
          : { allOf: required.map((f) => ({ anyOf: f.names.map((n) => ({ required: [n] })) })) },
      )
  );
}

function read(body: Body, fields: Record<string, Field>): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const [key, f] of Object.entries(fields)) {
    const name = f.names.find((n) => body[n] !== undefined);
    out[key] = name === undefined ? undefined : (body[name] as string);
  }
  return out;
}

const email = z.email().max(320);
const password = z.string().min(1).max(1024);

const loginFields = {
  email: oneOf(['email', 'gebruikersnaam', 'username', 'userName', 'emailadres'], email, true),
  password: oneOf(['password', 'wachtwoord'], password, true),
};
const refreshFields = {
  refreshToken: oneOf(['refreshToken', 'refresh_token'], z.string().min(16).max(512), true),
};
const externalUrlFields = {
  redirectUrl: oneOf(
    ['redirectUrl', 'returnUrl'],
    z.string().max(1000).meta({ format: 'uri-reference' }),
    false,
  ),
};
const externalLoginFields = {
  code: oneOf(['code'], z.string().min(1).max(4096), false),
  state: oneOf(['state'], z.string().min(1).max(1024), false),
  iss: oneOf(['iss'], z.string().max(1000), false),
  callbackUrl: oneOf(['callbackUrl', 'url'], z.url().max(8192), false),
};
const forgotFields = { email: oneOf(['email', 'gebruikersnaam', 'emailadres'], email, true) };
const resetFields = {
  token: oneOf(['token', 'resetToken'], z.string().min(16).max(512), true),
  password: oneOf(['password', 'wachtwoord', 'nieuwWachtwoord'], newPassword, true),
};
const changeFields = {
  currentPassword: oneOf(['currentPassword', 'huidigWachtwoord', 'oudWachtwoord'], password, true),
  newPassword: oneOf(['newPassword', 'nieuwWachtwoord'], newPassword, true),
};
const registerFields = {
  name: oneOf(['naam', 'name'], oneLine(200).min(1), true),
  email: oneOf(['email', 'emailadres'], email, true),
  password: oneOf(['wachtwoord', 'password'], newPassword, false),
  phone: oneOf(['telefoon', 'telefoonnummer', 'phone'], oneLine(50), false),
  company: oneOf(['bedrijf', 'bedrijfsnaam', 'company'], oneLine(200), false),
  comment: oneOf(['opmerking', 'comment'], z.string().trim().max(2000), false),
  language: oneOf(['taal', 'language'], z.string().max(10), false),
};

const legacyLoginAnswer = z.object({
  success: z.boolean(),
  token: z.string(),
  refreshToken: z.string(),
  expiresAt: z.number().int(),
  user: publicUser,
  redirectUrl: urlReference.nullable().optional(),
});

const toLegacy = (p: TokenPair & { redirectUrl?: string | null }) => ({
  success: true,
  token: p.accessToken,
  refreshToken: p.refreshToken,
  expiresAt: p.expiresAt,
  user: p.user,
  ...(p.redirectUrl !== undefined ? { redirectUrl: p.redirectUrl } : {}),
});

export function authLegacyRoutes(fastify: FastifyInstance, deps: Deps, auth: AuthDeps): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['Legacy'];

  app.post(
    '/api/LegacyAuth/LegacyLogin',
    { schema: { tags, security: [], body: legacyBody(loginFields), response: { 200: legacyLoginAnswer } } },
    async (req, reply) => {
      const b = read(req.body, loginFields);
      const pair = await loginWithDevice(req, reply, deps, (device) =>
        login(publicCtx(req, deps), auth, { email: b.email!, password: b.password!, device }),
      );
      return toLegacy(pair);
    },
  );

  app.post(
    '/api/LegacyAuth/LegacyRefreshLogin',
    {
      config: ENDS_SESSIONS,
      schema: { tags, security: [], body: legacyBody(refreshFields), response: { 200: legacyLoginAnswer } },
    },
    async (req) =>
      toLegacy(await refresh(publicCtx(req, deps), auth, read(req.body, refreshFields).refreshToken!)),
  );

  app.post(
    '/api/LegacyAuth/LegacyExternalUrl',
    {
      schema: {
        tags,
        security: [],
        body: legacyBody(externalUrlFields).optional(),
        response: { 200: z.object({ url: urlReference }) },
      },
    },
    async (req, reply) => {
      const b = read(req.body ?? {}, externalUrlFields);
      const { url, sealed } = await externalLoginUrl(publicCtx(req, deps), auth, b.redirectUrl ?? null);
      const cookie = pendingCookie(deps);
      reply.setCookie(cookie.name, sealed, cookie.options);
      return { url };
    },
  );

  app.post(
    '/api/LegacyAuth/LegacyExternalLogin',
    {
      schema: {
        tags,
        security: [],
        body: requireOneOf(legacyBody(externalLoginFields), ['callbackUrl', 'url', ['code', 'state']]),
        response: { 200: legacyLoginAnswer },
      },
    },
    async (req, reply) => {
      const sealed = takePendingCookie(req, reply, deps);
      return toLegacy(
        await externalLogin(publicCtx(req, deps), auth, read(req.body, externalLoginFields), sealed),
      );
    },
  );

  app.post(
    '/api/Gebruiker/Registreren',
    { schema: { tags, security: [], body: legacyBody(registerFields), response: { 202: z.null() } } },
    async (req, reply) => {
      const b = read(req.body, registerFields);
      await register(publicCtx(req, deps), auth, { ...b, name: b.name!, email: b.email! });
      return reply.code(202).send(undefined as unknown as null); // an empty body, as declared (no JSON "null")
    },
  );

  app.post(
    '/api/Gebruiker/WachtwoordVergeten',
    { schema: { tags, security: [], body: legacyBody(forgotFields), response: { 202: z.null() } } },
    async (req, reply) => {
      await forgotPassword(publicCtx(req, deps), auth, { email: read(req.body, forgotFields).email! });
      return reply.code(202).send(undefined as unknown as null); // an empty body, as declared (no JSON "null")
    },
  );

  app.post(
    '/api/Gebruiker/WachtwoordResetten',
    {
      config: ENDS_SESSIONS,
      schema: { tags, security: [], body: legacyBody(resetFields), response: { 204: z.null() } },
    },
    async (req, reply) => {
      const b = read(req.body, resetFields);
      await resetPassword(publicCtx(req, deps), auth, { token: b.token!, password: b.password! });
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/Gebruiker/WachtwoordWijzigen',
    {
      config: { ...ENDS_SESSIONS, ...THROTTLED },
      schema: { tags, body: legacyBody(changeFields), response: { 200: legacyLoginAnswer } },
    },
    async (req) => {
      const b = read(req.body, changeFields);
      return toLegacy(
        await changePassword(ctxOf(req, deps), auth, {
          currentPassword: b.currentPassword!,
          newPassword: b.newPassword!,
        }),
      );
    },
  );
}
