import type { FileStorage } from '../../platform/files/storage.ts';
import { ErpError } from './business-central/errors.ts';
import { type ErpDeps, erpConnector } from './erp.connector.ts';
import type { ErpConnector, ErpEntity, SyncCheckpoint, SyncedEntity } from './erp.port.ts';
import {
  finishSyncRun,
  lockSyncState,
  recordSyncError,
  saveCheckpoint,
  selectSyncState,
  startSyncRun,
} from './erp.sync.queries.ts';
import { type PageWrite, type Writer, writers } from './erp.sync.writers.ts';

/*
 * The sync ERP → portal (issue #33 point 2, decision 0027), one entity at a time: its pages read from the
 * connector from the stored checkpoint (none: a full run; a high-water mark: a delta; a nextLink: the rest of a
 * run that stopped), each page written in ONE transaction together with the checkpoint it reached, so a run that
 * fails resumes at the page after the last committed one — no record twice, none lost. One page in memory at a
 * time. The transaction first locks the entity's state row and checks it still holds the checkpoint this run
 * continued from: a second runner of the same entity (another process) stops instead of interleaving.
 */

/** The order of a whole sync: what a record names is synced before it (a category before its items, …). */
export const syncOrder: readonly SyncedEntity[] = [
  'categories',
  'categoryTranslations',
  'items',
  'rentalItems',
  'itemTranslations',
  'technicalAttributes',
  'itemTechnicalData',
  'itemLinks',
  'depots',
  'customers',
  'projectLocations',
  'workAddresses',
  'plants',
  'stockOnSite',
  'inspections',
  'users',
  'salesInvoices',
  'salesCreditMemos',
  'deletions',
  'itemImages',
];

export interface SyncDeps extends ErpDeps {
  storage?: FileStorage;
  now?: () => Date;
}

export interface EntitySyncResult {
  entity: SyncedEntity;
  /** done: to the end; failed: stopped at a page (the next run resumes there); busy: another runner has it. */
  state: 'done' | 'failed' | 'busy';
  upserted: number;
  deleted: number;
  skipped: number;
  pages: number;
  error: { code: string; params: Record<string, string> } | null;
}

/** A page names what the portal does not have yet: nothing of it is written, the run stops there. */
export class SyncWaiting extends Error {
  readonly code = 'erp.sync.wacht_op';
  readonly params: Record<string, string>;
  constructor(entity: ErpEntity, keys: string[]) {
    super(`erp.sync.wacht_op ${entity}`);
    this.params = { entity, keys: keys.join(', ') };
  }
}

const same = (a: SyncCheckpoint, b: { nextLink: string | null; modifiedSince: string | null }) =>
  a.nextLink === b.nextLink && a.modifiedSince === b.modifiedSince;

/** Syncs one entity from its checkpoint to the end (or to the first page that fails). */
export async function syncEntity(
  deps: SyncDeps,
  entity: SyncedEntity,
  options: { signal?: AbortSignal; connector?: ErpConnector } = {},
): Promise<EntitySyncResult> {
  const now = deps.now ?? (() => new Date());
  const result: EntitySyncResult = {
    entity,
    state: 'done',
    upserted: 0,
    deleted: 0,
    skipped: 0,
    pages: 0,
    error: null,
  };
  const connector = options.connector ?? (await erpConnector(deps));
  const writer = writers[entity] as Writer<typeof entity>;
  const writerDeps = { db: deps.db, storage: deps.storage, connector };
  const state = await selectSyncState(deps.db, entity);
  let expected: SyncCheckpoint = {
    nextLink: state?.nextLink ?? null,
    modifiedSince: state?.modifiedSince ?? null,
  };
  // a run from nothing, or the rest of the first one (a resumed full run carries the mark it will reach)
  const full = expected.modifiedSince === null || (expected.nextLink !== null && !state?.fullCompletedAt);
  if (expected.nextLink === null) await startSyncRun(deps.db, entity, now());
  try {
    const from = expected.nextLink === null && expected.modifiedSince === null ? null : expected;
    for await (const page of connector.pages(entity, from, options.signal)) {
      const prepared = writer.prepare ? await writer.prepare(writerDeps, page.records, options.signal) : null;
      let write: PageWrite | 'moved';
      try {
        write = await deps.db.transaction(async (tx) => {
          const row = await lockSyncState(tx, entity);
          if (!same(expected, row)) return 'moved' as const;
          const written = await writer.write(tx, page.records, prepared, writerDeps);
          if (written.waitingFor) return written;
          // the last page of a full run: what the ERP did not list goes (stock on site), with the checkpoint
          const swept =
            full && page.checkpoint.nextLink === null ? ((await writer.afterFullRun?.(tx)) ?? 0) : 0;
          const w = { ...written, deleted: written.deleted + swept };
          await saveCheckpoint(
            tx,
            entity,
            page.checkpoint,
            { ...w, total: page.total ?? null, read: page.records.length },
            now(),
          );
          return w;
        });
      } catch (e) {
        await writer.discard?.(writerDeps, prepared);
        throw e;
      }
      if (write === 'moved' || write.waitingFor) await writer.discard?.(writerDeps, prepared);
      if (write === 'moved') return { ...result, state: 'busy' };
      if (write.waitingFor) throw new SyncWaiting(write.waitingFor.entity, write.waitingFor.keys);
      await writer.afterCommit?.(writerDeps, prepared);
      result.pages++;
      result.upserted += write.upserted;
      result.deleted += write.deleted;
      result.skipped += write.skipped;
      expected = page.checkpoint;
    }
    await finishSyncRun(deps.db, entity, full, now());
    return result;
  } catch (e) {
    if (options.signal?.aborted) throw e;
    const error =
      e instanceof ErpError || e instanceof SyncWaiting
        ? { code: e.code, params: e.params }
        : { code: 'erp.fout.portaal', params: { what: entity } };
    await recordSyncError(deps.db, entity, error.code, error.params, now());
    if (!(e instanceof ErpError || e instanceof SyncWaiting))
      deps.log?.({ msg: 'erp.sync_failed', error: String(e) });
    return { ...result, state: 'failed', error };
  }
}

/** Syncs the entities in the order of a whole sync; one that fails does not stop the others. */
export async function syncEntities(
  deps: SyncDeps,
  entities: readonly SyncedEntity[],
  options: { signal?: AbortSignal } = {},
): Promise<EntitySyncResult[]> {
  const connector = await erpConnector(deps);
  const results: EntitySyncResult[] = [];
  for (const entity of syncOrder.filter((e) => entities.includes(e)))
    results.push(await syncEntity(deps, entity, { ...options, connector }));
  return results;
}
