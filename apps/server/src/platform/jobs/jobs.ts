import { PgBoss } from 'pg-boss';
import { MAIL_QUEUE, type Mailer } from '../mail/mailer.ts';

/** pg-boss keeps its queues in the portal's own PostgreSQL (schema pgboss): no other server needed. */
export async function createJobs(url: string, onError: (e: Error) => void): Promise<PgBoss> {
  const boss = new PgBoss({ connectionString: url, schema: 'pgboss', max: 4 });
  boss.on('error', onError);
  await boss.start();
  await boss.createQueue(MAIL_QUEUE);
  return boss;
}

export async function startWorkers(boss: PgBoss, mailer: Mailer, pollingIntervalSeconds = 2): Promise<void> {
  await boss.work<{ id: string }>(MAIL_QUEUE, { pollingIntervalSeconds, batchSize: 5 }, async (jobs) => {
    for (const job of jobs) await mailer.deliver(job.data.id);
  });
}
