import type { PgBoss } from 'pg-boss';
import type { Db } from '../../platform/db/database.ts';
import { deleteSupersededScans } from './idle.queries.ts';

/*
 * Scans are stored for the idle rule (decision 0034), which reads only the latest scan of a plant on a location. A
 * daily job (pg-boss cron: one run per slot across processes) removes the scans a later one of the same plant on the
 * same location supersedes, so `plant_scans` holds about one row per plant and location instead of one per scan.
 * Scans of the last day stay, whatever follows them.
 */

export const IDLE_SCANS_QUEUE = 'idle.scans-clean-up';
/** Every night at 03:41 (Europe/Amsterdam). */
export const IDLE_SCANS_CRON = '41 3 * * *';
const KEEP_MS = 24 * 3_600_000;

/** Removes the superseded scans older than a day; answers how many went. */
export function cleanUpScans(db: Db, now = new Date()): Promise<number> {
  return deleteSupersededScans(db, new Date(now.getTime() - KEEP_MS));
}

export async function startScanCleanUp(
  boss: PgBoss,
  deps: { db: Db; clock: () => Date },
  pollingIntervalSeconds = 30,
): Promise<void> {
  await boss.createQueue(IDLE_SCANS_QUEUE);
  await boss.schedule(IDLE_SCANS_QUEUE, IDLE_SCANS_CRON, null, { tz: 'Europe/Amsterdam' });
  await boss.work(IDLE_SCANS_QUEUE, { pollingIntervalSeconds }, async () => {
    await cleanUpScans(deps.db, deps.clock());
  });
}
