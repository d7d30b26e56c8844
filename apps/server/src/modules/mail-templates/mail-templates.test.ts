import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { mailOutbox, mailTemplates } from '../../db/schema/index.ts';
import { renderMail } from '../../platform/mail/templates.ts';

const ADMIN = 'admin@materieelportaal.nl';
const SITE = 'uitvoerder@vandijk.nl';
const URL = '/api/v2.0/MailTemplates';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Method = 'GET' | 'PUT' | 'POST' | 'DELETE';
const call = async (method: Method, url: string, email: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: await t.auth(email) });

const stored = (type: 'UserForgotPassword' | 'UserInvitation', locale: 'nl-NL' | 'de-DE') =>
  t.deps.db
    .select()
    .from(mailTemplates)
    .where(and(eq(mailTemplates.type, type), eq(mailTemplates.locale, locale)));

describe('mail templates', () => {
  it('lists the five mail types, the order confirmation and the idle digest in four languages, with their placeholders', async () => {
    const r = await call('GET', URL, ADMIN);
    expect(r.statusCode).toBe(200);
    const { types } = r.json();
    expect(types.map((x: { type: string }) => x.type)).toEqual([
      'UserInvitation',
      'UserForgotPassword',
      'NewUserRequest',
      'NewPlantLocationRequest',
      'UnsubscribePlantLocation',
      'OrderConfirmation',
      'IdleDigest',
    ]);
    const digest = types.find((x: { type: string }) => x.type === 'IdleDigest');
    expect(digest.placeholders).toEqual(expect.arrayContaining(['location', 'lines', 'unsubscribe']));
    expect(digest.templates[0].html).toContain('{{unsubscribe}}');
    const forgot = types.find((x: { type: string }) => x.type === 'UserForgotPassword');
    expect(forgot.placeholders).toEqual(expect.arrayContaining(['name', 'link', 'minutes']));
    expect(forgot.templates.map((x: { locale: string }) => x.locale)).toEqual([
      'nl-NL',
      'en-US',
      'fr-FR',
      'de-DE',
    ]);
    // the seed stored the default texts: still the default until changed
    expect(forgot.templates.every((x: { isDefault: boolean }) => x.isDefault)).toBe(true);
    // the seed's texts use only known placeholders (so saving one unchanged is never refused)
    for (const type of types)
      for (const tpl of type.templates)
        for (const p of `${tpl.subject}${tpl.html}`.matchAll(/\{\{\s*(\w+)\s*\}\}/g))
          expect(type.placeholders, `${type.type} ${tpl.locale}`).toContain(p[1]);
  });

  it('saves a text cleaned by the mail allow-list, which the next mail of that type uses', async () => {
    const html =
      '<p>Hoi {{name}},</p><p><a href="{{link}}" style="background:#1C4E80;color:#ffffff;padding:10px 18px;position:fixed">Nieuw wachtwoord</a></p>' +
      '<p style="background:url(javascript:alert(1))">x</p><img src=x onerror=alert(1)><script>alert(1)</script>';
    const r = await call('PUT', `${URL}/UserForgotPassword/nl-NL`, ADMIN, {
      subject: 'Reset voor {{name}}',
      html,
    });
    expect(r.statusCode).toBe(200);
    const saved = r.json();
    expect(saved).toMatchObject({ type: 'UserForgotPassword', locale: 'nl-NL', isDefault: false });
    expect(saved.html).toContain('background:#1C4E80');
    expect(saved.html).toContain('padding:10px 18px');
    expect(saved.html).not.toMatch(/position|javascript|onerror|script/);
    const mail = await renderMail(t.deps.db, 'UserForgotPassword', 'nl-NL', {
      name: 'Ank <b>',
      link: 'https://x/y',
    });
    expect(mail.subject).toBe('Reset voor Ank <b>');
    expect(mail.html).toContain('Hoi Ank &lt;b&gt;,');
    expect(mail.html).toContain('href="https://x/y"');
  });

  it('refuses a placeholder the type does not fill in, per field, and changes nothing', async () => {
    const before = await stored('UserForgotPassword', 'nl-NL');
    const r = await call('PUT', `${URL}/UserForgotPassword/nl-NL`, ADMIN, {
      subject: 'Hallo {{voornaam}}',
      html: '<p>{{name}} {{ hours }} {{link}}</p>',
    });
    expect(r.statusCode).toBe(400);
    expect(r.json().details.fields).toEqual({
      subject: expect.objectContaining({
        code: 'MailTemplates.onbekende_placeholder',
        params: { names: '{{voornaam}}' },
      }),
      html: expect.objectContaining({
        code: 'MailTemplates.onbekende_placeholder',
        params: { names: '{{hours}}' },
      }),
    });
    expect(await stored('UserForgotPassword', 'nl-NL')).toEqual(before);
    // a subject with a line break would inject mail headers
    const header = await call('PUT', `${URL}/UserForgotPassword/nl-NL`, ADMIN, {
      subject: 'a\r\nBcc: x@y.z',
      html: '<p>x</p>',
    });
    expect(header.statusCode).toBe(400);
    // a text that cleans down to nothing
    const empty = await call('PUT', `${URL}/UserForgotPassword/nl-NL`, ADMIN, {
      subject: 'x',
      html: '<script>x</script>',
    });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().details.fields.html.code).toBe('MailTemplates.tekst_leeg');
    expect(await stored('UserForgotPassword', 'nl-NL')).toEqual(before);
  });

  it('previews an unsaved text with sample values in the language, storing nothing', async () => {
    const r = await call('POST', `${URL}/OrderConfirmation/de-DE/preview`, ADMIN, {
      subject: 'Auftrag {{requestNo}}',
      html: '<p>{{name}} — {{location}}</p>{{lines}}<p>{{rush}}</p>',
    });
    expect(r.statusCode).toBe(200);
    const p = r.json();
    expect(p.subject).toBe('Auftrag A-100234');
    expect(p.html).toContain('<table');
    expect(p.html).not.toContain('{{');
    expect(p.text).toContain('Jan de Vries');
    const bad = await call('POST', `${URL}/OrderConfirmation/de-DE/preview`, ADMIN, {
      subject: 'x',
      html: '<p>{{minutes}}</p>',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.fields.html.params.names).toBe('{{minutes}}');
  });

  it('sends a test mail to the administrator only', async () => {
    const r = await call('POST', `${URL}/UserInvitation/en-US/test`, ADMIN, {
      subject: 'Welcome to {{portal}}',
      html: '<p>Dear {{name}}, <a href="{{link}}">start</a> within {{hours}} hours.</p>',
    });
    expect(r.statusCode).toBe(202);
    expect(r.json()).toEqual({ to: ADMIN });
    const [mail] = await t.deps.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, ADMIN))
      .orderBy(desc(mailOutbox.createdAt))
      .limit(1);
    expect(mail.subject).toBe('[Test] Welcome to Materieelportaal');
    expect(mail.html).toContain('within 72 hours');
    expect(await stored('UserInvitation', 'en-US' as 'nl-NL')).toHaveLength(1); // the seed's row, untouched
  });

  it('resets to the default text', async () => {
    const r = await call('DELETE', `${URL}/UserForgotPassword/nl-NL`, ADMIN);
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ isDefault: true, updatedAt: null });
    expect(r.json().html).toContain('{{link}}');
    expect(await stored('UserForgotPassword', 'nl-NL')).toHaveLength(0);
    const mail = await renderMail(t.deps.db, 'UserForgotPassword', 'nl-NL', {
      name: 'Ank',
      link: 'https://x/y',
      minutes: 60,
    });
    expect(mail.subject).not.toContain('Reset voor');
    expect(mail.html).toContain('https://x/y');
  });

  it('refuses every call to a non-admin (403) and to a visitor (401), changing nothing', async () => {
    const before = await stored('UserInvitation', 'de-DE');
    const body = { subject: 'x', html: '<p>x</p>' };
    const calls: [Method, string, object?][] = [
      ['GET', URL],
      ['PUT', `${URL}/UserInvitation/de-DE`, body],
      ['DELETE', `${URL}/UserInvitation/de-DE`],
      ['POST', `${URL}/UserInvitation/de-DE/preview`, body],
      ['POST', `${URL}/UserInvitation/de-DE/test`, body],
      ['POST', '/api/MailTemplates/GetMailTemplates', {}],
      [
        'POST',
        '/api/MailTemplates/SaveMailTemplateTexts',
        { type: 'UserInvitation', locale: 'de-DE', ...body },
      ],
    ];
    for (const [method, url, payload] of calls) {
      expect((await call(method, url, SITE, payload)).statusCode, `${method} ${url}`).toBe(403);
      expect((await t.app.inject({ method, url, payload })).statusCode, `${method} ${url}`).toBe(401);
    }
    expect(await stored('UserInvitation', 'de-DE')).toEqual(before);
    const sent = await t.deps.db.select().from(mailOutbox).where(eq(mailOutbox.to, SITE));
    expect(sent).toHaveLength(0);
  });

  it('works through the legacy calls', async () => {
    const list = await call('POST', '/api/MailTemplates/GetMailTemplates', ADMIN, {});
    expect(list.statusCode).toBe(200);
    expect(list.json().mailTemplates).toHaveLength(7 * 4);
    const save = await call('POST', '/api/MailTemplates/SaveMailTemplateTexts', ADMIN, {
      type: 'UserInvitation',
      locale: 'de',
      subject: 'Willkommen, {{name}}',
      html: '<p>{{link}}</p>',
    });
    expect(save.statusCode).toBe(200);
    expect(save.json()).toMatchObject({ locale: 'de-DE', subject: 'Willkommen, {{name}}' });
    const bad = await call('POST', '/api/MailTemplates/SaveMailTemplateTexts', ADMIN, {
      type: 'UserInvitation',
      locale: 'de-DE',
      subject: '{{bogus}}',
      html: '<p>x</p>',
    });
    expect(bad.statusCode).toBe(400);
    await call('DELETE', `${URL}/UserInvitation/de-DE`, ADMIN);
  });
});
