import { BusinessCentralConnector } from './business-central/adapter.ts';
import { BcDelivery } from './business-central/delivery.ts';
import { type ErpDeps, erpConnector } from './erp.connector.ts';
import type { ErpDelivery } from './erp.port.ts';
import { type OutboxWorkerDeps, startOutboxWorker } from './outbox.worker.ts';

/** With BC's settings incomplete (or no ERP at all): nothing can go, the outbox waits until they are there. */
const notConfigured: ErpDelivery = {
  async deliver() {
    return {
      outcome: 'retry',
      afterSeconds: null,
      errorCode: 'ErpOutbox.wacht.instellingen',
      errorParams: {},
    };
  },
};

/** The delivery of the configured ERP now (its connection from the settings, as the sync's connector). */
export async function erpDelivery(deps: ErpDeps): Promise<ErpDelivery> {
  const connector = await erpConnector(deps);
  if (connector instanceof BusinessCentralConnector) return new BcDelivery(connector.client);
  return notConfigured;
}

/**
 * main.ts: the outbox's worker on the job queue, when an ERP is configured (ERP=business-central or fake-bc); with
 * ERP=none nothing is ever written to the outbox and no worker runs.
 */
export async function startErpOutbox(
  boss: Parameters<typeof startOutboxWorker>[0],
  deps: ErpDeps & { clock: () => Date; outboxLog?: OutboxWorkerDeps['log'] },
): Promise<void> {
  if (deps.config.ERP === 'none') return;
  await startOutboxWorker(boss, {
    db: deps.db,
    clock: deps.clock,
    delivery: () => erpDelivery(deps),
    log: deps.outboxLog,
  });
}
