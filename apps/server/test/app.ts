import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { inject } from 'vitest';
import { type App, buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import { users } from '../src/db/schema/index.ts';
import { loadSettings } from '../src/modules/settings/index.ts';
import { startSessionGuard } from '../src/platform/auth/sessions.ts';
import { signAccessToken } from '../src/platform/auth/tokens.ts';
import type { Deps } from '../src/platform/deps.ts';
import { LocalDiskStorage } from '../src/platform/files/storage.ts';
import { createMailer } from '../src/platform/mail/mailer.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';

export interface TestApp {
  app: App;
  deps: Deps;
  database: TestDatabase;
  /** Moves the app's clock (tokens, expiry, throttling windows). */
  setNow(date: Date): void;
  /** A valid access token for an existing user (by e-mail), signed as the login would. */
  tokenFor(email: string): Promise<string>;
  /** Authorization header for an existing user. */
  auth(email: string): Promise<{ authorization: string }>;
  close(): Promise<void>;
}

export const DEMO_PASSWORD = 'Materieel2026!';

/** The real app over HTTP (app.inject) on a database of its own; pass env to change config. */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    seed?: 'demo' | 'empty';
    deps?: Partial<Deps>;
    logger?: FastifyBaseLogger;
  } = {},
): Promise<TestApp> {
  const database = await createTestDatabase(options.seed ?? 'demo');
  const work = mkdtempSync(path.join(tmpdir(), 'mp-app-'));
  const config: Config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: work,
    JOBS_ENABLED: 'false',
    ...options.env,
  });
  let now: Date | null = null;
  const clock = () => now ?? new Date();
  const sessions = await startSessionGuard({
    url: database.url,
    accessTtlSeconds: config.ACCESS_TOKEN_TTL_SECONDS,
  });
  const deps: Deps = {
    config,
    db: database.db,
    pool: database.pool,
    storage: new LocalDiskStorage(inject('filesDir')),
    mailer: createMailer({ db: database.db, smtpUrl: config.SMTP_URL, from: config.MAIL_FROM }),
    tokens: {
      secret: new TextEncoder().encode('test-secret-that-is-long-enough-for-hs256-0123456789'),
      issuer: config.publicUrl,
      audience: 'materieelportaal',
      accessTtlSeconds: config.ACCESS_TOKEN_TTL_SECONDS,
    },
    sessions,
    clock,
    loadSettings,
    lifecycle: { shuttingDown: false },
    webRoot: path.join(work, 'no-web'),
    ...options.deps,
  };
  const app = await buildApp(deps, { logger: options.logger });
  async function tokenFor(email: string): Promise<string> {
    const [u] = await database.db
      .select()
      .from(users)
      .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
    if (!u) throw new Error(`no user ${email}`);
    const { token } = await signAccessToken(
      deps.tokens,
      {
        user: {
          id: u.id,
          email: u.email,
          name: u.name,
          role: u.role,
          kind: u.kind,
          permissions: u.permissions,
          customerId: u.customerId,
        },
        loginType: 'password',
        generation: u.sessionGeneration,
        accessVersion: u.accessVersion,
      },
      clock(),
    );
    return token;
  }
  await app.ready();
  return {
    app,
    deps,
    database,
    setNow(date) {
      now = date;
    },
    tokenFor,
    async auth(email) {
      return { authorization: `Bearer ${await tokenFor(email)}` };
    },
    async close() {
      await app.close();
      await sessions.close();
      await database.drop();
      rmSync(work, { recursive: true, force: true });
    },
  };
}
