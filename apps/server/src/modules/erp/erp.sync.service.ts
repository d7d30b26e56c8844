import type { ErpSyncAnswer, ErpSyncStates } from '@mp/contract/api/erp-sync';
import { translate } from '@mp/contract/i18n';
import type { FastifyRequest } from 'fastify';
import { requireAccess } from '../../platform/auth/access.ts';
import type { Deps } from '../../platform/deps.ts';
import { AppError } from '../../platform/errors.ts';
import type { Ctx } from '../../platform/http/context.ts';
import type { JobQueue } from '../../platform/jobs/jobs.ts';
import { customerHasErpAccount } from './erp.accounts.queries.ts';
import { erpEnabled } from './erp.connector.ts';
import { erpDepsOf } from './erp.deps.ts';
import { queueSync } from './erp.jobs.ts';
import type { SyncedEntity } from './erp.port.ts';
import { selectSyncStates } from './erp.sync.queries.ts';
import { type SyncDeps, syncEntities, syncOrder } from './erp.sync.ts';

/*
 * The sync calls (decision 0027): Erp/sync ("sync now") and the legacy MaterieelSync/*, MaterieelImage/SyncImages,
 * MaterieelKeuringenSync/DoKeuringenSync. Admins and holders of BusinessCentral. With the job runner the entities
 * are queued (pg-boss: one run per entity across processes) and the answer says what was started; without it (a
 * process with JOBS_ENABLED=false) they run in the request and the answer gives the counts. With ERP=none the
 * answer says no ERP is connected (erp.niet_gekoppeld), as Users/syncusers does.
 */

export async function startSync(
  ctx: Ctx,
  deps: SyncDeps & { jobs?: JobQueue | null },
  entities: readonly SyncedEntity[],
): Promise<ErpSyncAnswer> {
  await requireAccess(ctx, { permission: 'area.write', area: 'BusinessCentral' });
  if (!erpEnabled(deps))
    return {
      code: 'erp.niet_gekoppeld',
      message: translate(ctx.locale, 'erp.niet_gekoppeld'),
      erp: 'none',
      results: [],
    };
  const none = { upserted: 0, deleted: 0, skipped: 0, pages: 0, errorCode: null, errorMessage: null };
  if (deps.jobs) {
    const queued = await queueSync(deps.jobs, entities);
    const code = queued.length ? 'erp.sync.gestart' : 'erp.sync.bezig';
    return {
      code,
      message: translate(ctx.locale, code, { entities: queued.join(', ') }),
      erp: 'business-central',
      results: queued.map((entity) => ({ entity, state: 'queued' as const, ...none })),
    };
  }
  const results = await syncEntities(deps, entities);
  const sum = (k: 'upserted' | 'deleted' | 'skipped') => results.reduce((n, r) => n + r[k], 0);
  return {
    code: 'erp.sync.klaar',
    message: translate(ctx.locale, 'erp.sync.klaar', {
      upserted: sum('upserted'),
      deleted: sum('deleted'),
      skipped: sum('skipped'),
    }),
    erp: 'business-central',
    results: results.map((r) => ({
      entity: r.entity,
      state: r.state === 'busy' ? ('queued' as const) : r.state,
      upserted: r.upserted,
      deleted: r.deleted,
      skipped: r.skipped,
      pages: r.pages,
      errorCode: r.error?.code ?? null,
      errorMessage: r.error ? translate(ctx.locale, r.error.code, r.error.params) : null,
    })),
  };
}

/**
 * Users/syncusers and Gebruiker/SyncGebruikers with an ERP connected (decision 0027): the sync of the ERP's portal
 * users, queued or run like the other sync calls; null without an ERP (the users module then does what it did).
 */
export function erpUserSync(deps: Deps, req: FastifyRequest): ((ctx: Ctx) => Promise<ErpSyncAnswer>) | null {
  if (!erpEnabled(deps)) return null;
  return (ctx) => startSync(ctx, erpDepsOf(deps, req), ['users']);
}

/**
 * GetLocationsCallBack (product §7, spec §8): with an ERP connected, a user whose customer has no account in it
 * (the sync never read that customer) gets 416 warning.navision_account_onbekend. Without an ERP it says nothing.
 */
export async function requireErpAccount(ctx: Ctx, deps: Pick<SyncDeps, 'config'>): Promise<void> {
  if (!erpEnabled(deps) || !ctx.user?.customerId) return;
  if (!(await customerHasErpAccount(ctx.db, ctx.user.customerId)))
    throw new AppError('range', 'warning.navision_account_onbekend');
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** GET Erp/sync: where the sync of each entity stands, its last error in the caller's language. */
export async function readSyncStates(ctx: Ctx, deps: Pick<SyncDeps, 'config'>): Promise<ErpSyncStates> {
  await requireAccess(ctx, { permission: 'area.read', area: 'BusinessCentral' });
  const rows = new Map((await selectSyncStates(ctx.db)).map((r) => [r.entity, r]));
  return {
    erp: erpEnabled(deps) ? 'business-central' : 'none',
    entities: syncOrder.map((entity) => {
      const r = rows.get(entity);
      return {
        entity,
        running: !!r?.runStartedAt && (!r.runFinishedAt || r.runFinishedAt < r.runStartedAt),
        resumable: !!r?.nextLink,
        modifiedSince: r?.modifiedSince ?? null,
        lastRunStartedAt: iso(r?.runStartedAt ?? null),
        lastRunFinishedAt: iso(r?.runFinishedAt ?? null),
        fullCompletedAt: iso(r?.fullCompletedAt ?? null),
        deltaCompletedAt: iso(r?.deltaCompletedAt ?? null),
        pages: r?.pages ?? 0,
        upserted: r?.upserted ?? 0,
        deleted: r?.deleted ?? 0,
        skipped: r?.skipped ?? 0,
        total: r?.total ?? null,
        read: r?.read ?? 0,
        upsertedTotal: r?.upsertedTotal ?? 0,
        lastError: r?.lastErrorCode
          ? {
              code: r.lastErrorCode,
              message: translate(ctx.locale, r.lastErrorCode, r.lastErrorParams ?? {}),
              at: iso(r.lastErrorAt),
            }
          : null,
      };
    }),
  };
}
