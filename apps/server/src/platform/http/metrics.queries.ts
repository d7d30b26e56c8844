import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';

/*
 * The figures of the portal's state (issue #35 point 3) /metrics reads on each scrape: each statement reads a few
 * rows through an index (the outboxes' status indexes, pg-boss's queue table, erp_sync_state's one row per entity).
 */

/** Messages not sent yet by outbox and status: the ERP outbox's waiting/sending/dead, the mail outbox's queued/failed. */
export const OUTBOX_STATUSES = {
  erp: ['waiting', 'sending', 'dead'],
  mail: ['queued', 'failed'],
} as const;

export interface OutboxFigures {
  outbox: 'erp' | 'mail';
  status: string;
  count: number;
}

export async function outboxCounts(db: Db): Promise<OutboxFigures[]> {
  // why: sent rows (and the mail outbox's stored ones, without SMTP) grow for ever; they are not counted
  const { rows } = await db.execute<{ outbox: 'erp' | 'mail'; status: string; count: number }>(sql`
    select 'erp' as outbox, status::text as status, count(*)::int as count from erp_outbox
      where status in ('waiting', 'sending', 'dead') group by status
    union all
    select 'mail', status, count(*)::int from mail_outbox where status in ('queued', 'failed') group by status`);
  return rows;
}

/** The age in seconds of the oldest message each outbox still has to send (0 when none waits). */
export async function outboxAges(db: Db): Promise<{ erp: number; mail: number }> {
  const { rows } = await db.execute<{ erp: number; mail: number }>(sql`
    select
      coalesce(extract(epoch from now() - (select min(created_at) from erp_outbox
        where status in ('waiting', 'sending'))), 0)::float8 as erp,
      coalesce(extract(epoch from now() - (select min(created_at) from mail_outbox
        where status in ('queued', 'failed'))), 0)::float8 as mail`);
  return rows[0];
}

export type QueueFigures = {
  queue: string;
  ready: number;
  deferred: number;
  active: number;
  failed: number;
};

/**
 * pg-boss's queues with the counts its monitor keeps (every monitorIntervalSeconds, 60 s by default, in one process
 * of all); none before pg-boss made its schema.
 */
export async function queueDepths(db: Db): Promise<QueueFigures[]> {
  const { rows: exists } = await db.execute<{ t: string | null }>(
    sql`select to_regclass('pgboss.queue')::text as t`,
  );
  if (!exists[0]?.t) return [];
  const { rows } = await db.execute<QueueFigures>(sql`
    select name as queue, ready_count as ready, deferred_count as deferred, active_count as active,
      failed_count as failed from pgboss.queue order by name`);
  return rows;
}

/** Seconds since each ERP entity's last complete run (a delta, or a full run if later); none for an entity never run. */
export async function syncLags(db: Db): Promise<{ entity: string; seconds: number }[]> {
  const { rows } = await db.execute<{ entity: string; seconds: number }>(sql`
    select entity, extract(epoch from now() - greatest(delta_completed_at, full_completed_at))::float8 as seconds
    from erp_sync_state where coalesce(delta_completed_at, full_completed_at) is not null order by entity`);
  return rows;
}
