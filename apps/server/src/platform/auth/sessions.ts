import pg from 'pg';

/**
 * Ended sessions, known to every server process at once (docs/decisions/0012).
 *
 * An access token is a signed JWT valid until it expires; to end a session before that, each process keeps
 * in memory (a) the refresh-token families (claim `sid`) revoked within the last access-token lifetime and
 * (b) each user's current session generation (bumped on password change, reset and disabling; a deleted user
 * counts as ended for good) and (c) each user's current rights version (users.access_version, bumped by a trigger
 * whenever role, kind, permissions, customer or approval change: a token with older rights is refused as expired,
 * the client renews it and the new token carries the rights as they are now — issue #31 item 1). Database triggers (migration 0005) NOTIFY every change on the channel
 * `mp_sessions` when the revoking transaction commits; each process LISTENs on one dedicated connection and
 * reloads everything after a reconnect (deleted users from `ended_users`), so a missed notification or a
 * restart cannot keep a session alive. A request's
 * check is two Map look-ups: the verified-token memo keeps the read paths fast.
 */

export const SESSIONS_CHANNEL = 'mp_sessions';

/**
 * Route config of a call that can end sessions: its answer waits until this process knows the end (app.ts),
 * so the caller's next request here is refused already.
 */
export const ENDS_SESSIONS = { endsSessions: true } as const;

export interface SessionClaims {
  userId: string;
  /** The refresh-token family of the sign-in (claim `sid`); null for tokens made without one (tests). */
  sessionId: string | null;
  /** The user's session generation when the token was made (claim `gen`). */
  generation: number;
  /** The version of the user's rights when the token was made (claim `av`). */
  accessVersion: number;
}

export interface SessionGuard {
  /** Whether the session of these claims has ended (logout, replay, password change or reset, disabled). */
  hasEnded(claims: SessionClaims): boolean;
  /**
   * Whether the rights in these claims are out of date (role, kind, permissions, customer changed since the token
   * was made): the session goes on, but the token must be renewed to carry the rights as they are now.
   */
  isOutdated(claims: SessionClaims): boolean;
  /** Waits until every revocation committed before this call is known here (round trip on the listener). */
  barrier(): Promise<void>;
  close(): Promise<void>;
}

/** A user deleted: every generation has ended. */
const DELETED = Number.MAX_SAFE_INTEGER;

interface Notice {
  sid?: string;
  user?: string;
  gen?: number;
  /** users.access_version (migration 0017) */
  av?: number;
  deleted?: boolean;
}

export async function startSessionGuard(options: {
  url: string;
  accessTtlSeconds: number;
  onError?: (e: Error) => void;
}): Promise<SessionGuard> {
  const revoked = new Map<string, number>(); // sid → forget after (ms)
  const generations = new Map<string, number>(); // user id → current generation
  const accessVersions = new Map<string, number>(); // user id → current version of the user's rights
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  let ready: Promise<void> = Promise.resolve();

  const ttlMs = options.accessTtlSeconds * 1000;
  const apply = (n: Notice) => {
    if (n.sid) revoked.set(n.sid, Date.now() + ttlMs);
    if (n.user && n.av !== undefined) {
      if (n.av > (accessVersions.get(n.user) ?? 0)) accessVersions.set(n.user, n.av);
    } else if (n.user) {
      const gen = n.deleted ? DELETED : (n.gen ?? 0);
      if (gen > (generations.get(n.user) ?? 0)) generations.set(n.user, gen);
    }
  };
  const prune = () => {
    const now = Date.now();
    for (const [sid, until] of revoked) if (until < now) revoked.delete(sid);
  };

  async function load(c: pg.Client) {
    const ttl = `${Math.ceil(options.accessTtlSeconds) + 60} seconds`;
    const families = await c.query<{ family_id: string }>(
      `select distinct family_id from refresh_tokens where revoked_at > now() - $1::interval`,
      [ttl],
    );
    for (const r of families.rows) apply({ sid: r.family_id });
    // Disabling a user bumps the generation too (and a disabled user cannot sign in for a new one).
    const users = await c.query<{ id: string; gen: number; av: number }>(
      'select id, session_generation as gen, access_version as av from users where session_generation > 0 or access_version > 0',
    );
    for (const r of users.rows) {
      apply({ user: r.id, gen: r.gen });
      apply({ user: r.id, av: r.av });
    }
    // A user deleted while this process was not listening: its row is gone, its tokens may still be valid.
    const ended = await c.query<{ user_id: string }>(
      'select user_id from ended_users where ended_at > now() - $1::interval',
      [ttl],
    );
    for (const r of ended.rows) apply({ user: r.user_id, deleted: true });
  }

  async function connect(): Promise<void> {
    const c = new pg.Client({ connectionString: options.url, connectionTimeoutMillis: 5000 });
    c.on('error', (e) => {
      options.onError?.(e);
      reconnectSoon(c);
    });
    c.on('end', () => reconnectSoon(c));
    c.on('notification', (msg) => {
      if (msg.channel !== SESSIONS_CHANNEL || !msg.payload) return;
      try {
        apply(JSON.parse(msg.payload) as Notice);
      } catch (e) {
        options.onError?.(e as Error);
      }
    });
    await c.connect();
    await c.query(`listen ${SESSIONS_CHANNEL}`);
    // why: listen first, then load — a revocation between the two is seen either way.
    await load(c);
    client = c;
  }

  function reconnectSoon(c: pg.Client) {
    if (closed || client !== c) return;
    client = null;
    c.removeAllListeners('end');
    clearTimeout(retry);
    const attempt = (delay: number) => {
      retry = setTimeout(() => {
        ready = connect().catch((e) => {
          options.onError?.(e as Error);
          if (!closed) attempt(Math.min(delay * 2, 5000));
        });
      }, delay);
      retry.unref();
    };
    attempt(200);
  }

  await connect();
  const pruner = setInterval(prune, 60_000);
  pruner.unref();

  return {
    hasEnded(claims) {
      if (claims.sessionId && revoked.has(claims.sessionId)) return true;
      const current = generations.get(claims.userId);
      return current !== undefined && claims.generation < current;
    },
    isOutdated(claims) {
      const current = accessVersions.get(claims.userId);
      return current !== undefined && claims.accessVersion < current;
    },
    async barrier() {
      await ready;
      // why: the notification of a commit made before this call reaches the listener before this answer.
      await client?.query('select 1');
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      clearInterval(pruner);
      const c = client;
      client = null;
      await c?.end().catch(() => {});
    },
  };
}
