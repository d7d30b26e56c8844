import type pg from 'pg';
import type { Config } from '../config.ts';
import type { SessionGuard } from './auth/sessions.ts';
import type { TokenSettings } from './auth/tokens.ts';
import type { Db } from './db/database.ts';
import type { FileStorage } from './files/storage.ts';
import type { JobQueue } from './jobs/jobs.ts';
import type { Mailer } from './mail/mailer.ts';
import type { LoadSettings } from './settings.ts';

/** Everything the HTTP app needs from the outside, built once in main.ts (or by a test). */
export interface Deps {
  config: Config;
  db: Db;
  pool: pg.Pool;
  storage: FileStorage;
  mailer: Mailer;
  tokens: TokenSettings;
  /** Sessions ended before their access tokens expire (logout, password change, disabling, …). */
  sessions: SessionGuard;
  clock: () => Date;
  /** The settings reader of modules/settings, for platform code (which never imports a module). */
  loadSettings: LoadSettings;
  lifecycle: { shuttingDown: boolean };
  /** The job queue (pg-boss) when this process runs jobs (JOBS_ENABLED); without it, work is done inline. */
  jobs?: JobQueue | null;
  /**
   * With ERP=fake-bc (main.ts): the running fake's connection, used where a BusinessCentral_* setting is empty
   * (decision 0027). Never returned or logged: it holds the fake's client secret.
   */
  erpDefaults?: {
    url: string;
    tenant: string;
    company: string;
    clientId: string;
    clientSecret: string;
    authorityUrl: string;
  };
  /**
   * With ERP=fake-bc (main.ts): the running fake document service's connection, used where a DocumentService_*
   * setting is empty (decision 0028). Never returned or logged: it holds the fake's password.
   */
  documentServiceDefaults?: { url: string; user: string; password: string };
  webRoot?: string;
}
