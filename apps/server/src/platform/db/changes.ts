import pg from 'pg';

/*
 * Changes other server processes made, told by PostgreSQL (LISTEN/NOTIFY, docs/decisions/0029): a trigger NOTIFYs a
 * channel when the changing transaction commits (migration 0030: mp_settings); each process LISTENs on one
 * dedicated connection and drops what it cached. After a reconnect every handler runs once, as notifications
 * sent while it was away are lost. (Ended sessions have a listener of their own, platform/auth/sessions.ts.)
 */

export interface ChangeListener {
  /** Waits until every change committed before this call has been handled here (a round trip on the listener). */
  barrier(): Promise<void>;
  close(): Promise<void>;
}

export async function startChangeListener(options: {
  url: string;
  /** channel → what to drop when it is notified */
  on: Record<string, () => void>;
  onError?: (e: Error) => void;
}): Promise<ChangeListener> {
  const channels = Object.keys(options.on);
  for (const c of channels) if (!/^[a-z_]+$/.test(c)) throw new Error(`channel name refused: ${c}`);
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  let ready: Promise<void> = Promise.resolve();

  async function connect(first: boolean): Promise<void> {
    const c = new pg.Client({ connectionString: options.url, connectionTimeoutMillis: 5000 });
    c.on('error', (e) => {
      options.onError?.(e);
      reconnectSoon(c);
    });
    c.on('end', () => reconnectSoon(c));
    c.on('notification', (msg) => options.on[msg.channel]?.());
    await c.connect();
    for (const channel of channels) await c.query(`listen ${channel}`);
    // why: listening again after a gap, whatever changed meanwhile was not told: drop everything once
    if (!first) for (const forget of Object.values(options.on)) forget();
    client = c;
  }

  function reconnectSoon(c: pg.Client) {
    if (closed || client !== c) return;
    client = null;
    c.removeAllListeners('end');
    clearTimeout(retry);
    const attempt = (delay: number) => {
      retry = setTimeout(() => {
        ready = connect(false).catch((e) => {
          options.onError?.(e as Error);
          if (!closed) attempt(Math.min(delay * 2, 5000));
        });
      }, delay);
      retry.unref();
    };
    attempt(200);
  }

  await connect(true);
  return {
    async barrier() {
      await ready;
      await client?.query('select 1');
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      const c = client;
      client = null;
      await c?.end().catch(() => {});
    },
  };
}
