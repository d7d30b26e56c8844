import { settingsCatalogue } from '@mp/contract/settings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { connect } from '../../platform/db/database.ts';
import { loadSettings } from './settings.service.ts';

const ADMIN = 'admin@materieelportaal.nl';
const USER = 'uitvoerder@vandijk.nl';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const secretKeys = Object.entries(settingsCatalogue)
  .filter(([, d]) => 'secret' in d && d.secret)
  .map(([k]) => k);
const privateKeys = Object.entries(settingsCatalogue)
  .filter(([, d]) => !d.public)
  .map(([k]) => k);

function allKeys(body: Record<string, Record<string, unknown>>): string[] {
  return ['boolValues', 'intValues', 'stringValues', 'multiStrings'].flatMap((g) =>
    Object.keys(body[g] ?? {}),
  );
}

describe('settings', () => {
  it('lets anyone read the public subset without login', async () => {
    const r = await t.app.inject({ url: '/api/v2.0/Settings/all' });
    expect(r.statusCode).toBe(200);
    const keys = allKeys(r.json());
    expect(keys).toContain('AllowAnonymousUsers');
    expect(keys).toContain('Taal_ZichtbaarNederlands');
    for (const k of privateKeys) expect(keys).not.toContain(k);
  });

  it('shows admins every setting with secrets masked', async () => {
    const r = await t.app.inject({ url: '/api/v2.0/Settings/all', headers: await t.auth(ADMIN) });
    const body = r.json();
    expect(allKeys(body).sort()).toEqual(Object.keys(settingsCatalogue).sort());
    for (const k of secretKeys) expect(['', '********']).toContain(body.stringValues[k]);
  });

  it('reads one group and answers an unknown group with not found', async () => {
    const group = settingsCatalogue.OrderWizardBlockWeekend.group;
    const r = await t.app.inject({ url: `/api/v2.0/Settings/${group}` });
    expect(r.statusCode).toBe(200);
    expect(r.json().boolValues).toHaveProperty('OrderWizardBlockWeekend');
    const missing = await t.app.inject({ url: '/api/v2.0/Settings/doesnotexist' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('error.instelling_onbekend');
  });

  it('lets only admins write (401 anonymous, 403 user) and keeps the value unchanged', async () => {
    const body = { key: 'PubliekePrijzen', value: true };
    const anon = await t.app.inject({ method: 'POST', url: '/api/v2.0/Settings', payload: body });
    expect(anon.statusCode).toBe(401);
    const user = await t.app.inject({
      method: 'POST',
      url: '/api/v2.0/Settings',
      payload: body,
      headers: await t.auth(USER),
    });
    expect(user.statusCode).toBe(403);
    expect(user.json().code).toBe('error.geen_toegang');
    const read = await t.app.inject({ url: '/api/v2.0/Settings/all' });
    expect(read.json().boolValues.PubliekePrijzen).toBe(settingsCatalogue.PubliekePrijzen.default);
  });

  it('writes as admin and reads the new value back', async () => {
    const headers = await t.auth(ADMIN);
    const w = await t.app.inject({
      method: 'POST',
      url: '/api/v2.0/Settings',
      payload: { key: 'Prijzen_AantalDecimalen', value: 3 },
      headers,
    });
    expect(w.statusCode).toBe(204);
    const r = await t.app.inject({ url: '/api/v2.0/Settings/all' });
    expect(r.json().intValues.Prijzen_AantalDecimalen).toBe(3);
  });

  it('keeps a text value that reads like a number or a boolean as text (Spoed_Prijs 75.00, a code 123)', async () => {
    const headers = await t.auth(ADMIN);
    const values = { Spoed_Prijs: '75.00', Spoed_Code: '123', Spoed_Tekst: 'true' };
    for (const [key, value] of Object.entries(values)) {
      const w = await t.app.inject({
        method: 'POST',
        url: '/api/v2.0/Settings',
        payload: { key, value },
        headers,
      });
      expect(w.statusCode, w.body).toBe(204);
    }
    try {
      const r = await t.app.inject({ url: '/api/v2.0/Settings/all', headers });
      expect(r.json().stringValues).toMatchObject(values);
      // what every service reads (the department's execution books the rush surcharge from Spoed_Prijs)
      expect(await loadSettings(t.database.db, Date.now() + 60_000)).toMatchObject(values);
    } finally {
      for (const key of Object.keys(values))
        await t.app.inject({
          method: 'POST',
          url: '/api/v2.0/Settings',
          payload: { key, value: '' },
          headers,
        });
    }
  });

  it('puts a setting back to its default (admins only; an unknown key is 404 and resets nothing)', async () => {
    const headers = await t.auth(ADMIN);
    const set = await t.app.inject({
      method: 'POST',
      url: '/api/v2.0/Settings',
      payload: { key: 'Klacht_VerwachteOplossingsDagen', value: 9 },
      headers,
    });
    expect(set.statusCode).toBe(204);
    const read = async () =>
      (await t.app.inject({ url: '/api/v2.0/Settings/all', headers })).json().intValues
        .Klacht_VerwachteOplossingsDagen;
    expect(await read()).toBe(9);
    const user = await t.app.inject({
      method: 'DELETE',
      url: '/api/v2.0/Settings/Klacht_VerwachteOplossingsDagen',
      headers: await t.auth(USER),
    });
    expect(user.statusCode).toBe(403);
    const unknown = await t.app.inject({
      method: 'DELETE',
      url: '/api/v2.0/Settings/NoSuchSetting',
      headers,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({
      code: 'error.instelling_onbekend',
      details: { key: 'NoSuchSetting' },
    });
    expect(await read()).toBe(9);
    const reset = await t.app.inject({
      method: 'DELETE',
      url: '/api/v2.0/Settings/Klacht_VerwachteOplossingsDagen',
      headers,
    });
    expect(reset.statusCode).toBe(204);
    expect(await read()).toBe(settingsCatalogue.Klacht_VerwachteOplossingsDagen.default);
  });

  it('lets a second server process on the same database see a change within seconds, without a restart', async () => {
    // the other process: its own pool, so its own settings cache, which warms before the change
    const other = connect(t.database.url, { max: 2 });
    try {
      const before = (await loadSettings(other.db)).Afvoeren_Blokkeerdagen;
      const next = before === 7 ? 6 : 7;
      const w = await t.app.inject({
        method: 'POST',
        url: '/api/v2.0/Settings',
        payload: { key: 'Afvoeren_Blokkeerdagen', value: next },
        headers: await t.auth(ADMIN),
      });
      expect(w.statusCode).toBe(204);
      let seen = before;
      const until = Date.now() + 15_000;
      while (seen !== next && Date.now() < until) {
        await new Promise((r) => setTimeout(r, 250));
        seen = (await loadSettings(other.db)).Afvoeren_Blokkeerdagen;
      }
      expect(seen).toBe(next);
    } finally {
      await other.close();
    }
  });

  it('reads the settings once for calls that come together, in a transaction too (one connection)', async () => {
    const other = connect(t.database.url, { max: 2 });
    try {
      const statements: string[] = [];
      other.pool.on('connect', (client) => {
        const query = client.query.bind(client);
        client.query = ((...args: Parameters<typeof query>) => {
          const text = args[0] as unknown as string | { text: string };
          statements.push(typeof text === 'string' ? text : text.text);
          return query(...args);
        }) as typeof client.query;
      });
      const reads = (n: number, db: typeof other.db) =>
        Promise.all(Array.from({ length: n }, () => loadSettings(db)));
      const [a, b, c] = await reads(3, other.db);
      expect(b).toBe(a);
      expect(c).toBe(a);
      await other.db.transaction(async (tx) => {
        const inTx = await reads(3, tx as unknown as typeof other.db);
        expect(new Set(inTx).size).toBe(1);
      });
      expect(statements.filter((s) => s.includes('setting_values'))).toHaveLength(2);
    } finally {
      await other.close();
    }
  });

  it('answers an unknown key with the not-found error naming the key', async () => {
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/v2.0/Settings',
      payload: { key: 'NoSuchSetting', value: true },
      headers: await t.auth(ADMIN),
    });
    expect(r.statusCode).toBe(404);
    expect(r.json()).toMatchObject({ code: 'error.instelling_onbekend', details: { key: 'NoSuchSetting' } });
    expect(r.json().message).toContain('NoSuchSetting');
  });

  it('refuses a wrongly typed value with 400 naming the field, and writes nothing of the batch', async () => {
    const headers = await t.auth(ADMIN);
    const group = settingsCatalogue.OrderWizardBlockWeekend.group;
    const r = await t.app.inject({
      method: 'PUT',
      url: `/api/v2.0/Settings/${group}`,
      payload: {
        boolValues: { OrderWizardBlockWeekend: !settingsCatalogue.OrderWizardBlockWeekend.default },
        intValues: { OrderWizardBlockDaysToOrder: -5 },
      },
      headers,
    });
    expect(r.statusCode).toBe(400);
    expect(r.json().details.fields).toHaveProperty('OrderWizardBlockDaysToOrder');
    const read = await t.app.inject({ url: `/api/v2.0/Settings/${group}` });
    expect(read.json().boolValues.OrderWizardBlockWeekend).toBe(
      settingsCatalogue.OrderWizardBlockWeekend.default,
    );
  });

  it('names the field of a malformed body', async () => {
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/v2.0/Settings',
      payload: { value: 1 },
      headers: await t.auth(ADMIN),
    });
    expect(r.statusCode).toBe(400);
    expect(r.json().details.fields).toHaveProperty('key');
    expect(r.json().details.fields.key.code).toBe('validation.verplicht');
  });

  it('serves the legacy calls', async () => {
    const flat = await t.app.inject({ method: 'POST', url: '/api/AppSettings/GetAppSettings', payload: {} });
    expect(flat.statusCode).toBe(200);
    expect(flat.json()).toHaveProperty('AllowAnonymousUsers');
    const version = await t.app.inject({ method: 'POST', url: '/api/AppSettings/GetVersion', payload: {} });
    expect(version.json()).toHaveProperty('version');
  });
});
