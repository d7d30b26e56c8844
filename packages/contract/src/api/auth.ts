// Payloads of the Auth calls (v2): the server's routes validate with them, the web app types its calls with
// them and checks the answers against them in development and tests.
import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN } from '../rules/password.ts';
import { requireOneOf, urlReference } from './common.ts';

const email = z.email().max(320);
/** Taken exactly as typed: no trim, every character allowed. The policy (8..128, common list) is the server's. */
const password = z.string().min(1).max(1024);
/**
 * A password being chosen: the document says the policy's lengths (in characters, as JSON Schema and the policy
 * count them); the server checks them with its own message (validation.wachtwoord_te_kort / _te_lang).
 */
export const newPassword = password.meta({ minLength: PASSWORD_MIN, maxLength: PASSWORD_MAX });
const refreshToken = z.string().min(16).max(512);

/** One line of text: control characters (CR, LF, …) would end up in mail headers. */
export const oneLine = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .regex(/^[^\p{Cc}]*$/u, 'validation.ongeldig_formaat');

/** POST /api/v2.0/Auth/login */
export const loginBody = z.object({ email, password }).strict();
export type LoginBody = z.infer<typeof loginBody>;

/**
 * POST /api/v2.0/Auth/refresh-login. The refresh token in the body (API clients) or, when absent, from the
 * HttpOnly session cookie the web app gets (header X-Session-Cookie: 1 on sign-in).
 */
export const refreshBody = z.object({ refreshToken: refreshToken.optional() }).strict();

/** POST /api/v2.0/Auth/forgot-password (always 202) */
export const forgotPasswordBody = z.object({ email }).strict();
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBody>;

/** POST /api/v2.0/Auth/reset-password (204) */
export const resetPasswordBody = z
  .object({ token: z.string().min(16).max(512), password: newPassword })
  .strict();
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;

/** POST /api/v2.0/Auth/change-password (answers a new token pair) */
export const changePasswordBody = z.object({ currentPassword: password, newPassword }).strict();
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

/** POST /api/v2.0/Auth/register (always 202) */
export const registerBody = z
  .object({
    name: oneLine(200).min(1),
    email,
    password: newPassword.optional(),
    phone: oneLine(50).optional(),
    company: oneLine(200).optional(),
    comment: z.string().trim().max(2000).optional(),
    language: z.string().max(10).optional(),
  })
  .strict();
export type RegisterBody = z.input<typeof registerBody>;

/** GET /api/v2.0/Auth/external-login-url?redirectUrl= */
export const externalLoginUrlQuery = z.object({
  redirectUrl: z.string().max(1000).meta({ format: 'uri-reference' }).optional(),
});
export const externalLoginUrl = z.object({ url: urlReference });

/** GET /api/v2.0/Auth/external-login-options */
export const externalLoginOptions = z.object({ enabled: z.boolean() });

/** POST /api/v2.0/Auth/external-login: the callback parameters or the whole callback URL. */
export const externalLoginBody = requireOneOf(
  z
    .object({
      code: z.string().min(1).max(4096).optional(),
      state: z.string().min(1).max(1024).optional(),
      iss: z.string().max(1000).optional(),
      callbackUrl: z.url().max(8192).optional(),
    })
    .strict(),
  [['code', 'state'], 'callbackUrl'],
);
export type ExternalLoginBody = z.input<typeof externalLoginBody>;

/** The signed-in user as the token answers carry it. */
export const publicUser = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  isAdmin: z.boolean(),
  internalExternal: z.enum(['Internal', 'External']),
  language: z.string(),
  /** The equipment department (decision 0018): the web shows its queue. The server checks every call anyway. */
  isDepartment: z.boolean().optional(),
  /** A customer's key user (decision 0023): the web offers the user pages. The server checks every call anyway. */
  isKeyUser: z.boolean().optional(),
  /** The board (named role management): the web shows the complaints overview. The server checks every call anyway. */
  isManagement: z.boolean().optional(),
  /** Holds AppRapportage (admins too): the web offers the reports and page usage. The server checks every call anyway. */
  canReport: z.boolean().optional(),
  /** May change the corporate identity (admins, AppCorporateIdentity holders; decision 0026). The server checks every call anyway. */
  canCorporateIdentity: z.boolean().optional(),
  /** Runs the ERP connection (admins, BusinessCentral holders; decision 0027): the Koppelingen page. The server checks every call anyway. */
  canErp: z.boolean().optional(),
});
export type PublicUser = z.infer<typeof publicUser>;

export { SESSION_COOKIE_HEADER } from '../rules/session.ts';

/** The answer of login, refresh-login and change-password. */
export const tokenPair = z.object({
  accessToken: z.string(),
  refreshToken: z
    .string()
    .optional()
    .describe('absent when the caller sent X-Session-Cookie: 1 (then it is set as an HttpOnly cookie)'),
  expiresAt: z.number().int().describe('access token expiry, seconds since epoch'),
  user: publicUser,
});
export type TokenPair = z.infer<typeof tokenPair>;

/** POST /api/v2.0/Auth/external-login: the tokens and the page to return to. */
export const externalLoginAnswer = tokenPair.extend({ redirectUrl: urlReference.nullable() });
export type ExternalLoginAnswer = z.infer<typeof externalLoginAnswer>;
