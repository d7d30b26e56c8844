import type { PgBoss } from 'pg-boss';
import { type EnsureResult, ensureSubscriptions, type WebhookDeps, webhooksEnabled } from './erp.webhooks.ts';

/*
 * The webhook subscriptions as a pg-boss job (decision 0027): the queue erp.webhooks (stately: one run and one
 * waiting across every server process) runs ensureSubscriptions at start and every 15 minutes — a subscription the
 * ERP lost is made again within that, one is renewed a day before its 3-day expiry. With webhooks off it runs once
 * at start, to end the subscriptions the portal still holds.
 */

export const ERP_WEBHOOKS_QUEUE = 'erp.webhooks';
export const WEBHOOKS_CRON = '*/15 * * * *';

export async function startErpWebhooks(
  boss: PgBoss,
  deps: WebhookDeps & { webhookLog?: (result: EnsureResult) => void },
  pollingIntervalSeconds = 2,
): Promise<void> {
  await boss.createQueue(ERP_WEBHOOKS_QUEUE, { policy: 'stately' });
  await boss.work(ERP_WEBHOOKS_QUEUE, { pollingIntervalSeconds, batchSize: 1 }, async () => {
    const result = await ensureSubscriptions(deps, { signal: AbortSignal.timeout(10 * 60_000) });
    deps.webhookLog?.(result);
  });
  if (webhooksEnabled(deps.config)) await boss.schedule(ERP_WEBHOOKS_QUEUE, WEBHOOKS_CRON);
  else await boss.unschedule(ERP_WEBHOOKS_QUEUE).catch(() => {});
  await boss.send(ERP_WEBHOOKS_QUEUE, {});
}
