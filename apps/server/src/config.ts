import path from 'node:path';
import { z } from 'zod';
import { estimateSecretBits, MIN_SECRET_BITS } from './secret-strength.ts';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default('localhost'),
  PUBLIC_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  EMBEDDED_PG_PORT: z.coerce.number().int().default(54329),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(20),
  /**
   * Server processes on the one port (node's cluster module, docs/decisions/0029): 1 runs the server in this
   * process; N > 1 makes this process a primary that prepares the database once and forks N workers over it (with
   * the embedded PostgreSQL too). Each worker has its own pool of DATABASE_POOL_SIZE connections.
   */
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  /**
   * Memory per process for the in-process catalogue read models (docs/decisions/0008, "Scale 1000"): a model is
   * built only when its estimate fits; above it the SQL statements answer. 0: none are built.
   */
  // = DEFAULT_READ_MODEL_MAX_MB (modules/catalogue/catalogue.read-model.ts: why 340)
  READ_MODEL_MAX_MB: z.coerce.number().int().min(0).default(340),
  /** The built web app to serve (index.html, sw.js, assets); default the repository's apps/web/dist. */
  WEB_ROOT: z.string().optional(),
  SEED: z.enum(['demo', 'none']).default('demo'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  JWT_SECRET: z.string().min(32).optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).default(900),
  REFRESH_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .default(60 * 60 * 24 * 14),
  REFRESH_TOKEN_ABSOLUTE_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .default(60 * 60 * 24 * 30),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Materieelportaal <noreply@materieelportaal.local>'),
  OIDC_ISSUER: z.string().url().optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  OIDC_REDIRECT_URI: z.string().url().optional(),
  OIDC_INTERNAL_DOMAINS: z.string().default(''),
  S3_ENDPOINT: z.string().url().optional(),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  MAX_UPLOAD_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(10 * 1024 * 1024),
  /**
   * Which X-Forwarded-For entries to believe: `false` none; a number of proxy hops in front of the portal
   * (`true` = 1, the usual single reverse proxy); or the proxies' addresses / CIDRs, comma-separated. The
   * client address is then read from the right, past the trusted proxies — never the client's own first entry.
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((v, ctx): false | number | string[] => {
      const t = v.trim().toLowerCase();
      if (['false', '0', 'no', ''].includes(t)) return false;
      if (['true', 'yes'].includes(t)) return 1;
      if (/^[1-9]\d?$/.test(t)) return Number(t);
      const list = t
        .split(',')
        .map((a) => a.trim())
        .filter(Boolean);
      if (list.every((a) => /^[0-9a-f.:]+(\/\d{1,3})?$/.test(a))) return list;
      ctx.addIssue({ code: 'custom', message: 'false, a number of hops, or proxy addresses/CIDRs' });
      return z.NEVER;
    }),
  /** Bearer token a Prometheus scraper sends to /metrics; without it /metrics is not served. */
  METRICS_TOKEN: z.string().min(24).optional(),
  /** Load the demo data (known passwords) even on a public address in production. */
  SEED_DEMO_FORCE: bool.default(false),
  JOBS_ENABLED: bool.default(true),
  /**
   * The ERP (decision 0027): none (the portal is the system of record), business-central (the admin settings
   * BusinessCentral_* say where), fake-bc (npm start also starts tools/fake-bc and points the connector at it).
   */
  ERP: z.enum(['none', 'business-central', 'fake-bc']).default('none'),
  /** The OAuth token endpoint's base for Business Central (the tenant and /oauth2/v2.0/token are appended). */
  BC_AUTHORITY_URL: z.string().url().default('https://login.microsoftonline.com'),
  /** Every this many seconds a delta sync of each entity is queued (0: only on demand). */
  ERP_POLL_SECONDS: z.coerce.number().int().min(0).default(300),
  /**
   * BC webhook subscriptions, each change notified at once and its delta queued (decision 0027): on, off, or auto —
   * on when PUBLIC_URL is https (BC online calls no other address) or with ERP=fake-bc.
   */
  ERP_WEBHOOKS: z.enum(['on', 'off', 'auto']).default('auto'),
  /**
   * Signed webhooks (decision 0032): admit loopback addresses (127/8, ::1, localhost) and http as endpoints — for
   * development and tests only; every other private or reserved address stays refused.
   */
  WEBHOOKS_ALLOW_LOOPBACK: bool.default(false),
});

export type Config = z.infer<typeof schema> & { dataDir: string; publicUrl: string };

/** Secrets that were published (examples, placeholders) and words that mark a placeholder. */
const knownSecrets = new Set(['change-me-to-a-long-random-secret-of-48-chars-min']);
const placeholderWords =
  /change.?me|example|placeholder|your.?secret|secret.?here|password|xxxx|0123456789|abcdef/i;

/** Why a secret (signing key, bearer token) is unfit for production, or null when it is fine. */
export function weakSecretReason(secret: string): string | null {
  if (knownSecrets.has(secret)) return 'it is a published example';
  if (placeholderWords.test(secret)) return 'it looks like a placeholder';
  const bits = estimateSecretBits(secret);
  if (bits < MIN_SECRET_BITS)
    return `it holds about ${Math.floor(bits)} bits of randomness, fewer than ${MIN_SECRET_BITS}`;
  return null;
}

const loopbackHosts = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);
const isLoopback = (host: string) => loopbackHosts.has(host.toLowerCase()) || /^127\./.test(host);

/**
 * The refusals of a production start: a weak secret, demo data (known passwords) where others can reach it. Whether
 * the portal is local is judged by where it listens (HOST) as well as by its public address: a server listening on
 * 0.0.0.0 is reachable whatever PUBLIC_URL says (issue #31 item 7).
 */
function productionProblems(c: z.infer<typeof schema>, publicUrl: string): string[] {
  if (c.NODE_ENV !== 'production') return [];
  const problems: string[] = [];
  for (const [name, value, hint] of [
    ['JWT_SECRET', c.JWT_SECRET, 'openssl rand -base64 48'],
    ['METRICS_TOKEN', c.METRICS_TOKEN, 'openssl rand -base64 32'],
  ] as const) {
    const reason = value ? weakSecretReason(value) : null;
    if (reason) problems.push(`  ${name}: ${reason}; set a long random value (e.g. ${hint})`);
  }
  if (typeof c.TRUST_PROXY === 'number' && !isLoopback(c.HOST)) {
    problems.push(
      `  TRUST_PROXY: a hop count believes an X-Forwarded-For entry from whoever connects, and with HOST ${c.HOST} the port can be reached past the proxy (a forged entry would pick the client address); give the proxies' addresses or CIDRs instead (e.g. TRUST_PROXY=10.0.0.5)`,
    );
  }
  const host = new URL(publicUrl).hostname;
  const local = isLoopback(c.HOST) && isLoopback(host);
  if (c.SEED === 'demo' && !local && !c.SEED_DEMO_FORCE) {
    problems.push(
      `  SEED: demo data has known passwords and the portal is reachable by others (HOST ${c.HOST}, PUBLIC_URL host ${host}); set SEED=none, or SEED_DEMO_FORCE=true to load it anyway`,
    );
  }
  return problems;
}

/** Parses the environment once; nothing else reads process.env. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  const publicUrl = c.PUBLIC_URL ?? `http://localhost:${c.PORT}`;
  const problems = productionProblems(c, publicUrl);
  if (problems.length) throw new Error(`Refusing to start in production:\n${problems.join('\n')}`);
  return { ...c, dataDir: path.resolve(c.DATA_DIR), publicUrl };
}
