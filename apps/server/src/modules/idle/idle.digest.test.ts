import { sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { COLLEAGUE, EXTERNAL, LOC, USER } from '../order-lists/ordering.test-support.ts';
import { type DigestDeps, isoWeek, runIdleDigest } from './idle.digest.ts';

// Issue #37 point 2 (decision 0034): the weekly digest of idle equipment, to the members who opted in, once per
// location and week across processes, with a signed unsubscribe link.

let t: TestApp;
let deps: DigestDeps;

const rows = async <T>(q: ReturnType<typeof sql>) => (await t.database.db.execute(q)).rows as T[];

beforeAll(async () => {
  t = await createTestApp();
  deps = {
    db: t.database.db,
    mailer: t.deps.mailer,
    loadSettings: t.deps.loadSettings,
    clock: () => new Date(),
    publicUrl: 'https://portaal.example',
    secret: t.deps.tokens.secret,
  };
  // something stands idle on P-24001 for sure: one plant's movements 40 days back
  await t.database.db.execute(sql`
    with p as (select p.id from plants p join plant_locations pl on pl.id = p.location_id
      where pl.location_no = ${LOC} order by p.plant_no limit 1)
    update inventory_ledger set entry_date = current_date - 40 where plant_id in (select id from p)`);
});
afterAll(async () => {
  await t?.close();
});

async function preference(email: string, enabled?: boolean) {
  return t.app.inject({
    method: enabled === undefined ? 'GET' : 'PUT',
    url: '/api/v2.0/Users/me/idle-digest',
    headers: await t.auth(email),
    ...(enabled === undefined ? {} : { payload: { enabled } }),
  });
}

type Mail = { to: string; subject: string; html: string; text: string; locale: string };
const digests = () =>
  rows<Mail>(
    sql`select "to", subject, html, text, locale from mail_outbox where type = 'IdleDigest' order by "to", subject`,
  );

/** The location numbers a user is a member of. */
const locationsOf = async (email: string) =>
  (
    await rows<{ no: string }>(sql`select pl.location_no as no from location_memberships m
      join users u on u.id = m.user_id join plant_locations pl on pl.id = m.location_id
      where lower(u.email) = ${email.toLowerCase()}`)
  ).map((r) => r.no);

describe('the idle digest preference', () => {
  it('is off until the user opts in on their own account; anonymous 401', async () => {
    expect((await preference(USER)).json()).toEqual({ enabled: false });
    expect((await preference(USER, true)).json()).toEqual({ enabled: true });
    expect((await preference(USER)).json()).toEqual({ enabled: true });
    expect((await preference(COLLEAGUE)).json()).toEqual({ enabled: false });
    expect((await t.app.inject({ url: '/api/v2.0/Users/me/idle-digest' })).statusCode).toBe(401);
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/v2.0/Users/me/idle-digest',
      headers: await t.auth(USER),
      payload: { enabled: 'yes' },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('the weekly digest job', () => {
  it('runs once across two workers and mails only the opted-in members, each about their own locations', async () => {
    await preference(USER, true);
    await preference(EXTERNAL, true);
    // two processes' runs of the same week at once, then a late retry
    const [a, b] = await Promise.all([runIdleDigest(deps), runIdleDigest(deps)]);
    expect(await runIdleDigest(deps)).toBe(0);
    const mails = await digests();
    expect(a + b).toBe(mails.length);
    expect(mails.length).toBeGreaterThan(0);
    // nobody who did not opt in
    expect(new Set(mails.map((m) => m.to.toLowerCase()))).toEqual(
      new Set(mails.map((m) => m.to.toLowerCase()).filter((to) => [USER, EXTERNAL].includes(to))),
    );
    expect(mails.some((m) => m.to.toLowerCase() === COLLEAGUE)).toBe(false);
    // one mail per user and location, each about a location of theirs
    const keys = mails.map((m) => `${m.to.toLowerCase()}|${m.subject}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const m of mails) {
      const mine = await locationsOf(m.to);
      expect(
        mine.some((no) => m.subject.includes(no)),
        m.subject,
      ).toBe(true);
    }
    const p24001 = mails.find((m) => m.to.toLowerCase() === USER && m.subject.includes(LOC));
    expect(p24001?.subject).toBe(
      `Stilstaand materieel op ${LOC} ${(await rows<{ d: string }>(sql`select description as d from plant_locations where location_no = ${LOC}`))[0]?.d}`,
    );
    expect(p24001?.html).toContain('<ul><li>');
    expect(p24001?.html).toContain('https://portaal.example/stilstand/afmelden?token=');
    const week = isoWeek(new Date().toISOString().slice(0, 10));
    expect(
      (
        await rows<{ n: number }>(sql`select count(*)::int as n from idle_digest_runs where week = ${week}`)
      )[0]?.n,
    ).toBeGreaterThan(0);
  });

  it('the unsubscribe link turns the digest off without signing in; a forged or broken token is refused', async () => {
    const mail = (await digests()).find((m) => m.to.toLowerCase() === USER);
    const token = decodeURIComponent(/afmelden\?token=([^"&<\s]+)/.exec(mail?.html ?? '')?.[1] ?? '');
    expect(token.length).toBeGreaterThan(20);
    const forged = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('00000000-0000-0000-0000-000000000001')
      .setAudience('idle-digest-unsubscribe')
      .sign(new TextEncoder().encode('another-secret-that-is-long-enough-0123456789abcdef'));
    for (const bad of [forged, `${token}x`, 'not-a-token-at-all']) {
      const r = await t.app.inject({
        method: 'POST',
        url: '/api/v2.0/IdleDigest/unsubscribe',
        payload: { token: bad },
      });
      expect(r.statusCode).toBe(400);
      expect(r.json().code).toBe('Stilstand.afmelden_ongeldig');
    }
    expect((await preference(USER)).json()).toEqual({ enabled: true });
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/v2.0/IdleDigest/unsubscribe',
      payload: { token },
    });
    expect(ok.statusCode).toBe(204);
    expect((await preference(USER)).json()).toEqual({ enabled: false });
  });
});
