import type { Locale } from '@mp/contract/i18n';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database.ts';
import { AppError } from '../errors.ts';
import type { LoadSettings, SettingsMap } from '../settings.ts';

/** The signed-in user as the access token describes them. */
export interface AuthUser {
  id: string;
  email: string;
  name: string;
  role: 'admin' | 'user';
  kind: 'internal' | 'external';
  permissions: string[];
  customerId: string | null;
}

/** What every service method receives: who asks, in which language, against which database, when. */
export interface Ctx {
  user: AuthUser | null;
  locale: Locale;
  db: Db;
  now: Date;
  ip: string;
  /** The settings (stored or default, cached), for platform code such as the access checks. */
  settings: () => Promise<SettingsMap>;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
    authError: AppError | null;
    locale: Locale;
  }
}

export function requireUser(ctx: Ctx): AuthUser {
  if (!ctx.user) throw new AppError('unauthenticated', 'error.niet_ingelogd');
  return ctx.user;
}

/** Builds the service context of one request. */
export function ctxOf(
  req: FastifyRequest,
  deps: { db: Db; clock: () => Date; loadSettings: LoadSettings },
): Ctx {
  if (req.authError) throw req.authError;
  return {
    user: req.user,
    locale: req.locale,
    db: deps.db,
    now: deps.clock(),
    ip: req.ip,
    settings: () => deps.loadSettings(deps.db),
  };
}
