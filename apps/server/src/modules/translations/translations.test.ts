import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';

const ADMIN = 'admin@materieelportaal.nl';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('translations', () => {
  it('serves each locale with every nl-NL key present', async () => {
    const nl = (await t.app.inject({ url: '/api/v2.0/Translations/nl-NL' })).json().translations;
    const de = (await t.app.inject({ url: '/api/v2.0/Translations/de-DE' })).json().translations;
    expect(Object.keys(de).sort()).toEqual(Object.keys(nl).sort());
    expect(nl['info.token_verlopen']).toBeTruthy();
    expect(de['info.token_verlopen']).not.toBe(nl['info.token_verlopen']);
  });

  it('lets an admin override a text, which then shows, and restore it with null', async () => {
    const headers = await t.auth(ADMIN);
    const before = (await t.app.inject({ url: '/api/v2.0/Translations/en-US' })).json().translations[
      'error.server_fout'
    ];
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/v2.0/Translations/en-US',
      payload: { 'error.server_fout': 'Our server tripped.' },
      headers,
    });
    expect(put.statusCode).toBe(204);
    const after = (await t.app.inject({ url: '/api/v2.0/Translations/en-US' })).json();
    expect(after.translations['error.server_fout']).toBe('Our server tripped.');
    expect(after.overrides).toEqual({ 'error.server_fout': 'Our server tripped.' });
    await t.app.inject({
      method: 'PUT',
      url: '/api/v2.0/Translations/en-US',
      payload: { 'error.server_fout': null },
      headers,
    });
    expect(
      (await t.app.inject({ url: '/api/v2.0/Translations/en-US' })).json().translations['error.server_fout'],
    ).toBe(before);
  });

  it('refuses unknown keys and non-admins', async () => {
    const unknown = await t.app.inject({
      method: 'PUT',
      url: '/api/v2.0/Translations/en-US',
      payload: { 'no.such.key': 'x' },
      headers: await t.auth(ADMIN),
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details.fields).toHaveProperty(['no.such.key']);
    const user = await t.app.inject({
      method: 'PUT',
      url: '/api/v2.0/Translations/en-US',
      payload: { 'error.server_fout': 'x' },
      headers: await t.auth('uitvoerder@vandijk.nl'),
    });
    expect(user.statusCode).toBe(403);
  });

  it('refuses a text whose {{fields}} differ from the bundled text, and stores nothing of the batch', async () => {
    const headers = await t.auth(ADMIN);
    // 'Settings.standaardwaarde' is "Default: {{value}}"
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/v2.0/Translations/en-US',
      payload: { 'Settings.opgeslagen': 'Stored.', 'Settings.standaardwaarde': 'Default: {{waarde}}' },
      headers,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.fields).toEqual({
      'Settings.standaardwaarde': { code: 'Translations.placeholders_ongelijk', message: expect.any(String) },
    });
    const view = (await t.app.inject({ url: '/api/v2.0/Translations/en-US' })).json();
    expect(view.overrides).not.toHaveProperty(['Settings.opgeslagen']);
    const good = await t.app.inject({
      method: 'PUT',
      url: '/api/v2.0/Translations/en-US',
      payload: { 'Settings.standaardwaarde': 'Out of the box: {{ value }}' },
      headers,
    });
    expect(good.statusCode).toBe(204);
    await t.app.inject({
      method: 'PUT',
      url: '/api/v2.0/Translations/en-US',
      payload: { 'Settings.standaardwaarde': null },
      headers,
    });
  });

  it('answers an unsupported locale with 400', async () => {
    const r = await t.app.inject({ url: '/api/v2.0/Translations/es-ES' });
    expect(r.statusCode).toBe(400);
    expect(r.json().details.fields).toHaveProperty('locale');
  });

  it('gives error messages in the language asked for', async () => {
    const en = await t.app.inject({ url: '/api/nope', headers: { 'accept-language': 'en-US' } });
    const nl = await t.app.inject({ url: '/api/nope' });
    expect(en.json().code).toBe(nl.json().code);
    expect(en.json().message).not.toBe(nl.json().message);
  });
});
