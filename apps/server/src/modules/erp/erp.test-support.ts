import { expect } from 'vitest';
import { type FakeBc, type FakeBcOptions, startFakeBc } from '../../../../../tools/fake-bc/src/index.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';

const ADMIN = 'admin@materieelportaal.nl';

/** Saves the connection to `fake` in `t`'s settings as the admin does. */
export async function connectToFakeBc(
  t: TestApp,
  fake: FakeBc,
  company: 'id' | 'name' = 'id',
): Promise<void> {
  const r = await t.app.inject({
    method: 'PUT',
    url: '/api/v2.0/Settings/integraties',
    headers: await t.auth(ADMIN),
    payload: {
      stringValues: {
        BusinessCentral_Url: `${fake.url}/v2.0/${fake.tenant}/${fake.environment}`,
        BusinessCentral_Tenant: fake.tenant,
        BusinessCentral_Company: company === 'id' ? fake.companyId : fake.companyName,
        BusinessCentral_ClientId: fake.clientId,
        BusinessCentral_ClientSecret: fake.clientSecret,
      },
    },
  });
  expect(r.statusCode, r.body).toBe(204);
}

/**
 * The fake (no rate limit unless `fake` says otherwise) and an app with ERP=business-central connected to it;
 * the caller closes both (`t.close()`, then `fake.close()`).
 */
export async function startConnectedApp(
  options: {
    fake?: FakeBcOptions;
    env?: Record<string, string>;
    logger?: Parameters<typeof createTestApp>[0] extends infer O
      ? O extends { logger?: infer L }
        ? L
        : never
      : never;
    company?: 'id' | 'name';
  } = {},
): Promise<{ fake: FakeBc; t: TestApp }> {
  const fake = await startFakeBc({ rateLimit: null, ...options.fake });
  const t = await createTestApp({
    env: { ERP: 'business-central', BC_AUTHORITY_URL: fake.authorityUrl, ...options.env },
    ...(options.logger ? { logger: options.logger } : {}),
  });
  await connectToFakeBc(t, fake, options.company);
  return { fake, t };
}
