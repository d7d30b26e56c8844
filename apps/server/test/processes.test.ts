import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { releasePorts, reservePort } from '../../../scripts/lib/ports.ts';
import { startSmtp } from '../src/modules/auth/auth.test-support.ts';
import { multipart } from '../src/platform/files/testing.ts';
import { createMailer } from '../src/platform/mail/mailer.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';
import { testPng } from './uploads.ts';

// Several server processes over one PostgreSQL (issue #34 point 2, docs/decisions/0029): two real servers (main.ts,
// each on a port of its own so the test can say which one answers) over one test database, with the job runner on
// and one SMTP sink. Whatever one process changes, the other must act on: no timing assertions, each change is
// polled for with a generous ceiling (a pass returns at the first right answer).

const SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789';
const PASSWORD = 'Materieel2026!';
const ADMIN = 'admin@materieelportaal.nl';
const USER = 'projectleider@infranoord.nl';
const EVENTUALLY = { timeout: 20_000, interval: 50 };

interface Server {
  proc: ChildProcess;
  base: string;
}

let database: TestDatabase;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let servers: Server[] = [];
/** One DATA_DIR for both, as for the processes of one machine: the uploaded files are on its disk. */
let dir: string;

async function startServer(): Promise<Server> {
  const port = await reservePort();
  const proc = spawn(process.execPath, ['apps/server/src/main.ts'], {
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: 'http://localhost:3000',
      SEED: 'none',
      JOBS_ENABLED: 'true',
      SMTP_URL: smtp.url,
      LOG_LEVEL: 'warn',
      DATABASE_URL: database.url,
      DATABASE_POOL_SIZE: '4',
      DATA_DIR: dir,
      JWT_SECRET: SECRET,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  await vi.waitFor(
    async () => {
      expect((await fetch(`${base}/health/ready`)).ok).toBe(true);
    },
    { timeout: 90_000, interval: 100 },
  );
  return { proc, base };
}

beforeAll(async () => {
  database = await createTestDatabase('demo');
  smtp = await startSmtp();
  dir = mkdtempSync(path.join(tmpdir(), 'mp-procs-'));
  chmodSync(dir, 0o755);
  servers = await Promise.all([startServer(), startServer()]);
}, 180_000);

afterAll(async () => {
  await Promise.all(
    servers.map(async (s) => {
      s.proc.kill('SIGTERM');
      if (s.proc.exitCode === null) await new Promise((r) => s.proc.once('exit', r));
    }),
  );
  if (dir) rmSync(dir, { recursive: true, force: true });
  await smtp?.close();
  await database?.drop();
  releasePorts();
}, 30_000);

async function call(
  server: Server,
  method: 'GET' | 'POST',
  url: string,
  options: { token?: string; body?: object; headers?: Record<string, string> } = {},
) {
  const r = await fetch(server.base + url, {
    method,
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.body ? { 'content-type': 'application/json' } : {}),
      ...options.headers,
    },
    body: options.body ? JSON.stringify(options.body) : undefined,
  });
  const text = await r.text();
  return { status: r.status, json: () => JSON.parse(text), text };
}

async function signIn(server: Server, email: string) {
  const r = await call(server, 'POST', '/api/v2.0/Auth/login', { body: { email, password: PASSWORD } });
  expect(r.status, r.text).toBe(200);
  return r.json() as { accessToken: string; refreshToken: string };
}

describe('two server processes over one database', () => {
  it('count failed sign-ins together: failures spread over both lock the account for untrusted clients', async () => {
    const [b, c] = servers;
    const email = 'uitvoerder@vandijk.nl';
    // 10 failures per 15 minutes are allowed (decision 0012): five on each process, each answered as a wrong password
    for (let i = 0; i < 10; i++) {
      const r = await call(i % 2 ? c : b, 'POST', '/api/v2.0/Auth/login', {
        body: { email, password: `Fout-${i}-wachtwoord` },
      });
      expect(r.status, r.text).toBe(401);
    }
    // counted per process, each would have seen only five: the next attempt is refused on both
    for (const s of [b, c]) {
      const r = await call(s, 'POST', '/api/v2.0/Auth/login', { body: { email, password: PASSWORD } });
      expect(r.status, r.text).toBe(429);
    }
  });

  it('end a session signed out through one process on the other', async () => {
    const [b, c] = servers;
    const { accessToken, refreshToken } = await signIn(b, USER);
    expect((await call(c, 'GET', '/api/v2.0/Users/me', { token: accessToken })).status).toBe(200);
    const out = await call(b, 'GET', '/api/v2.0/Auth/logout', {
      token: accessToken,
      headers: { 'x-refresh-token': refreshToken },
    });
    expect(out.status).toBe(204);
    expect((await call(b, 'GET', '/api/v2.0/Users/me', { token: accessToken })).status).toBe(401);
    await vi.waitFor(async () => {
      expect((await call(c, 'GET', '/api/v2.0/Users/me', { token: accessToken })).status).toBe(401);
    }, EVENTUALLY);
  });

  it('read a setting changed through one process through the other', async () => {
    const [b, c] = servers;
    const decimals = async (s: Server) =>
      (await call(s, 'GET', '/api/v2.0/Settings/all')).json().intValues.Prijzen_AantalDecimalen as number;
    const before = await decimals(c); // the other process has the settings cached now
    const { accessToken } = await signIn(b, ADMIN);
    const value = before === 3 ? 2 : 3;
    const w = await call(b, 'POST', '/api/v2.0/Settings', {
      token: accessToken,
      body: { key: 'Prijzen_AantalDecimalen', value },
    });
    expect(w.status, w.text).toBeLessThan(300);
    expect(await decimals(b)).toBe(value);
    await vi.waitFor(async () => expect(await decimals(c)).toBe(value), EVENTUALLY);
  });

  it('show a catalogue change in every process (their caches and read models follow the catalogue revision)', async () => {
    const tokens = await Promise.all(servers.map(async (s) => (await signIn(s, USER)).accessToken));
    const categories = async (i: number) =>
      (await call(servers[i], 'GET', '/api/v2.0/Categories', { token: tokens[i] })).text;
    // quick search answers from the in-process index (decision 0008) once it is built
    const quick = async (i: number) =>
      (
        await call(servers[i], 'POST', '/api/MaterieelSnelzoeken/GetSnelZoeken', {
          token: tokens[i],
          body: { zoekString: 'proefstukwiel', searchLanguage: 'nl-NL' },
        })
      ).text;
    for (const i of [0, 1]) {
      expect(await categories(i)).not.toContain('Hoogwerkers MP-proef');
      expect(await quick(i)).not.toContain('Proefstukwiel');
    }
    // changed as an import or the ERP sync in some other process would: straight in the database
    await database.db.execute(sql`
      update category_translations set name = 'Hoogwerkers MP-proef'
      where locale = 'nl-NL' and category_id = (select category_id from category_translations where locale = 'nl-NL' order by name limit 1)`);
    await database.db.execute(sql`
      update item_translations set description = 'Proefstukwiel 200 mm'
      where locale = 'nl-NL' and item_id = (select item_id from item_translations where locale = 'nl-NL' order by description limit 1)`);
    for (const i of [0, 1]) {
      await vi.waitFor(async () => expect(await categories(i)).toContain('Hoogwerkers MP-proef'), EVENTUALLY);
      await vi.waitFor(async () => expect(await quick(i)).toContain('Proefstukwiel'), EVENTUALLY);
    }
  });

  it('honour an idempotency key across processes: the retry on the other process replays the first answer', async () => {
    const [b, c] = servers;
    const { accessToken } = await signIn(b, USER);
    const key = randomUUID();
    const body = {
      description: 'Viaduct A28 MP-proef',
      street: 'Rijksweg 28',
      city: 'Meppel',
      startDate: '2030-02-01',
    };
    const ask = (s: Server) =>
      call(s, 'POST', '/api/v2.0/LocationRequests', {
        token: accessToken,
        body,
        headers: { 'idempotency-key': key },
      });
    const first = await ask(b);
    expect(first.status, first.text).toBe(201);
    const again = await ask(c);
    expect(again.status, again.text).toBe(201);
    expect(again.json().id).toBe(first.json().id);
    const stored = await database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from location_requests where description = ${body.description}`,
    );
    expect(stored.rows[0].n).toBe(1);
  });

  it('serve through one process a file uploaded through the other', async () => {
    const [b, c] = servers;
    const { accessToken } = await signIn(b, ADMIN);
    const form = multipart([
      { name: 'file', filename: 'logo.png', value: await testPng(120, 40, '#1c7ed6') },
    ]);
    const up = await fetch(`${b.base}/api/v2.0/CorporateIdentity/Images/logo`, {
      method: 'POST',
      headers: { ...form.headers, authorization: `Bearer ${accessToken}` },
      body: new Uint8Array(form.payload),
    });
    expect(up.status, await up.clone().text()).toBe(201);
    const { url } = (await up.json()) as { url: string };
    const fromB = await fetch(b.base + url);
    const fromC = await fetch(c.base + url);
    expect(fromC.status).toBe(200);
    expect(fromC.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await fromC.arrayBuffer()).equals(Buffer.from(await fromB.arrayBuffer()))).toBe(true);
  });

  it('run each job once though both processes work the queue (pg-boss)', async () => {
    // the jobs are queued from outside the two servers; both work the mail queue
    const sender = new PgBoss({ connectionString: database.url, schema: 'pgboss', max: 1 });
    await sender.start();
    try {
      const mailer = createMailer({
        db: database.db,
        smtpUrl: smtp.url,
        from: 'portal@test.local',
        boss: sender,
      });
      const to = Array.from({ length: 12 }, (_, i) => `ontvanger-${i}@mp-proef.nl`);
      for (const address of to)
        await mailer.queue({
          type: 'Test',
          locale: 'nl-NL',
          to: address,
          subject: 'Proef',
          html: '<p>x</p>',
          text: 'x',
        });
      const received = () => smtp.mails.filter((m) => m.to.some((a) => a.endsWith('@mp-proef.nl')));
      const outbox = () =>
        database.db.execute<{ to: string; attempts: number; status: string }>(
          sql`select "to", attempts, status from mail_outbox where "to" like '%@mp-proef.nl' order by "to"`,
        );
      // a mail is marked sent after the SMTP server took it: wait for both (the last row's update may still run)
      await vi.waitFor(
        async () => {
          expect(received().length).toBeGreaterThanOrEqual(to.length);
          expect((await outbox()).rows.filter((r) => r.status !== 'queued')).toHaveLength(to.length);
        },
        { timeout: 60_000, interval: 100 },
      );
      const sent = await outbox();
      expect(sent.rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
      expect(
        received()
          .map((m) => m.to[0])
          .sort(),
      ).toEqual([...to].sort());
    } finally {
      await sender.stop({ graceful: false, timeout: 1000 });
    }
  });
});
