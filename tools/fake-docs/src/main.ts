import { parseArgs } from 'node:util';
import { startFakeDocs } from './server.ts';

/**
 * `node tools/fake-docs/src/main.ts --port 7049`: the fake document service on its own, printing where it listens
 * and the settings the portal needs (docs/erp/document-service.md, "The fake").
 */

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '7049' },
    host: { type: 'string', default: '127.0.0.1' },
    user: { type: 'string' },
    password: { type: 'string' },
  },
});

const fake = await startFakeDocs({
  port: Number.parseInt(String(values.port), 10),
  host: values.host,
  user: values.user,
  password: values.password,
  log: (line) => console.log(line),
});

console.log(`
  Fake document service (CMIS 1.1 browser binding)
  DocumentService_Url:       ${fake.serviceUrl}
  DocumentService_User:      ${fake.user}
  DocumentService_Password:  ${fake.password}
  Control API:               ${fake.url}/_fake (requests, faults, documents)
`);

for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    void fake.close().then(() => process.exit(0));
  });
