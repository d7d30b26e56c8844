import path from 'node:path';
import { demoLogins } from './seed/demo-logins.ts';

/** What `npm start` prints once the portal answers (by the only process, or by the cluster's primary). */
export function startBanner(options: {
  port: number;
  startedAt: number;
  embedded: boolean;
  dataDir: string;
  processes: number;
  fakeErp?: { url: string; documentService: { url: string; controlUrl: string } } | null;
}): string {
  const { fakeErp } = options;
  const url = `http://localhost:${options.port}`;
  const width = Math.max(...demoLogins.map((x) => x.email.length)) + 1;
  const lines = [
    '',
    `  Materieelportaal is running on ${url}  (started in ${((Date.now() - options.startedAt) / 1000).toFixed(1)} s)`,
    `  API documentation: ${url}/api/docs`,
    `  Database: ${options.embedded ? `embedded PostgreSQL in ${path.join(options.dataDir, 'postgres')}` : 'DATABASE_URL'}`,
    ...(options.processes > 1 ? [`  Server processes: ${options.processes} (WEB_CONCURRENCY)`] : []),
    ...(fakeErp ? [`  ERP: fake Business Central on ${fakeErp.url} (control API ${fakeErp.url}/_fake)`] : []),
    ...(fakeErp
      ? [
          `  Documents: fake document service on ${fakeErp.documentService.url} (control API ${fakeErp.documentService.controlUrl})`,
        ]
      : []),
    '',
    '  Demo logins:',
    ...demoLogins.map((l) => `    ${l.email.padEnd(width)} ${l.password.padEnd(16)} ${l.description}`),
    '',
    '  Press Ctrl-C to stop.',
    '',
  ];
  return `${lines.join('\n')}\n`;
}
