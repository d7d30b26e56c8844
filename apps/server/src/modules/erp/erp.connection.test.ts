// "Test connection" (issue #33, decision 0027): POST Erp/test-connection with ERP=none, with incomplete settings,
// and against the fake BC; who may call it; the client secret in no answer and no log line.
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeBc, startFakeBc } from '../../../../../tools/fake-bc/src/index.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { users } from '../../db/schema/index.ts';
import { createLogger } from '../../platform/logger.ts';

const ADMIN = 'admin@materieelportaal.nl';
const HOLDER = 'materieeldienst@materieelportaal.nl';
const USER = 'uitvoerder@vandijk.nl';

const lines: string[] = [];
const sink = new Writable({
  write(chunk, _enc, done) {
    lines.push(String(chunk));
    done();
  },
});

let fake: FakeBc;
let none: TestApp;
let bc: TestApp;

const call = async (t: TestApp, email: string, url = '/api/v2.0/Erp/test-connection') =>
  t.app.inject({ method: 'POST', url, headers: { ...(await t.auth(email)), 'accept-language': 'nl-NL' } });

async function saveSettings(t: TestApp, values: Record<string, string | number>) {
  const r = await t.app.inject({
    method: 'PUT',
    url: '/api/v2.0/Settings/integraties',
    headers: await t.auth(ADMIN),
    payload: {
      stringValues: Object.fromEntries(Object.entries(values).filter(([, v]) => typeof v === 'string')),
      intValues: Object.fromEntries(Object.entries(values).filter(([, v]) => typeof v === 'number')),
    },
  });
  expect(r.statusCode, r.body).toBe(204);
}

beforeAll(async () => {
  fake = await startFakeBc({ rateLimit: null });
  none = await createTestApp();
  bc = await createTestApp({
    env: { ERP: 'business-central', BC_AUTHORITY_URL: fake.authorityUrl, LOG_LEVEL: 'debug' },
    logger: createLogger('debug', sink),
  });
  await bc.database.db
    .update(users)
    .set({ permissions: ['department', 'BusinessCentral'] })
    .where(eq(users.email, HOLDER));
});
afterAll(async () => {
  await none?.close();
  await bc?.close();
  await fake?.close();
});

describe('POST Erp/test-connection', () => {
  it('with ERP=none says no ERP is connected', async () => {
    const r = await call(none, ADMIN);
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({
      erp: 'none',
      ok: false,
      steps: [
        {
          step: 'configuration',
          ok: false,
          code: 'erp.niet_gekoppeld',
          message: expect.stringContaining('geen ERP gekoppeld'),
        },
      ],
    });
  });

  it('names the settings still missing', async () => {
    const r = await call(bc, ADMIN);
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({
      erp: 'business-central',
      ok: false,
      steps: [{ step: 'configuration', ok: false, code: 'erp.test.configuratie_onvolledig' }],
    });
    expect(r.json().steps[0].message).toContain('BusinessCentral_ClientSecret');
  });

  it('reaches the ERP with the saved settings: token, company, custom API — without the secret', async () => {
    await saveSettings(bc, {
      BusinessCentral_Url: `${fake.url}/v2.0/${fake.tenant}/${fake.environment}`,
      BusinessCentral_Tenant: fake.tenant,
      BusinessCentral_Company: fake.companyName,
      BusinessCentral_ClientId: fake.clientId,
      BusinessCentral_ClientSecret: fake.clientSecret,
    });
    const r = await call(bc, ADMIN);
    expect(r.statusCode).toBe(200);
    const answer = r.json();
    expect(answer.ok).toBe(true);
    expect(answer.steps.map((s: { step: string; ok: boolean }) => [s.step, s.ok])).toEqual([
      ['configuration', true],
      ['token', true],
      ['company', true],
      ['customApi', true],
    ]);
    expect(answer.steps[2].message).toBe(`Bedrijf gevonden: ${fake.companyName}.`);
    expect(r.body).not.toContain(fake.clientSecret);
  });

  it('says the ERP refuses the sign-in when the secret is wrong', async () => {
    await saveSettings(bc, { BusinessCentral_ClientSecret: 'wrong-secret-5d1e7c0a' });
    const r = await call(bc, ADMIN);
    expect(r.json()).toMatchObject({
      ok: false,
      steps: [{ ok: true }, { step: 'token', ok: false, code: 'erp.fout.auth' }],
    });
    expect(r.body).not.toContain('wrong-secret-5d1e7c0a');
    await saveSettings(bc, { BusinessCentral_ClientSecret: fake.clientSecret });
  });

  it('admits holders of BusinessCentral and refuses others with 403', async () => {
    expect((await call(bc, HOLDER)).statusCode).toBe(200);
    expect((await call(bc, USER)).statusCode).toBe(403);
    expect((await call(none, USER)).statusCode).toBe(403);
    const anonymous = await bc.app.inject({ method: 'POST', url: '/api/v2.0/Erp/test-connection' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('puts the secret in no log line (the client logged its calls)', () => {
    const text = lines.join('');
    expect(text).toContain('erp.request');
    expect(text).not.toContain(fake.clientSecret);
    expect(text).not.toContain('wrong-secret-5d1e7c0a');
  });
});
