import type { Deps } from './platform/deps.ts';

/*
 * ERP=fake-bc (issue #33, decision 0027): `npm start` also starts tools/fake-bc — a Business Central you can run,
 * seeded with the demo company at the demo's scale, so its items, customers, locations and plants are the demo
 * data's — and the connector is pointed at it: its connection fills the BusinessCentral_* settings left empty.
 * Loaded only in this mode (the fake is a development tool, not part of the production image). Beside it runs
 * tools/fake-docs, a document service (CMIS browser binding, decision 0028) for the DocumentService_* left empty.
 */
export interface FakeErp {
  url: string;
  defaults: NonNullable<Deps['erpDefaults']>;
  /** tools/fake-docs (decision 0028): the document service's connection for the DocumentService_* left empty. */
  documentService: NonNullable<Deps['documentServiceDefaults']> & { controlUrl: string };
  close(): Promise<void>;
}

/** What this uses of tools/fake-docs's startFakeDocs. */
type StartFakeDocs = (options: { log: (line: string) => void }) => Promise<{
  url: string;
  serviceUrl: string;
  user: string;
  password: string;
  close(): Promise<void>;
}>;

/** What this uses of tools/fake-bc's startFakeBc (its FakeBc, FakeBcOptions). */
interface FakeBc {
  url: string;
  authorityUrl: string;
  tenant: string;
  environment: string;
  companyId: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
}
type StartFakeBc = (options: {
  scale: number;
  historyScale: number;
  autoProcessRentalRequestsMs: number;
  log: (line: string) => void;
}) => Promise<FakeBc>;

export async function startFakeErp(log: (line: string) => void): Promise<FakeErp> {
  // why: a specifier made at run time keeps the tool out of the server's import graph (it imports the demo data
  // generator, which imports the platform: a folder cycle) and out of a production start
  const specifier = new URL('../../../tools/fake-bc/src/index.ts', import.meta.url).href;
  const { startFakeBc } = (await import(specifier)) as { startFakeBc: StartFakeBc };
  const fake = await startFakeBc({ scale: 1, historyScale: 1, autoProcessRentalRequestsMs: 2000, log });
  const docsSpecifier = new URL('../../../tools/fake-docs/src/index.ts', import.meta.url).href;
  const { startFakeDocs } = (await import(docsSpecifier)) as { startFakeDocs: StartFakeDocs };
  const docs = await startFakeDocs({ log });
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
    documentService: {
      url: docs.serviceUrl,
      user: docs.user,
      password: docs.password,
      controlUrl: `${docs.url}/_fake`,
    },
    close: async () => {
      await Promise.all([fake.close(), docs.close()]);
    },
  };
}
