import type { FastifyRequest } from 'fastify';
import type { Deps } from '../../../platform/deps.ts';
import type { DocumentServiceLogEntry } from './cmis.ts';
import type { DocumentServiceDeps } from './connector.ts';

/** One log function per app, so the adapter kept for a connection serves every request and logs to its app. */
const logs = new WeakMap<Deps, (entry: DocumentServiceLogEntry) => void>();

/** What the document service needs of the app's dependencies, with the app's logger for the adapter's lines. */
export function documentServiceDepsOf(deps: Deps, req?: FastifyRequest): DocumentServiceDeps {
  let log = logs.get(deps);
  if (!log && req) {
    const server = req.server.log;
    log = (entry) => server.debug(entry, 'documentdienst');
    logs.set(deps, log);
  }
  return { documentServiceDefaults: deps.documentServiceDefaults, log };
}
