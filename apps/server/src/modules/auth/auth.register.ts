import { defaultLocale, isLocale } from '@mp/contract/i18n';
import { hashPassword } from '../../platform/auth/password.ts';
import { errors } from '../../platform/errors.ts';
import type { Ctx } from '../../platform/http/context.ts';
import { sendTemplatedMail } from '../../platform/mail/templates.ts';
import { getSetting } from '../settings/index.ts';
import { type AuthDeps, checkNewPassword, later, portalName } from './auth.common.ts';
import { adminEmails, findUserByEmail, insertUser } from './auth.queries.ts';
import { assertNotThrottled, buckets, recordAttempt } from './throttle.ts';

async function mailToDepartment(ctx: Ctx, deps: AuthDeps, values: Record<string, string>): Promise<void> {
  const department = await getSetting(ctx, 'OrderWizardDefaultReceiver');
  const to = department
    ? [{ email: department, language: await getSetting(ctx, 'DefaultLanguage') }]
    : await adminEmails(ctx.db);
  for (const r of to) {
    await sendTemplatedMail(
      { db: ctx.db, mailer: deps.mailer },
      { type: 'NewUserRequest', locale: String(r.language ?? defaultLocale), to: r.email, values },
    );
  }
}

/**
 * Asks for an account (when Registratie_Tonen is on): an external user without locations; the department
 * is told. The answer never says whether the address was taken: that account gets a mail instead.
 */
export async function register(
  ctx: Ctx,
  deps: AuthDeps,
  input: {
    name: string;
    email: string;
    password?: string;
    phone?: string;
    company?: string;
    comment?: string;
    language?: string;
  },
): Promise<void> {
  if (!(await getSetting(ctx, 'Registratie_Tonen'))) throw errors.forbidden('error.registratie_uit');
  const bucket = buckets.mailAddress('register', ctx.ip);
  await assertNotThrottled(ctx.db, [bucket], ctx.now);
  if (input.password !== undefined) checkNewPassword(input.password, 'password', input.email);
  await recordAttempt(ctx.db, [bucket], ctx.ip, ctx.now);
  const email = input.email.trim();
  // Hash in both cases so a taken address does not answer faster.
  const hash = input.password !== undefined ? await hashPassword(input.password) : null;
  const existing = await findUserByEmail(ctx.db, email);
  const language = isLocale(input.language) ? input.language : ctx.locale;
  if (existing) {
    deps.log.info(
      { event: 'register_existing', userId: existing.id, ip: ctx.ip },
      'registration for a known address',
    );
    later(deps.log, 'already registered mail', async () => {
      await sendTemplatedMail(
        { db: ctx.db, mailer: deps.mailer },
        {
          type: 'UserAlreadyRegistered',
          locale: existing.language,
          to: existing.email,
          values: {
            name: existing.name,
            link: `${deps.config.publicUrl}/wachtwoord-vergeten`,
            portal: await portalName(ctx),
            portalUrl: deps.config.publicUrl,
          },
        },
      );
    });
    return;
  }
  const created = await insertUser(ctx.db, {
    email,
    name: input.name.trim(),
    passwordHash: hash,
    kind: 'external',
    role: 'user',
    phone: input.phone?.trim() || null,
    language,
    // why: a self-registered account waits for the department's approval before it can sign in.
    approvedAt: null,
    createdAt: ctx.now,
    updatedAt: ctx.now,
  });
  if (!created) return; // someone registered the same address a moment ago: same answer
  deps.log.info({ event: 'registered', userId: created.id, ip: ctx.ip }, 'account requested');
  later(deps.log, 'new user request mail', async () =>
    mailToDepartment(ctx, deps, {
      portal: await portalName(ctx),
      name: created.name,
      email: created.email,
      phone: created.phone ?? '',
      company: input.company?.trim() ?? '',
      comment: input.comment?.trim() ?? '',
      language,
      link: `${deps.config.publicUrl}/gebruikers`,
      portalUrl: deps.config.publicUrl,
    }),
  );
}
