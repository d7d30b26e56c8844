import type { PgBoss } from 'pg-boss';
import type { JobQueue } from '../../platform/jobs/jobs.ts';
import type { SyncedEntity } from './erp.port.ts';
import { type SyncDeps, syncEntity, syncOrder } from './erp.sync.ts';

/*
 * The sync as pg-boss jobs (decision 0027): one job per entity on the queue erp.sync, whose policy (stately) with
 * the entity as singleton key lets one run and one wait per entity across every server process — asking again
 * while one waits queues nothing new. A run that fails is retried with backoff (a page waiting for another
 * entity, the ERP down); the checkpoint makes each try resume where the last stopped. With ERP_POLL_SECONDS a
 * schedule queues a delta of every entity (pg-boss cron: whole minutes).
 */

export const ERP_SYNC_QUEUE = 'erp.sync';
export const ERP_POLL_QUEUE = 'erp.sync.poll';

const jobOptions = { retryLimit: 5, retryDelay: 30, retryBackoff: true } as const;

/** Wakes this process's sync worker (set by startErpSync): a queued run starts now, not at the worker's next poll. */
let wakeWorker: (() => void) | null = null;

/** Queues a run of each entity (in the order of a whole sync); answers the entities that were queued now. */
export async function queueSync(jobs: JobQueue, entities: readonly SyncedEntity[]): Promise<SyncedEntity[]> {
  const queued: SyncedEntity[] = [];
  for (const [i, entity] of syncOrder.entries()) {
    if (!entities.includes(entity)) continue;
    // why: the same priority for all and the order of sending: a worker takes them in the order of a whole sync
    const id = await jobs.send(
      ERP_SYNC_QUEUE,
      { entity },
      { ...jobOptions, singletonKey: entity, priority: -i },
    );
    if (id) queued.push(entity);
  }
  // why: "sync now" and a webhook's delta should not wait up to the polling interval (a delta visible in seconds)
  if (queued.length) wakeWorker?.();
  return queued;
}

/** Every ERP_POLL_SECONDS rounded up to whole minutes, as a cron expression. */
export function pollCron(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return minutes >= 60 ? '0 * * * *' : `*/${minutes} * * * *`;
}

export async function startErpSync(
  boss: PgBoss,
  deps: SyncDeps & { pollSeconds: number },
  pollingIntervalSeconds = 2,
): Promise<void> {
  await boss.createQueue(ERP_SYNC_QUEUE, { policy: 'stately' });
  const worker = await boss.work<{ entity: SyncedEntity }>(
    ERP_SYNC_QUEUE,
    { pollingIntervalSeconds, batchSize: 1 },
    async (jobs) => {
      // the next queued entity right after this one, not a poll later (a whole sync is 20 of them)
      wakeWorker?.();
      for (const job of jobs) {
        const result = await syncEntity(deps, job.data.entity);
        // why: pg-boss retries a failed job with backoff; the state row keeps the error for the admin meanwhile
        if (result.state === 'failed') throw new Error(`${job.data.entity}: ${result.error?.code}`);
      }
    },
  );
  wakeWorker = () => boss.notifyWorker(worker);
  await boss.createQueue(ERP_POLL_QUEUE);
  if (deps.pollSeconds > 0) {
    await boss.schedule(ERP_POLL_QUEUE, pollCron(deps.pollSeconds));
    await boss.work(ERP_POLL_QUEUE, { pollingIntervalSeconds: 30 }, async () => {
      await queueSync(boss, syncOrder);
    });
  } else await boss.unschedule(ERP_POLL_QUEUE).catch(() => {});
}
