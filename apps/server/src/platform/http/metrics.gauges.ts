import type pg from 'pg';
import client from 'prom-client';
import type { Db } from '../db/database.ts';
import { OUTBOX_STATUSES, outboxAges, outboxCounts, queueDepths, syncLags } from './metrics.queries.ts';

/** What the gauges of the portal's state read. */
export interface GaugeSources {
  db: Db;
  pool: pg.Pool;
}

/**
 * The gauges of what the portal is doing (issue #35 point 3): the pg pool of this process, pg-boss's queue depths,
 * the outboxes' backlog and age, the ERP sync's lag per entity — read on each scrape.
 *
 * In a cluster (decision 0029) the primary adds up the workers' figures metric by metric (`aggregator`): the pool is
 * each process's own, so summed; the rest is the one database's state that every worker reads alike, so its maximum
 * (a sum would count it once per worker).
 */
export function registerStateGauges(registry: client.Registry, sources: GaugeSources): void {
  const registers = [registry];
  // one read of the database per scrape, shared by the gauges below (each collect() waits for it)
  let reading: Promise<Figures | null> | null = null;
  const figures = () => {
    reading ??= readFigures(sources.db).finally(() => {
      setImmediate(() => {
        reading = null;
      });
    });
    return reading;
  };

  new client.Gauge({
    name: 'db_pool_connections',
    help: "Connections of this process's PostgreSQL pool: total (open), idle, waiting (requests queued for one)",
    labelNames: ['state'],
    aggregator: 'sum',
    registers,
    collect() {
      this.set({ state: 'total' }, sources.pool.totalCount);
      this.set({ state: 'idle' }, sources.pool.idleCount);
      this.set({ state: 'waiting' }, sources.pool.waitingCount);
    },
  });
  new client.Gauge({
    name: 'db_pool_max',
    help: "The most connections this process's PostgreSQL pool opens",
    aggregator: 'sum',
    registers,
    collect() {
      this.set(sources.pool.options.max ?? 10);
    },
  });
  new client.Gauge({
    name: 'jobs_queue_depth',
    help: "Jobs in each pg-boss queue by state, as pg-boss's monitor last counted them (every 60 s)",
    labelNames: ['queue', 'state'],
    aggregator: 'max',
    registers,
    async collect() {
      this.reset();
      for (const q of (await figures())?.queues ?? [])
        for (const state of ['ready', 'deferred', 'active', 'failed'] as const)
          this.set({ queue: q.queue, state }, q[state]);
    },
  });
  new client.Gauge({
    name: 'outbox_messages',
    help: 'Messages each outbox (erp, mail) has not sent, by status',
    labelNames: ['outbox', 'status'],
    aggregator: 'max',
    registers,
    async collect() {
      this.reset();
      const read = await figures();
      if (!read) return;
      for (const [outbox, statuses] of Object.entries(OUTBOX_STATUSES))
        for (const status of statuses) this.set({ outbox, status }, 0);
      for (const c of read.counts) this.set({ outbox: c.outbox, status: c.status }, c.count);
    },
  });
  new client.Gauge({
    name: 'outbox_oldest_age_seconds',
    help: 'Age of the oldest message each outbox (erp, mail) still has to send; 0 when none waits',
    labelNames: ['outbox'],
    aggregator: 'max',
    registers,
    async collect() {
      this.reset();
      const read = await figures();
      if (!read) return;
      this.set({ outbox: 'erp' }, read.ages.erp);
      this.set({ outbox: 'mail' }, read.ages.mail);
    },
  });
  new client.Gauge({
    name: 'erp_sync_lag_seconds',
    help: "Seconds since each ERP entity's last complete sync run (delta or full)",
    labelNames: ['entity'],
    aggregator: 'max',
    registers,
    async collect() {
      this.reset();
      for (const l of (await figures())?.lags ?? []) this.set({ entity: l.entity }, l.seconds);
    },
  });
}

interface Figures {
  queues: Awaited<ReturnType<typeof queueDepths>>;
  counts: Awaited<ReturnType<typeof outboxCounts>>;
  ages: Awaited<ReturnType<typeof outboxAges>>;
  lags: Awaited<ReturnType<typeof syncLags>>;
}

/** Null when the database does not answer: the scrape still answers, without these figures. */
async function readFigures(db: Db): Promise<Figures | null> {
  try {
    const [queues, counts, ages, lags] = await Promise.all([
      queueDepths(db),
      outboxCounts(db),
      outboxAges(db),
      syncLags(db),
    ]);
    return { queues, counts, ages, lags };
  } catch {
    return null;
  }
}
