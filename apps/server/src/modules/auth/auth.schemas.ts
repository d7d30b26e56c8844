import { z } from 'zod';

/*
 * Payloads of the Auth calls. They belong in packages/contract once the web app uses them; kept here so
 * the v2 routes and the legacy adapters share one definition meanwhile.
 */

const email = z.email().max(320);
/** Taken exactly as typed: no trim, every character allowed. The policy (8..128, common list) is the service's. */
const password = z.string().min(1).max(1024);
const refreshToken = z.string().min(16).max(512);
/** One line of text: control characters (CR, LF, …) would end up in mail headers. */
export const oneLine = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .regex(/^[^\p{Cc}]*$/u, 'validation.ongeldig_formaat');

export const loginBody = z.object({ email, password }).strict();

export const refreshBody = z.object({ refreshToken }).strict();

export const forgotPasswordBody = z.object({ email }).strict();

export const resetPasswordBody = z.object({ token: z.string().min(16).max(512), password }).strict();

export const changePasswordBody = z.object({ currentPassword: password, newPassword: password }).strict();

export const registerBody = z
  .object({
    name: oneLine(200).min(1),
    email,
    password: password.optional(),
    phone: oneLine(50).optional(),
    company: oneLine(200).optional(),
    comment: z.string().trim().max(2000).optional(),
    language: z.string().max(10).optional(),
  })
  .strict();

export const externalLoginUrlQuery = z.object({ redirectUrl: z.string().max(1000).optional() });

export const externalLoginBody = z
  .object({
    code: z.string().min(1).max(4096).optional(),
    state: z.string().min(1).max(1024).optional(),
    iss: z.string().max(1000).optional(),
    callbackUrl: z.url().max(8192).optional(),
  })
  .strict()
  .refine((b) => b.callbackUrl || (b.code && b.state), { message: 'validation.verplicht', path: ['code'] });

export const publicUser = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  isAdmin: z.boolean(),
  internalExternal: z.enum(['Internal', 'External']),
  language: z.string(),
});

export const tokenPair = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  expiresAt: z.number().int().describe('access token expiry, seconds since epoch'),
  user: publicUser,
});

export const externalLoginAnswer = tokenPair.extend({ redirectUrl: z.string().nullable() });
