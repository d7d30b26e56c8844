import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../../test/app.ts';
import { locationMemberships, passwordResetTokens, users } from '../../db/schema/index.ts';
import { renderMail } from '../../platform/mail/templates.ts';
import { type ReceivedMail, type Smtp, startSmtp } from './auth.test-support.ts';

const ADMIN = 'admin@materieelportaal.nl';
const USER = 'uitvoerder@vandijk.nl';
const OTHER = 'm.hendriks@vandijk.nl';
const PUBLIC_URL = 'http://portal.test';

let t: TestApp;
let smtp: Smtp;
let now = Date.now();
const MINUTE = 60_000;
function advance(ms: number) {
  now += ms;
  t.setNow(new Date(now));
}
let addressNo = 0;
const nextAddress = () => `10.7.${Math.floor(addressNo / 250)}.${(addressNo++ % 250) + 1}`;

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers, remoteAddress: nextAddress() });
const login = (email: string, password: string) => post('/api/v2.0/Auth/login', { email, password });
const forgot = (email: string) => post('/api/v2.0/Auth/forgot-password', { email });
const reset = (token: string, password: string) => post('/api/v2.0/Auth/reset-password', { token, password });
const refresh = (refreshToken: string) => post('/api/v2.0/Auth/refresh-login', { refreshToken });

function tokenFrom(mail: ReceivedMail): string {
  const m = /http:\/\/portal\.test\/wachtwoord-resetten\?token=([A-Za-z0-9_-]+)/.exec(mail.body);
  if (!m) throw new Error(`no reset link in ${mail.body}`);
  return m[1];
}

async function resetMail(email: string): Promise<string> {
  const since = smtp.mails.length;
  expect((await forgot(email)).statusCode).toBe(202);
  return tokenFrom(await smtp.waitFor(email, (m) => m.body.includes('/wachtwoord-resetten?token='), since));
}

beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({ env: { SMTP_URL: smtp.url, PUBLIC_URL } });
  t.setNow(new Date(now));
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('forgot and reset password', () => {
  it('mails a single-use link through SMTP; the new password works, the token does not twice', async () => {
    const before = (await login(USER, DEMO_PASSWORD)).json();
    const mailsBefore = smtp.mails.length;
    expect((await forgot(USER)).statusCode).toBe(202);
    const mail = await smtp.waitFor(USER, () => true, mailsBefore);
    expect(mail.subject).toBe('Wachtwoord opnieuw instellen');
    expect(mail.body).toMatch(/\b60\b/);
    const token = tokenFrom(mail);
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);

    // the database holds only its sha-256
    const rows = await t.deps.db.execute(sql`select * from password_reset_tokens`);
    expect(JSON.stringify(rows.rows)).not.toContain(token);
    const [row] = await t.deps.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.tokenHash, createHash('sha256').update(token).digest('hex')));
    expect(row).toBeDefined();
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(60 * MINUTE);

    const r = await reset(token, 'Nieuw wachtwoord voor de kraan');
    expect(r.statusCode, r.body).toBe(204);
    expect((await login(USER, 'Nieuw wachtwoord voor de kraan')).statusCode).toBe(200);
    expect((await login(USER, DEMO_PASSWORD)).statusCode).toBe(401);
    // every session ended
    expect((await refresh(before.refreshToken)).statusCode).toBe(401);

    const again = await reset(token, 'Nog een ander wachtwoord 2');
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('error.reset_token_ongeldig');
    expect((await login(USER, 'Nog een ander wachtwoord 2')).statusCode).toBe(401);
  });

  it('refuses an expired token and one that never existed', async () => {
    const token = await resetMail(OTHER);
    advance(61 * MINUTE);
    const late = await reset(token, 'Graafmachine-2026-op-tijd');
    expect(late.statusCode).toBe(400);
    expect(late.json().code).toBe('error.reset_token_ongeldig');
    const fake = await reset('A'.repeat(43), 'Graafmachine-2026-op-tijd');
    expect(fake.statusCode).toBe(400);
    expect(fake.body).toBe(late.body);
  });

  it('checks the new password first and keeps the token usable after a refused one', async () => {
    advance(16 * MINUTE);
    const token = await resetMail(OTHER);
    const common = await reset(token, 'welkom01');
    expect(common.statusCode).toBe(400);
    expect(common.json().details.fields.password.code).toBe('validation.wachtwoord_te_gewoon');
    const short = await reset(token, 'Kort-1!');
    expect(short.json().details.fields.password.code).toBe('validation.wachtwoord_te_kort');
    expect((await reset(token, 'Hoogwerker huren bij de Zuidas')).statusCode).toBe(204);
  });

  it('answers known and unknown addresses the same', async () => {
    const answers = new Set<string>();
    for (let i = 0; i < 50; i++) {
      for (const email of [ADMIN, `onbekend${i}@vandijk.nl`]) {
        const r = await forgot(email);
        answers.add(`${r.statusCode} ${r.body}`);
      }
    }
    expect(answers.size).toBe(1);
    expect([...answers][0]).toMatch(/^202 /);
    // Timing (the mail work runs in the background) is measured by `npm run bench:auth`, not here.
    // at most a few mails per account per window: no mail bombing through this form
    await new Promise((r) => setTimeout(r, 500));
    expect(
      smtp.mails.filter((m) => m.to.includes(ADMIN) && m.subject === 'Wachtwoord opnieuw instellen').length,
    ).toBeLessThanOrEqual(3);
  }, 60_000);

  it('throttles one address asking too often', async () => {
    advance(16 * MINUTE);
    const statuses: number[] = [];
    for (let i = 0; i < 15; i++) {
      const r = await t.app.inject({
        method: 'POST',
        url: '/api/v2.0/Auth/forgot-password',
        payload: { email: `x${i}@example.com` },
        remoteAddress: '192.0.2.50',
        headers: { 'x-forwarded-for': `198.51.100.${i}` },
      });
      statuses.push(r.statusCode);
    }
    expect(statuses.slice(0, 10).every((s) => s === 202)).toBe(true);
    expect(statuses.slice(10).every((s) => s === 429)).toBe(true);
  });

  it('works through the legacy calls too', async () => {
    advance(16 * MINUTE);
    const since = smtp.mails.length;
    const r = await post('/api/Gebruiker/WachtwoordVergeten', { email: 'directie@vandijk.nl' });
    expect(r.statusCode).toBe(202);
    const token = tokenFrom(await smtp.waitFor('directie@vandijk.nl', () => true, since));
    const done = await post('/api/Gebruiker/WachtwoordResetten', {
      token,
      wachtwoord: 'Een lang wachtwoord voor het bestuur',
    });
    expect(done.statusCode).toBe(204);
    expect((await login('directie@vandijk.nl', 'Een lang wachtwoord voor het bestuur')).statusCode).toBe(200);
  });
});

describe('change password and the password policy', () => {
  const EMAIL = 'projectleider@infranoord.nl';
  let current = DEMO_PASSWORD;
  async function change(newPassword: string, currentPassword = current, legacy = false) {
    const session = await login(EMAIL, current);
    expect(session.statusCode).toBe(200);
    const headers = { authorization: `Bearer ${session.json().accessToken}` };
    const r = legacy
      ? await post(
          '/api/Gebruiker/WachtwoordWijzigen',
          { huidigWachtwoord: currentPassword, nieuwWachtwoord: newPassword },
          headers,
        )
      : await post('/api/v2.0/Auth/change-password', { currentPassword, newPassword }, headers);
    if (r.statusCode === 200) current = newPassword;
    return r;
  }

  it('refuses 7 characters and 20 common passwords; accepts 64 and 128', async () => {
    advance(16 * MINUTE);
    const seven = await change('Kr@an7x');
    expect(seven.statusCode).toBe(400);
    expect(seven.json().details.fields.newPassword.code).toBe('validation.wachtwoord_te_kort');
    const common = [
      '123456789',
      '12345678',
      'password',
      'password1',
      'qwertyuiop',
      'iloveyou',
      'sunshine',
      'princess',
      'football',
      'baseball',
      'welkom01',
      'welkom123',
      'wachtwoord',
      'Wachtwoord1',
      'Password123',
      'P@ssw0rd',
      'qwerty123',
      '1q2w3e4r5t',
      'trustno1',
      'feyenoord1908',
    ];
    for (const p of common) {
      const r = await change(p);
      expect(r.statusCode, p).toBe(400);
      expect(r.json().details.fields.newPassword.code).toBe('validation.wachtwoord_te_gewoon');
    }
    const long64 = 'Betonstorten op de bouwplaats begint om zeven uur, met de pomp. 1';
    expect([...long64].length).toBe(65);
    const exactly64 = long64.slice(0, 64);
    expect((await change(exactly64)).statusCode).toBe(200);
    const exactly128 = `${exactly64}${exactly64.split('').reverse().join('')}`;
    expect(exactly128.length).toBe(128);
    expect((await change(exactly128)).statusCode).toBe(200);
    expect((await change(`${exactly128}x`)).statusCode).toBe(400);
  }, 60_000);

  it('verifies passwords exactly as typed: a trailing space is another password', async () => {
    const typed = 'Steigerbouw met spatie aan het eind ';
    expect((await change(typed, current, true)).statusCode).toBe(200);
    expect((await login(EMAIL, typed.trimEnd())).statusCode).toBe(401);
    expect((await login(EMAIL, ` ${typed}`)).statusCode).toBe(401);
    expect((await login(EMAIL, typed)).statusCode).toBe(200);
  });

  it('refuses a wrong current password, naming the field', async () => {
    const r = await change('Een prima nieuw wachtwoord', 'niet-het-huidige');
    expect(r.statusCode).toBe(400);
    expect(r.json().details.fields.currentPassword.code).toBe('WachtwoordWijzigen.huidig_onjuist');
    const anonymous = await post('/api/v2.0/Auth/change-password', {
      currentPassword: 'a',
      newPassword: 'b',
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('registration', () => {
  it('creates an external user without locations and tells the department; a taken address answers the same', async () => {
    advance(16 * MINUTE);
    const since = smtp.mails.length;
    const payload = {
      name: 'Bram <b>Bouwer</b>',
      email: 'bram@bouwbedrijf-bouwer.nl',
      password: 'Een brug bouwen in Zwolle',
      company: 'Bouwer & Zn <script>alert(1)</script>',
      phone: '06 11 22 33 44',
    };
    const first = await post('/api/v2.0/Auth/register', payload);
    expect(first.statusCode).toBe(202);
    const [created] = await t.deps.db.select().from(users).where(eq(users.email, payload.email));
    expect(created).toMatchObject({
      kind: 'external',
      role: 'user',
      customerId: null,
      disabled: false,
      permissions: [],
    });
    const memberships = await t.deps.db
      .select()
      .from(locationMemberships)
      .where(eq(locationMemberships.userId, created.id));
    expect(memberships).toHaveLength(0);
    const notice = await smtp.waitFor(null, (m) => m.subject.startsWith('Nieuwe accountaanvraag'), since);
    expect(notice.subject).toBe('Nieuwe accountaanvraag: Bram <b>Bouwer</b>');
    const htmlPart = notice.body.slice(notice.body.indexOf('Content-Type: text/html'));
    expect(htmlPart).toContain('Bouwer &amp; Zn &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(htmlPart).not.toContain('<script>');
    expect(htmlPart).not.toContain('<b>Bouwer');
    // The account waits for the department: no sign-in (so it sees only what a visitor sees) until approved.
    expect(created.approvedAt).toBeNull();
    const pending = await login(payload.email, payload.password);
    expect(pending.statusCode).toBe(403);
    expect(pending.json().code).toBe('error.account_wacht_op_goedkeuring');
    const asUser = await t.app.inject({
      method: 'POST',
      url: `/api/v2.0/Users/${created.id}/approve`,
      headers: await t.auth('uitvoerder@vandijk.nl'),
    });
    expect(asUser.statusCode).toBe(403);
    const approved = await t.app.inject({
      method: 'POST',
      url: `/api/v2.0/Users/${created.id}/approve`,
      headers: await t.auth('admin@materieelportaal.nl'),
    });
    expect(approved.statusCode).toBe(204);
    expect((await login(payload.email, payload.password)).statusCode).toBe(200);

    const since2 = smtp.mails.length;
    const second = await post('/api/v2.0/Auth/register', {
      ...payload,
      name: 'Iemand Anders',
      password: 'Een heel ander wachtwoord!',
    });
    expect(second.statusCode).toBe(first.statusCode);
    expect(second.body).toBe(first.body);
    const existing = await smtp.waitFor(payload.email, () => true, since2);
    expect(existing.subject).toContain('al een account');
    expect((await login(payload.email, 'Een heel ander wachtwoord!')).statusCode).toBe(401);

    const legacy = await post('/api/Gebruiker/Registreren', {
      naam: 'Lies Legacy',
      email: 'lies@legacy.nl',
      telefoon: '0612345678',
    });
    expect(legacy.statusCode).toBe(202);
    const [lies] = await t.deps.db.select().from(users).where(eq(users.email, 'lies@legacy.nl'));
    expect(lies).toMatchObject({ name: 'Lies Legacy', phone: '0612345678', passwordHash: null });
  });

  it('refuses extra fields (mass assignment) and a weak password', async () => {
    const extra = await post('/api/v2.0/Auth/register', {
      name: 'X',
      email: 'x@x.nl',
      role: 'admin',
      customerId: 'c',
    });
    expect(extra.statusCode).toBe(400);
    const weak = await post('/api/v2.0/Auth/register', { name: 'X', email: 'x@x.nl', password: 'password1' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().details.fields.password.code).toBe('validation.wachtwoord_te_gewoon');
    const header = await post('/api/v2.0/Auth/register', {
      name: 'Evil\r\nBcc: victim@example.com',
      email: 'e@e.nl',
    });
    expect(header.statusCode).toBe(400);
    expect(header.json().details.fields.name.code).toBe('validation.ongeldig_formaat');
  });

  it('answers 403 error.registratie_uit when Registratie_Tonen is off', async () => {
    const off = await t.app.inject({
      method: 'POST',
      url: '/api/v2.0/Settings',
      headers: await t.auth(ADMIN),
      payload: { key: 'Registratie_Tonen', value: false },
    });
    expect(off.statusCode).toBe(204);
    const r = await post('/api/v2.0/Auth/register', { name: 'Y', email: 'y@y.nl' });
    expect(r.statusCode).toBe(403);
    expect(r.json().code).toBe('error.registratie_uit');
    const legacy = await post('/api/Gebruiker/Registreren', { naam: 'Y', email: 'y@y.nl' });
    expect(legacy.statusCode).toBe(403);
  });
});

describe('mail templates', () => {
  it('escapes placeholder values, keeps the subject one line, and prefers the admin template', async () => {
    const html = await renderMail(t.deps.db, 'UserForgotPassword', 'en-US', {
      name: '<img src=x onerror=alert(1)>',
      link: 'http://portal.test/x?a=1&b="2"',
      minutes: 60,
      portal: 'Materieelportaal',
    });
    expect(html.subject).toBe('Reset your password');
    expect(html.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html.html).not.toContain('<img');
    expect(html.html).toContain('href="http://portal.test/x?a=1&amp;b=&quot;2&quot;"');

    // a CR/LF in a value never starts another header: the subject is one line (issue #31 item 11)
    const injected = await renderMail(t.deps.db, 'NewUserRequest', 'nl-NL', {
      name: 'Evil\r\nBcc: victim@example.com',
      email: 'e@e.nl',
      company: 'c',
    });
    expect(injected.subject).toBe('Nieuwe accountaanvraag: Evil Bcc: victim@example.com');

    await t.deps.db.execute(
      sql`insert into mail_templates (type, locale, subject, html) values ('UserForgotPassword', 'nl-NL', 'Eigen onderwerp voor {{name}}', '<p>Hallo {{name}}, klik <a href="{{link}}">hier</a></p>')
          on conflict (type, locale) do update set subject = excluded.subject, html = excluded.html`,
    );
    const own = await renderMail(t.deps.db, 'UserForgotPassword', 'nl-NL', {
      name: 'Jan & <Piet>',
      link: 'http://portal.test/r',
    });
    expect(own.subject).toBe('Eigen onderwerp voor Jan & <Piet>');
    expect(own.html).toBe(
      '<p>Hallo Jan &amp; &lt;Piet&gt;, klik <a href="http://portal.test/r">hier</a></p>',
    );
    expect(own.text).toContain('Hallo Jan & <Piet>');
  });
});
