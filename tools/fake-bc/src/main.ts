import { parseArgs } from 'node:util';
import { startFakeBc } from './server.ts';

/**
 * `node tools/fake-bc/src/main.ts --port 7048 --scale 1`: the fake Business Central on its own, printing where it
 * listens and the connection settings the portal needs (docs/erp/business-central.md, "The fake").
 */

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '7048' },
    host: { type: 'string', default: '127.0.0.1' },
    scale: { type: 'string', default: '1' },
    'history-scale': { type: 'string', default: '1' },
    tenant: { type: 'string' },
    environment: { type: 'string' },
    'client-id': { type: 'string' },
    'client-secret': { type: 'string' },
    'page-size': { type: 'string' },
    'rate-limit': { type: 'string', default: '6000/300' },
    'notification-delay-ms': { type: 'string' },
    'process-requests-ms': { type: 'string', default: '2000' },
  },
});

const int = (v: string | undefined) => (v === undefined ? undefined : Number.parseInt(v, 10));
const [requests, seconds] = String(values['rate-limit']).split('/').map(Number);

const fake = await startFakeBc({
  port: int(values.port),
  host: values.host,
  scale: int(values.scale),
  historyScale: int(values['history-scale']),
  tenant: values.tenant,
  environment: values.environment,
  clientId: values['client-id'],
  clientSecret: values['client-secret'],
  pageSize: int(values['page-size']),
  rateLimit: values['rate-limit'] === 'off' ? null : { requests, windowMs: (seconds || 300) * 1000 },
  webhooks: values['notification-delay-ms'] ? { delayMs: int(values['notification-delay-ms']) } : undefined,
  autoProcessRentalRequestsMs:
    values['process-requests-ms'] === 'off' ? null : int(values['process-requests-ms']),
  log: (line) => console.log(line),
});

console.log(`
  Fake Business Central on ${fake.url}
  API (v2.0):        ${fake.apiUrl}
  Rental API:        ${fake.rentalApiUrl}
  Token endpoint:    ${fake.authorityUrl}/${fake.tenant}/oauth2/v2.0/token
  Company id:        ${fake.companyId} (${fake.companyName})
  Client id/secret:  ${fake.clientId} / ${fake.clientSecret}
  Control API:       ${fake.url}/_fake
`);

for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    void fake.close().then(() => process.exit(0));
  });
