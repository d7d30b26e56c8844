import { PgBoss } from 'pg-boss';
import type { Db } from '../db/database.ts';
import { deleteExpiredIdempotencyKeys } from '../http/idempotency.ts';
import { MAIL_QUEUE, type Mailer } from '../mail/mailer.ts';
import { telemetryStarted } from '../telemetry/telemetry.ts';

/** What a module needs to queue a job of its own (pg-boss, or a stand-in in a test). */
export type JobQueue = Pick<PgBoss, 'send'>;

/** Housekeeping that runs on a schedule (pg-boss cron: one run per slot across all server processes). */
export const MAINTENANCE_QUEUE = 'maintenance.idempotency-keys';
/** Every hour at minute 17. */
export const MAINTENANCE_CRON = '17 * * * *';

/**
 * pg-boss keeps its queues in the portal's own PostgreSQL (schema pgboss): no other server needed. With tracing on
 * (telemetry.ts) a job carries the trace context it was queued in, and its span continues that trace.
 */
export async function createJobs(url: string, onError: (e: Error) => void): Promise<PgBoss> {
  const boss = new PgBoss({
    connectionString: url,
    schema: 'pgboss',
    max: 4,
    openTelemetry: { propagateContext: telemetryStarted() },
  });
  boss.on('error', onError);
  await boss.start();
  await boss.createQueue(MAIL_QUEUE);
  await boss.createQueue(MAINTENANCE_QUEUE);
  await boss.schedule(MAINTENANCE_QUEUE, MAINTENANCE_CRON);
  return boss;
}

export async function startWorkers(
  boss: PgBoss,
  deps: { mailer: Mailer; db: Db },
  pollingIntervalSeconds = 2,
): Promise<void> {
  await boss.work<{ id: string }>(MAIL_QUEUE, { pollingIntervalSeconds, batchSize: 5 }, async (jobs) => {
    for (const job of jobs) await deps.mailer.deliver(job.data.id);
  });
  await boss.work(MAINTENANCE_QUEUE, { pollingIntervalSeconds }, async () => {
    await deleteExpiredIdempotencyKeys(deps.db);
  });
}
