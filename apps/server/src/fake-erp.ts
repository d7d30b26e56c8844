import type { Deps } from './platform/deps.ts';

/*
 * ERP=fake-bc (issue #33, decision 0027): `npm start` also starts tools/fake-bc — a Business Central you can run,
 * seeded with the demo company at the demo's scale, so its items, customers, locations and plants are the demo
 * data's — and the connector is pointed at it: its connection fills the BusinessCentral_* settings left empty.
 * Loaded only in this mode (the fake is a development tool, not part of the production image).
 */
export interface FakeErp {
  url: string;
  defaults: NonNullable<Deps['erpDefaults']>;
  close(): Promise<void>;
}

export async function startFakeErp(log: (line: string) => void): Promise<FakeErp> {
  const { startFakeBc } = await import('../../../tools/fake-bc/src/index.ts');
  const fake = await startFakeBc({ scale: 1, historyScale: 1, autoProcessRentalRequestsMs: 2000, log });
  return {
    url: fake.url,
    defaults: {
      url: `${fake.url}/v2.0/${fake.tenant}/${fake.environment}`,
      tenant: fake.tenant,
      company: fake.companyId,
      clientId: fake.clientId,
      clientSecret: fake.clientSecret,
      authorityUrl: fake.authorityUrl,
    },
    close: () => fake.close(),
  };
}
