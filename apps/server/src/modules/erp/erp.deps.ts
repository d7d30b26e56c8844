import type { FastifyRequest } from 'fastify';
import type { Deps } from '../../platform/deps.ts';
import type { SyncDeps } from './erp.sync.ts';

/** What the ERP's services need of the app's dependencies, with the request's logger for the client's lines. */
export function erpDepsOf(deps: Deps, req?: FastifyRequest): SyncDeps & Pick<Deps, 'jobs'> {
  return {
    config: deps.config,
    db: deps.db,
    loadSettings: deps.loadSettings,
    erpDefaults: deps.erpDefaults,
    storage: deps.storage,
    jobs: deps.jobs,
    log: req ? (entry) => req.log.debug(entry, 'erp') : undefined,
  };
}
