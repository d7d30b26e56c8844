import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../../test/app.ts';
import { ADMIN, EXTERNAL, READONLY, USER, userId } from '../order-lists/ordering.test-support.ts';

// Issue #14 parts 5–7: user management over HTTP on a real database — who manages whom (admin, key user, anyone
// else), create with an invitation (single use, expiring), edit, delete (sessions end at once), approve/reject,
// the sync, the legacy Gebruiker calls and the import (all or nothing, re-import changes nothing).

/** Key user of Infra Noord (K-10112). */
const KEY = 'sleutel@infranoord.nl';
/** Infra Noord's other user (in the key user's reach). */
const KEY_TARGET = 'a.postma@infranoord.nl';
const PUBLIC_URL = 'http://portal.test';
// biome-ignore lint/suspicious/noExplicitAny: JSON answers, read field by field
type Json = Record<string, any>;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL } });
});
afterAll(async () => {
  await t?.close();
});

async function call(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  email: string | null,
  body?: unknown,
) {
  return t.app.inject({
    method,
    url,
    ...(body === undefined ? {} : { payload: body as object }),
    headers: email ? await t.auth(email) : {},
  });
}

async function customerId(no: string): Promise<string> {
  const r = await t.database.db.execute<{ id: string }>(
    sql`select id from customers where customer_no = ${no}`,
  );
  return r.rows[0].id;
}

async function userRow(email: string) {
  const r = await t.database.db.execute<Json>(
    sql`select u.*, (select count(*)::int from location_memberships m where m.user_id = u.id) as locations
    from users u where lower(email) = lower(${email})`,
  );
  return r.rows[0];
}

async function lastMail(to: string, type: string): Promise<Json | undefined> {
  const r = await t.database.db.execute<Json>(sql`
    select subject, html, locale from mail_outbox where lower("to") = lower(${to}) and type = ${type}
    order by created_at desc limit 1`);
  return r.rows[0];
}

const tokenIn = (html: string) => {
  const m = /wachtwoord-resetten\?token=([A-Za-z0-9_-]+)(?:&amp;|&)uitnodiging=1/.exec(html);
  if (!m) throw new Error(`no invitation link in ${html}`);
  return m[1];
};

const form = async (over: Json = {}) => ({
  email: 'nieuw@infranoord.nl',
  name: 'Nieuwe Collega',
  phone: '06 12 12 12 12',
  language: 'nl-NL',
  kind: 'external',
  customerId: await customerId('K-10112'),
  permissions: [],
  locations: [{ locationNo: 'P-24009', role: 'user' }],
  ...over,
});

describe('who may manage users', () => {
  it('lists every user for an admin, only its own customer’s non-admins for a key user, 403 for anyone else', async () => {
    const all = await call('GET', '/api/v2.0/Users?pageSize=100', ADMIN);
    expect(all.statusCode).toBe(200);
    expect(all.json().items.map((u: Json) => u.email)).toContain(ADMIN);
    const own = await call('GET', '/api/v2.0/Users?pageSize=100', KEY);
    expect(own.statusCode).toBe(200);
    const emails = own.json().items.map((u: Json) => u.email);
    expect(emails).toContain(KEY_TARGET);
    expect(emails.every((e: string) => e.endsWith('@infranoord.nl'))).toBe(true);
    for (const who of [USER, EXTERNAL, READONLY]) {
      const r = await call('GET', '/api/v2.0/Users', who);
      expect(r.statusCode).toBe(403);
      expect(r.json().code).toBe('error.geen_toegang');
    }
    expect((await call('GET', '/api/v2.0/Users', null)).statusCode).toBe(401);
  });

  it('every user call refuses internal, external and read-only users with 403 (nothing changes)', async () => {
    const id = await userId(t, KEY_TARGET);
    const body = await form({ email: KEY_TARGET });
    const content = Buffer.from('e-mail;naam\nx@y.nl;X').toString('base64');
    const cases: Array<[Parameters<typeof call>[0], string, unknown]> = [
      ['GET', '/api/v2.0/Users', undefined],
      ['GET', '/api/v2.0/Users/options', undefined],
      ['GET', '/api/v2.0/Users/syncusers', undefined],
      ['GET', `/api/v2.0/Users/${id}`, undefined],
      ['POST', '/api/v2.0/Users', await form({ email: 'nooit@infranoord.nl' })],
      ['PUT', `/api/v2.0/Users/${id}`, body],
      ['DELETE', `/api/v2.0/Users/${id}`, undefined],
      ['POST', `/api/v2.0/Users/${id}/approve`, undefined],
      ['POST', `/api/v2.0/Users/${id}/reject`, undefined],
      ['POST', `/api/v2.0/Users/${id}/invite`, undefined],
      ['POST', '/api/v2.0/Users/import/preview', { content }],
      ['POST', '/api/v2.0/Users/import', { content }],
      ['POST', '/api/Gebruiker/GetGebruikers', {}],
      ['POST', '/api/Gebruiker/GebruikerAanmaken', await form({ email: 'nooit@infranoord.nl' })],
      ['POST', '/api/Gebruiker/GebruikerWijzigen', { ...body, id }],
      ['POST', '/api/Gebruiker/GebruikerVerwijderen', { id }],
      ['POST', '/api/Gebruiker/SyncGebruikers', undefined],
    ];
    const before = await userRow(KEY_TARGET);
    for (const who of [USER, EXTERNAL, READONLY]) {
      for (const [method, url, payload] of cases) {
        const r = await call(method, url, who, payload);
        expect(r.statusCode, `${who} ${method} ${url}`).toBe(403);
      }
    }
    expect(await userRow('nooit@infranoord.nl')).toBeUndefined();
    expect((await userRow(KEY_TARGET)).updated_at).toEqual(before.updated_at);
  });

  it('tells the form what the caller may hand out', async () => {
    const admin = (await call('GET', '/api/v2.0/Users/options', ADMIN)).json();
    expect(admin).toMatchObject({ customerId: null, kind: null, canMakeAdmin: true });
    expect(admin.grantable).toEqual(expect.arrayContaining(['keyuser', 'department', 'AppRapportage']));
    const key = (await call('GET', '/api/v2.0/Users/options', KEY)).json();
    expect(key).toMatchObject({
      customerId: await customerId('K-10112'),
      kind: 'external',
      canMakeAdmin: false,
    });
    expect(key.grantable).toContain('AppKlachten');
    expect(key.grantable).not.toContain('keyuser');
    expect(key.grantable).not.toContain('AppRapportage');
    expect((await call('GET', '/api/v2.0/Users/options', READONLY)).statusCode).toBe(403);
  });

  it('searches, sorts and pages on the server', async () => {
    const r = await call('GET', '/api/v2.0/Users?query=vandijk&sort=email&direction=desc&pageSize=2', ADMIN);
    const body = r.json();
    expect(body.total).toBeGreaterThanOrEqual(4);
    expect(body.items).toHaveLength(2);
    const [a, b] = body.items.map((u: Json) => u.email);
    expect(a > b).toBe(true);
    const page2 = await call(
      'GET',
      '/api/v2.0/Users?query=vandijk&sort=email&direction=desc&pageSize=2&page=2',
      ADMIN,
    );
    expect(page2.json().items[0].email < b).toBe(true);
    expect((await call('GET', '/api/v2.0/Users?sort=password', ADMIN)).statusCode).toBe(400);
  });

  it('a key user touching another customer’s user (or an admin) gets 404 and nothing changes', async () => {
    const foreign = await userId(t, USER);
    const admin = await userId(t, ADMIN);
    const before = await userRow(USER);
    expect((await call('GET', `/api/v2.0/Users/${foreign}`, KEY)).statusCode).toBe(404);
    expect((await call('GET', `/api/v2.0/Users/${admin}`, KEY)).statusCode).toBe(404);
    const put = await call(
      'PUT',
      `/api/v2.0/Users/${foreign}`,
      KEY,
      await form({
        email: USER,
        name: 'Overgenomen',
        customerId: await customerId('K-10112'),
        locations: [],
      }),
    );
    expect(put.statusCode).toBe(404);
    expect((await call('DELETE', `/api/v2.0/Users/${foreign}`, KEY)).statusCode).toBe(404);
    expect((await call('POST', `/api/v2.0/Users/${foreign}/approve`, KEY)).statusCode).toBe(404);
    const after = await userRow(USER);
    expect(after.name).toBe(before.name);
    expect(after.locations).toBe(before.locations);
    expect(after.updated_at).toEqual(before.updated_at);
  });

  it('a key user grants only what it holds, on its own customer, never admin or key user', async () => {
    const ownCustomer = await customerId('K-10112');
    const cases: Array<[Json, string]> = [
      [{ isAdmin: true }, 'isAdmin'],
      [{ customerId: await customerId('K-10045') }, 'customerId'],
      [{ kind: 'internal' }, 'kind'],
      [{ permissions: ['keyuser'] }, 'permissions'],
      [{ permissions: ['AppRapportage'] }, 'permissions'],
    ];
    for (const [over, field] of cases) {
      const r = await call(
        'POST',
        '/api/v2.0/Users?sendEmail=false',
        KEY,
        await form({ email: 'x1@infranoord.nl', ...over }),
      );
      expect(r.statusCode, field).toBe(422);
      expect(r.json().code).toBe('Gebruikers.niet_toegestaan');
      expect(r.json().details.field).toBe(field);
    }
    // a location of another customer reads as unknown
    const loc = await call(
      'POST',
      '/api/v2.0/Users?sendEmail=false',
      KEY,
      await form({ email: 'x1@infranoord.nl', locations: [{ locationNo: 'P-24001', role: 'user' }] }),
    );
    expect(loc.statusCode).toBe(422);
    expect(loc.json()).toMatchObject({
      code: 'Gebruikers.locatie_onbekend',
      details: { field: 'locations' },
    });
    expect(await userRow('x1@infranoord.nl')).toBeUndefined();
    const ok = await call(
      'POST',
      '/api/v2.0/Users?sendEmail=false',
      KEY,
      await form({ email: 'x1@infranoord.nl', customerId: ownCustomer, permissions: ['AppKlachten'] }),
    );
    expect(ok.statusCode).toBe(201);
    expect(ok.json().invited).toBe(false);
    expect(await userRow('x1@infranoord.nl')).toMatchObject({ permissions: ['AppKlachten'], locations: 1 });
  });
});

describe('create with an invitation', () => {
  it('mails a single-use link to set a password that expires; the user signs in with it', async () => {
    const r = await call('POST', '/api/v2.0/Users?sendEmail=true&language=en-US', ADMIN, await form());
    expect(r.statusCode).toBe(201);
    expect(r.json().invited).toBe(true);
    const row = await userRow('nieuw@infranoord.nl');
    expect(row).toMatchObject({ password_hash: null, locations: 1, role: 'user', kind: 'external' });
    expect(row.approved_at).not.toBeNull();
    const mail = await lastMail('nieuw@infranoord.nl', 'UserInvitation');
    expect(mail?.locale).toBe('en-US');
    expect(mail?.subject).toContain('account');
    const token = tokenIn(mail?.html);
    const tokens = await t.database.db.execute<Json>(
      sql`select purpose, expires_at - created_at as ttl from password_reset_tokens where user_id = ${row.id}`,
    );
    expect(tokens.rows[0].purpose).toBe('invitation');

    // the list shows the user as invited
    const list = await call('GET', '/api/v2.0/Users?query=nieuw@infranoord.nl', ADMIN);
    expect(list.json().items[0]).toMatchObject({ invited: true, pending: false, locationCount: 1 });

    const password = 'Bruggen bouwen over de Zuiderzee';
    const set = await call('POST', '/api/v2.0/Auth/reset-password', null, { token, password });
    expect(set.statusCode, set.body).toBe(204);
    const login = await call('POST', '/api/v2.0/Auth/login', null, {
      email: 'nieuw@infranoord.nl',
      password,
    });
    expect(login.statusCode).toBe(200);
    // single use
    const again = await call('POST', '/api/v2.0/Auth/reset-password', null, {
      token,
      password: `${password}!`,
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('error.reset_token_ongeldig');
  });

  it('an invitation link expires after 72 hours', async () => {
    const r = await call('POST', '/api/v2.0/Users', ADMIN, await form({ email: 'laat@infranoord.nl' }));
    expect(r.statusCode).toBe(201);
    const token = tokenIn((await lastMail('laat@infranoord.nl', 'UserInvitation'))?.html);
    t.setNow(new Date(Date.now() + 73 * 3600 * 1000));
    try {
      const set = await call('POST', '/api/v2.0/Auth/reset-password', null, {
        token,
        password: 'Bruggen bouwen over de Zuiderzee',
      });
      expect(set.statusCode).toBe(400);
      expect(set.json().code).toBe('error.reset_token_ongeldig');
    } finally {
      t.setNow(new Date());
    }
  });

  it('invites again: the new link works, the earlier one no longer; not twice a minute, not for who can sign in', async () => {
    const r = await call('POST', '/api/v2.0/Users', ADMIN, await form({ email: 'opnieuw@infranoord.nl' }));
    expect(r.statusCode).toBe(201);
    const id = r.json().id;
    const first = tokenIn((await lastMail('opnieuw@infranoord.nl', 'UserInvitation'))?.html);
    // within a minute of the first: refused, and the first link still works
    const soon = await call('POST', `/api/v2.0/Users/${id}/invite`, ADMIN);
    expect(soon.statusCode).toBe(422);
    expect(soon.json()).toMatchObject({
      code: 'Gebruikers.uitnodiging_net_verstuurd',
      details: { field: 'id' },
    });
    expect(soon.json().message).toContain('minuut');
    t.setNow(new Date(Date.now() + 2 * 60_000));
    try {
      // a key user reaches its own customer's users only: another customer's user answers 404
      const foreign = await call('POST', `/api/v2.0/Users/${await userId(t, USER)}/invite`, KEY);
      expect(foreign.statusCode).toBe(404);
      const again = await call('POST', `/api/v2.0/Users/${id}/invite?language=de-DE`, KEY);
      expect(again.statusCode, again.body).toBe(204);
      const mail = await lastMail('opnieuw@infranoord.nl', 'UserInvitation');
      expect(mail?.locale).toBe('de-DE');
      const second = tokenIn(mail?.html);
      expect(second).not.toBe(first);
      const password = 'Bruggen bouwen over de Zuiderzee';
      const old = await call('POST', '/api/v2.0/Auth/reset-password', null, { token: first, password });
      expect(old.statusCode).toBe(400);
      expect(old.json().code).toBe('error.reset_token_ongeldig');
      const set = await call('POST', '/api/v2.0/Auth/reset-password', null, { token: second, password });
      expect(set.statusCode, set.body).toBe(204);
      // now the user can sign in: no invitation, and no mail
      const outbox = async () =>
        (
          await t.database.db.execute<Json>(
            sql`select count(*)::int as n from mail_outbox where lower("to") = 'opnieuw@infranoord.nl'`,
          )
        ).rows[0].n;
      const mails = await outbox();
      const done = await call('POST', `/api/v2.0/Users/${id}/invite`, ADMIN);
      expect(done.statusCode).toBe(422);
      expect(done.json().code).toBe('Gebruikers.uitnodiging_niet_nodig');
      expect(await outbox()).toBe(mails);
    } finally {
      t.setNow(new Date());
    }
  });

  it('does not invite a blocked user again', async () => {
    const r = await call(
      'POST',
      '/api/v2.0/Users?sendEmail=false',
      ADMIN,
      await form({ email: 'dicht@infranoord.nl' }),
    );
    const id = r.json().id;
    const put = await call(
      'PUT',
      `/api/v2.0/Users/${id}`,
      ADMIN,
      await form({ email: 'dicht@infranoord.nl', disabled: true }),
    );
    expect(put.statusCode, put.body).toBe(204);
    const blocked = await call('POST', `/api/v2.0/Users/${id}/invite`, ADMIN);
    expect(blocked.statusCode).toBe(422);
    expect(blocked.json().code).toBe('Gebruikers.uitnodiging_geblokkeerd');
    const tokens = await t.database.db.execute<Json>(
      sql`select count(*)::int as n from password_reset_tokens where user_id = ${id}`,
    );
    expect(tokens.rows[0].n).toBe(0);
  });

  it('refuses a taken address (any case) on email and bad input per field', async () => {
    const taken = await call('POST', '/api/v2.0/Users', ADMIN, await form({ email: USER.toUpperCase() }));
    expect(taken.statusCode).toBe(422);
    expect(taken.json()).toMatchObject({ code: 'Gebruikers.email_bestaat', details: { field: 'email' } });
    const bad = await call(
      'POST',
      '/api/v2.0/Users',
      ADMIN,
      await form({ email: 'geen-adres', language: 'xx' }),
    );
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().details.fields)).toEqual(expect.arrayContaining(['email', 'language']));
    for (const who of [USER, EXTERNAL, READONLY]) {
      expect((await call('POST', '/api/v2.0/Users', who, await form({ email: 'z@z.nl' }))).statusCode).toBe(
        403,
      );
    }
  });
});

describe('edit and delete', () => {
  it('an admin edits name, kind, customer, locations, areas and roles; the answer reads it back', async () => {
    const id = await userId(t, 'm.hendriks@vandijk.nl');
    const r = await call('PUT', `/api/v2.0/Users/${id}`, ADMIN, {
      email: 'm.hendriks@vandijk.nl',
      name: 'Mark Hendriks-de Vries',
      phone: null,
      language: 'de-DE',
      kind: 'internal',
      customerId: await customerId('K-10045'),
      permissions: ['AppRapportage', 'keyuser'],
      locations: [
        { locationNo: 'P-24003', role: 'administration' },
        { locationNo: 'P-24004', role: 'user' },
      ],
    });
    expect(r.statusCode).toBe(204);
    const got = (await call('GET', `/api/v2.0/Users/${id}`, ADMIN)).json();
    expect(got).toMatchObject({
      name: 'Mark Hendriks-de Vries',
      language: 'de-DE',
      isKeyUser: true,
      permissions: ['AppRapportage', 'keyuser'],
      locations: [
        { locationNo: 'P-24003', role: 'administration' },
        { locationNo: 'P-24004', role: 'user' },
      ],
    });
  });

  it('a key user editing keeps what an admin granted beyond its hand', async () => {
    const id = await userId(t, KEY_TARGET);
    await t.database.db.execute(sql`update users set permissions = '{management}' where id = ${id}`);
    const r = await call('PUT', `/api/v2.0/Users/${id}`, KEY, {
      email: KEY_TARGET,
      name: 'Anouk Postma',
      language: 'en-US',
      kind: 'external',
      customerId: await customerId('K-10112'),
      permissions: ['AppKlachten'],
      locations: [{ locationNo: 'P-24010', role: 'user' }],
    });
    expect(r.statusCode).toBe(204);
    expect((await userRow(KEY_TARGET)).permissions).toEqual(['management', 'AppKlachten']);
  });

  it('an admin cannot delete, disable or demote itself', async () => {
    const me = await userId(t, ADMIN);
    const del = await call('DELETE', `/api/v2.0/Users/${me}`, ADMIN);
    expect(del.statusCode).toBe(422);
    expect(del.json().code).toBe('Gebruikers.zelf_niet');
    const demote = await call('PUT', `/api/v2.0/Users/${me}`, ADMIN, {
      email: ADMIN,
      name: 'Annemiek Beheerder',
      language: 'nl-NL',
      kind: 'internal',
      customerId: null,
      isAdmin: false,
    });
    expect(demote.statusCode).toBe(422);
    expect(demote.json().details.field).toBe('isAdmin');
    expect((await userRow(ADMIN)).role).toBe('admin');
  });

  it('deleting a user ends its sessions at once: its access token gets 401 on the next call', async () => {
    await call('POST', '/api/v2.0/Users?sendEmail=false', ADMIN, await form({ email: 'weg@infranoord.nl' }));
    await t.database.db.execute(
      sql`update users set password_hash = (select password_hash from users where email = ${USER}) where email = 'weg@infranoord.nl'`,
    );
    const login = await call('POST', '/api/v2.0/Auth/login', null, {
      email: 'weg@infranoord.nl',
      password: DEMO_PASSWORD,
    });
    expect(login.statusCode).toBe(200);
    const access = { authorization: `Bearer ${login.json().accessToken}` };
    expect((await t.app.inject({ url: '/api/v2.0/Users/me', headers: access })).statusCode).toBe(200);
    const id = login.json().user.id;
    expect((await call('DELETE', `/api/v2.0/Users/${id}`, KEY)).statusCode).toBe(204);
    const after = await t.app.inject({ url: '/api/v2.0/Users/me', headers: access });
    expect(after.statusCode).toBe(401);
    expect(await userRow('weg@infranoord.nl')).toBeUndefined();
    expect((await call('DELETE', `/api/v2.0/Users/${id}`, ADMIN)).statusCode).toBe(404);
  });

  it('disabling through the edit ends the sessions too', async () => {
    const id = await userId(t, 'x1@infranoord.nl');
    const token = await t.auth('x1@infranoord.nl');
    const r = await call('PUT', `/api/v2.0/Users/${id}`, ADMIN, {
      ...(await form({ email: 'x1@infranoord.nl' })),
      disabled: true,
    });
    expect(r.statusCode).toBe(204);
    expect((await t.app.inject({ url: '/api/v2.0/Users/me', headers: token })).statusCode).toBe(401);
  });
});

describe('registration waits for approval', () => {
  it('the pending filter lists it; approve mails the user, reject removes another', async () => {
    for (const email of ['wacht1@bouwer.nl', 'wacht2@bouwer.nl']) {
      const r = await call('POST', '/api/v2.0/Auth/register', null, { name: email, email });
      expect(r.statusCode).toBe(202);
    }
    const pending = await call('GET', '/api/v2.0/Users?pending=true', ADMIN);
    const emails = pending.json().items.map((u: Json) => u.email);
    expect(emails).toEqual(expect.arrayContaining(['wacht1@bouwer.nl', 'wacht2@bouwer.nl']));
    expect(pending.json().items.every((u: Json) => u.pending)).toBe(true);
    // a key user does not see them (no customer yet)
    const keyView = await call('GET', '/api/v2.0/Users?pending=true', KEY);
    expect(keyView.json().items).toHaveLength(0);
    const [one, two] = await Promise.all([userId(t, 'wacht1@bouwer.nl'), userId(t, 'wacht2@bouwer.nl')]);
    expect((await call('POST', `/api/v2.0/Users/${one}/approve`, KEY)).statusCode).toBe(404);
    expect((await call('POST', `/api/v2.0/Users/${one}/approve`, ADMIN)).statusCode).toBe(204);
    expect((await lastMail('wacht1@bouwer.nl', 'UserApproved'))?.subject).toContain('goedgekeurd');
    expect((await call('POST', `/api/v2.0/Users/${one}/reject`, ADMIN)).json().code).toBe(
      'Gebruikers.niet_in_afwachting',
    );
    expect((await call('POST', `/api/v2.0/Users/${two}/reject`, ADMIN)).statusCode).toBe(204);
    expect(await userRow('wacht2@bouwer.nl')).toBeUndefined();
  });
});

describe('sync with the ERP', () => {
  it('says no ERP is configured and links customer-less users by e-mail domain; admins only', async () => {
    await call(
      'POST',
      '/api/v2.0/Users?sendEmail=false',
      ADMIN,
      await form({ email: 'los@vandijk.nl', customerId: null, locations: [] }),
    );
    const r = await call('GET', '/api/v2.0/Users/syncusers', ADMIN);
    expect(r.statusCode).toBe(200);
    expect(r.json().code).toBe('Gebruikers.sync_geen_erp');
    expect(r.json().relinked).toEqual([{ email: 'los@vandijk.nl', customerNo: 'K-10045' }]);
    expect((await userRow('los@vandijk.nl')).customer_id).toBe(await customerId('K-10045'));
    expect((await call('GET', '/api/v2.0/Users/syncusers', KEY)).statusCode).toBe(403);
    expect((await call('POST', '/api/Gebruiker/SyncGebruikers', ADMIN)).json().relinked).toEqual([]);
  });
});

describe('legacy Gebruiker calls', () => {
  it('GetGebruikers, GebruikerAanmaken, GebruikerWijzigen and GebruikerVerwijderen follow the same rules', async () => {
    const pending = await call('POST', '/api/Gebruiker/GetGebruikers', ADMIN, {
      pending: 'false',
      sort: 'email',
    });
    expect(pending.statusCode, pending.body).toBe(200);
    const empty = await call('POST', '/api/Gebruiker/GetGebruikers', ADMIN, {});
    expect(empty.statusCode, empty.body).toBe(200);
    const list = await call('POST', '/api/Gebruiker/GetGebruikers', KEY, { query: 'postma' });
    expect(list.json().items.map((u: Json) => u.email)).toEqual([KEY_TARGET]);
    expect((await call('POST', '/api/Gebruiker/GetGebruikers', USER, {})).statusCode).toBe(403);
    const created = await call('POST', '/api/Gebruiker/GebruikerAanmaken', ADMIN, {
      ...(await form({ email: 'legacy@infranoord.nl' })),
      sendEmail: false,
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    const changed = await call('POST', '/api/Gebruiker/GebruikerWijzigen', KEY, {
      ...(await form({ email: 'legacy@infranoord.nl', name: 'Legacy Twee' })),
      id,
    });
    expect(changed.statusCode).toBe(204);
    expect((await userRow('legacy@infranoord.nl')).name).toBe('Legacy Twee');
    const foreign = await userId(t, USER);
    expect((await call('POST', '/api/Gebruiker/GebruikerVerwijderen', KEY, { id: foreign })).statusCode).toBe(
      404,
    );
    expect((await call('POST', '/api/Gebruiker/GebruikerVerwijderen', KEY, { id })).statusCode).toBe(204);
  });
});

// ── import ─────────────────────────────────────────────────────────────────────────────────────────────

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

async function runImport(email: string, csv: string, sendEmail = false): Promise<Json> {
  const r = await call('POST', `/api/v2.0/Users/import?sendEmail=${sendEmail}`, email, { content: b64(csv) });
  expect(r.statusCode, r.body).toBe(202);
  for (let i = 0; i < 400; i++) {
    const job = (await call('GET', `/api/v2.0/Users/import/${r.json().id}`, email)).json();
    if (job.state !== 'running') return job;
    await new Promise((res) => setTimeout(res, 50));
  }
  throw new Error('import did not finish');
}

async function importedCount(prefix: string): Promise<number> {
  const r = await t.database.db.execute<{ n: number }>(
    sql`select count(*)::int as n from users where email like ${`${prefix}%`}`,
  );
  return r.rows[0].n;
}

describe('import', () => {
  const header = 'e-mail;naam;taal;soort;klantnummer;locaties';
  const good = (i: number) =>
    `imp${i}@infranoord.nl;Import ${i};nl;extern;K-10112;P-24009; P-24010:administratie`;

  it('reads an import whose server stopped midway as cut off (failed, with the reason), without writing', async () => {
    const admin = await userId(t, ADMIN);
    const rows = await t.database.db.execute<{ id: string; created_at: Date }>(sql`
      insert into user_imports (user_id, state, total, created_at)
      values (${admin}, 'running', 10, now() - interval '1 hour'), (${admin}, 'running', 10, now())
      returning id, created_at`);
    const [old, fresh] = [...rows.rows].sort((a, b) => +new Date(a.created_at) - +new Date(b.created_at));
    const cut = (await call('GET', `/api/v2.0/Users/import/${old.id}`, ADMIN)).json();
    expect(cut).toMatchObject({ state: 'failed', errorCode: 'Gebruikers.import.afgebroken' });
    expect(cut.errorMessage).toMatch(/afgebroken/);
    expect((await call('GET', `/api/v2.0/Users/import/${fresh.id}`, ADMIN)).json().state).toBe('running');
    // the read wrote nothing: the row itself still says running
    const stored = await t.database.db.execute<{ state: string }>(
      sql`select state from user_imports where id = ${old.id}`,
    );
    expect(stored.rows[0].state).toBe('running');
  });

  it('previews per row: bad e-mail, duplicate, unknown location and customer, a key user’s reach', async () => {
    const csv = [
      header,
      good(1),
      'geen-adres;X;nl;extern;K-10112;',
      `imp1@infranoord.nl;Dubbel;nl;extern;K-10112;`,
      'imp3@infranoord.nl;Y;nl;extern;K-99999;',
      'imp4@infranoord.nl;Z;nl;extern;K-10112;P-00000',
      `${USER};Van Dijk;nl;intern;K-10045;`,
    ].join('\n');
    const adminR = await call('POST', '/api/v2.0/Users/import/preview', ADMIN, { content: b64(csv) });
    expect(adminR.statusCode, adminR.body).toBe(200);
    const admin = adminR.json();
    const errs = (row: number) => admin.rows.find((r: Json) => r.row === row).errors.map((e: Json) => e.code);
    expect(admin.rows[0].status).toBe('create');
    expect(errs(3)).toEqual(['Gebruikers.import.email_ongeldig']);
    expect(errs(4)).toEqual(['Gebruikers.import.dubbel']);
    expect(errs(5)).toEqual(['Gebruikers.import.klant_onbekend']);
    expect(errs(6)).toEqual(['Gebruikers.import.locatie_onbekend']);
    expect(admin.counts).toMatchObject({ create: 1, error: 4 });
    const key = (await call('POST', '/api/v2.0/Users/import/preview', KEY, { content: b64(csv) })).json();
    expect(key.rows.find((r: Json) => r.row === 7).errors.map((e: Json) => e.code)).toEqual(
      expect.arrayContaining(['Gebruikers.import.buiten_bereik']),
    );
    expect(await importedCount('imp')).toBe(0);
    const noColumns = await call('POST', '/api/v2.0/Users/import/preview', ADMIN, {
      content: b64('a;b\n1;2'),
    });
    expect(noColumns.json()).toMatchObject({
      code: 'Gebruikers.import.kolom_ontbreekt',
      details: { field: 'content' },
    });
    expect(
      (await call('POST', '/api/v2.0/Users/import/preview', USER, { content: b64(csv) })).statusCode,
    ).toBe(403);
  });

  it('10 bad rows among 1,000: nothing imported until fixed, then all; the same file again changes nothing', async () => {
    const rows = Array.from(
      { length: 1000 },
      (_, i) => `bulk${i}@infranoord.nl;Bulk ${i};en;extern;K-10112;P-24011`,
    );
    const bad = [...rows];
    for (let i = 0; i < 10; i++)
      bad[i * 97 + 5] = `bulk${i * 97 + 5}@infranoord.nl;Bulk;nl;extern;K-10112;P-99999`;
    const failed = await runImport(ADMIN, [header, ...bad].join('\n'));
    expect(failed.state).toBe('failed');
    expect(failed.errorCode).toBe('Gebruikers.import.fouten');
    expect(failed.rows).toHaveLength(10);
    expect(await importedCount('bulk')).toBe(0);

    const done = await runImport(ADMIN, [header, ...rows].join('\n'), true);
    expect(done).toMatchObject({ state: 'done', total: 1000, processed: 1000, created: 1000, invited: 1000 });
    expect(await importedCount('bulk')).toBe(1000);
    expect((await userRow('bulk7@infranoord.nl')).locations).toBe(1);
    const again = await runImport(ADMIN, [header, ...rows].join('\n'));
    expect(again).toMatchObject({ state: 'done', created: 0, updated: 0, unchanged: 1000, invited: 0 });
    const changed = [...rows];
    changed[3] = 'bulk3@infranoord.nl;Bulk drie;en;extern;K-10112;P-24011';
    expect(await runImport(ADMIN, [header, ...changed].join('\n'))).toMatchObject({
      updated: 1,
      unchanged: 999,
    });
  });

  it('reads an XLSX file too; someone else cannot read the progress', async () => {
    const { default: ExcelJS } = await import('exceljs');
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Gebruikers');
    ws.addRow(['Email', 'Name', 'Language', 'Kind', 'Customer', 'Locations']);
    ws.addRow(['xlsx1@infranoord.nl', 'Excel Een', 'fr', 'external', '', 'P-24012']);
    const content = Buffer.from(await wb.xlsx.writeBuffer()).toString('base64');
    const preview = (await call('POST', '/api/v2.0/Users/import/preview', KEY, { content })).json();
    expect(preview.rows[0]).toMatchObject({ status: 'create', errors: [] });
    const r = await call('POST', '/api/v2.0/Users/import', KEY, { content });
    const id = r.json().id;
    expect((await call('GET', `/api/v2.0/Users/import/${id}`, ADMIN)).statusCode).toBe(404);
    for (let i = 0; i < 100; i++) {
      const job = (await call('GET', `/api/v2.0/Users/import/${id}`, KEY)).json();
      if (job.state !== 'running') break;
      await new Promise((res) => setTimeout(res, 50));
    }
    expect(await userRow('xlsx1@infranoord.nl')).toMatchObject({
      language: 'fr-FR',
      customer_id: await customerId('K-10112'),
    });
  });
});
