import type { FastifyRequest } from 'fastify';
import type { Deps } from '../../platform/deps.ts';
import type { BcLogEntry } from './business-central/client.ts';
import type { SyncDeps } from './erp.sync.ts';

/** One log function per app, so the connector kept for a connection (and its token) serves every request. */
const logs = new WeakMap<Deps, (entry: BcLogEntry) => void>();

/** What the ERP's services need of the app's dependencies, with the app's logger for the client's lines. */
export function erpDepsOf(deps: Deps, req?: FastifyRequest): SyncDeps & Pick<Deps, 'jobs'> {
  let log = logs.get(deps);
  if (!log && req) {
    const server = req.server.log;
    log = (entry) => server.debug(entry, 'erp');
    logs.set(deps, log);
  }
  return {
    config: deps.config,
    db: deps.db,
    loadSettings: deps.loadSettings,
    erpDefaults: deps.erpDefaults,
    storage: deps.storage,
    jobs: deps.jobs,
    log,
  };
}
