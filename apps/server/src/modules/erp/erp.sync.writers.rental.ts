import type { Db } from '../../platform/db/database.ts';
import { invalidateCatalogueCaches, writeErpItemLinks } from '../catalogue/index.ts';
import {
  deleteErpPlants,
  deleteErpStockOnSite,
  sweepUnlistedStockOnSite,
  writeErpPlants,
  writeErpStockOnSite,
} from '../stock/index.ts';
import type { ErpEntity } from './erp.port.ts';
import { upsertErpInspections } from './erp.sync.queries.ts';
import {
  deleteDepot,
  deleteErpWorkAddresses,
  missingLocationNos,
  missingPlantNos,
  retireDepot,
  selectDepotIdsByErpId,
  upsertErpDepots,
  upsertErpWorkAddresses,
} from './erp.sync.rental.queries.ts';
import type { PageWrite, Writer } from './erp.sync.writer.ts';

/*
 * What a page of depots, work addresses, item links, plants or stock on site does to the portal (decision 0027),
 * in the page's transaction: item links through the catalogue, plants and stock through the stock module (each
 * alone writes its tables), depots and work addresses here. Registered in erp.sync.writers.ts.
 */

const none: PageWrite = { upserted: 0, deleted: 0, skipped: 0, waitingFor: null };
const of = (w: { upserted: number; waitingFor: PageWrite['waitingFor'] }): PageWrite => ({
  ...none,
  upserted: w.upserted,
  waitingFor: w.waitingFor,
});

export const rentalWriters: {
  depots: Writer<'depots'>;
  workAddresses: Writer<'workAddresses'>;
  itemLinks: Writer<'itemLinks'>;
  plants: Writer<'plants'>;
  stockOnSite: Writer<'stockOnSite'>;
} = {
  depots: {
    write: async (tx, rows) => ({ ...none, upserted: rows.length ? await upsertErpDepots(tx, rows) : 0 }),
  },
  workAddresses: {
    write: async (tx, rows) => {
      if (!rows.length) return none;
      const unknown = await missingLocationNos(tx, rows);
      if (unknown.length) return { ...none, waitingFor: { entity: 'projectLocations', keys: unknown } };
      return { ...none, upserted: await upsertErpWorkAddresses(tx, rows) };
    },
  },
  itemLinks: {
    write: async (tx, rows) => of(await writeErpItemLinks(tx, rows)),
    afterCommit: (deps) => invalidateCatalogueCaches(deps.db),
  },
  plants: { write: async (tx, rows) => of(await writeErpPlants(tx, rows)) },
  stockOnSite: {
    write: async (tx, rows) => of(await writeErpStockOnSite(tx, rows)),
    afterFullRun: (tx) => sweepUnlistedStockOnSite(tx),
  },
};

/**
 * Inspections: of a plant the portal does not have yet but the ERP does, the page waits for the plants' sync; of a
 * plant the ERP does not have either (its plants page leaves it out), the inspection is left out and counted as
 * skipped. Which plants the ERP has is asked before the transaction, only for the numbers the portal lacks.
 */
export const inspectionsWriter: Writer<'inspections'> = {
  prepare: async (deps, records, signal) => {
    const unknown = records.length ? await missingPlantNos(deps.db, records) : [];
    return unknown.length && deps.connector ? deps.connector.plantsKnown(unknown, signal) : new Set<string>();
  },
  write: async (tx, rows, prepared) => {
    if (!rows.length) return none;
    const inErp = prepared as Set<string>;
    const waiting = (await missingPlantNos(tx, rows)).filter((no) => inErp.has(no));
    if (waiting.length) return { ...none, waitingFor: { entity: 'plants', keys: waiting.slice(0, 10) } };
    const { upserted, skipped } = await upsertErpInspections(tx, rows);
    return { ...none, upserted, skipped };
  },
};

/** The entities whose deletions are handled here (item links go with the catalogue's). */
export const rentalDeletionEntities: ReadonlySet<ErpEntity> = new Set<ErpEntity>([
  'depots',
  'workAddresses',
  'plants',
  'stockOnSite',
]);

/**
 * Deletes what the ERP deleted: stock on site is taken off its location (a correction), a plant or depot that
 * history still names is retired (a plant: status retired; a depot: no longer offered), a work address deleted.
 */
export async function deleteRentalRows(
  tx: Db,
  entity: ErpEntity,
  erpIds: readonly string[],
): Promise<number> {
  if (entity === 'stockOnSite') return deleteErpStockOnSite(tx, erpIds);
  if (entity === 'plants') return deleteErpPlants(tx, erpIds);
  if (entity === 'workAddresses') return deleteErpWorkAddresses(tx, erpIds);
  if (entity !== 'depots') return 0;
  const ids = await selectDepotIdsByErpId(tx, erpIds);
  for (const id of ids) {
    try {
      await tx.transaction(async (sp) => deleteDepot(sp, id));
    } catch (e) {
      if (!stillNamed(e)) throw e;
      await retireDepot(tx, id);
    }
  }
  return ids.length;
}

const stillNamed = (e: unknown) => {
  const code = (e as { code?: string }).code ?? (e as { cause?: { code?: string } }).cause?.code;
  return code === '23001' || code === '23503';
};
