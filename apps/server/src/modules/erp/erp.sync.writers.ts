import type { Db } from '../../platform/db/database.ts';
import {
  type CatalogueErpEntity,
  type CatalogueWrite,
  deleteErpCatalogueRows,
  invalidateCatalogueCaches,
  writeErpCategories,
  writeErpCategoryTranslations,
  writeErpItems,
  writeErpItemTechData,
  writeErpItemTranslations,
  writeErpRentalItems,
  writeErpTechAttributes,
} from '../catalogue/index.ts';
import type { ErpDeletion, ErpEntity, ErpRecords, SyncedEntity } from './erp.port.ts';
import {
  discardItemPictures,
  dropReplacedPictures,
  prepareItemPictures,
  writeItemPictures,
} from './erp.sync.pictures.ts';
import {
  blockRow,
  deleteErpInspections,
  deleteRow,
  missingCustomerNos,
  selectIdsByErpId,
  upsertErpCustomers,
  upsertErpLocations,
} from './erp.sync.queries.ts';
import type { PageWrite, Writer, WriterDeps } from './erp.sync.writer.ts';
import {
  deleteRentalRows,
  inspectionsWriter,
  rentalDeletionEntities,
  rentalWriters,
} from './erp.sync.writers.rental.ts';
import { deleteErpSalesRows, writeErpSalesDocuments, writeErpUsers } from './erp.sync.writers.sales.ts';

/*
 * What each synced entity's page does to the portal (decision 0027), in the page's transaction: the catalogue's
 * entities through the catalogue module (it alone writes its tables), the organisation's here. A page that names
 * something the portal does not have yet is not written (`waitingFor`): the sync stops there and tries again later.
 */

export type { PageWrite, Writer, WriterDeps };

const of = (w: CatalogueWrite): PageWrite => ({
  upserted: w.upserted,
  deleted: 0,
  skipped: 0,
  waitingFor: w.waitingFor,
});
const catalogue = <E extends SyncedEntity>(
  write: (tx: Db, rows: ErpRecords[E][]) => Promise<CatalogueWrite>,
): Writer<E> => ({
  write: async (tx, rows) => of(await write(tx, rows)),
  afterCommit: (deps) => invalidateCatalogueCaches(deps.db),
});

const catalogueEntities: ReadonlySet<ErpEntity> = new Set<CatalogueErpEntity>([
  'categories',
  'categoryTranslations',
  'items',
  'itemTranslations',
  'technicalAttributes',
  'itemTechnicalData',
  'itemLinks',
]);

/** Deletes what the ERP deleted, entity by entity; a customer or location still named is blocked instead. */
async function writeDeletions(tx: Db, rows: ErpDeletion[]): Promise<PageWrite> {
  const byEntity = new Map<ErpEntity, string[]>();
  for (const r of rows) byEntity.set(r.entity, [...(byEntity.get(r.entity) ?? []), r.erpId]);
  let deleted = 0;
  for (const [entity, erpIds] of byEntity) {
    if (catalogueEntities.has(entity))
      deleted += await deleteErpCatalogueRows(tx, entity as CatalogueErpEntity, erpIds);
    else if (entity === 'inspections') deleted += await deleteErpInspections(tx, erpIds);
    else if (entity === 'users' || entity === 'salesInvoices' || entity === 'salesCreditMemos')
      deleted += (await deleteErpSalesRows(tx, entity, erpIds)) ?? 0;
    else if (rentalDeletionEntities.has(entity)) deleted += await deleteRentalRows(tx, entity, erpIds);
    else if (entity === 'customers' || entity === 'projectLocations') {
      const table = entity === 'customers' ? 'customers' : 'plant_locations';
      for (const id of await selectIdsByErpId(tx, table, erpIds)) {
        try {
          await tx.transaction(async (sp) => deleteRow(sp, table, id));
        } catch (e) {
          if (sqlState(e) !== '23503' && sqlState(e) !== '23001') throw e;
          await blockRow(tx, table, id);
        }
        deleted++;
      }
    }
  }
  return { upserted: 0, deleted, skipped: 0, waitingFor: null };
}

const sqlState = (e: unknown) =>
  (e as { code?: string }).code ?? (e as { cause?: { code?: string } }).cause?.code ?? null;

export const writers: { [E in SyncedEntity]: Writer<E> } = {
  ...rentalWriters,
  categories: catalogue(writeErpCategories),
  categoryTranslations: catalogue(writeErpCategoryTranslations),
  items: catalogue(writeErpItems),
  rentalItems: catalogue(writeErpRentalItems),
  itemTranslations: catalogue(writeErpItemTranslations),
  technicalAttributes: catalogue(writeErpTechAttributes),
  itemTechnicalData: catalogue(writeErpItemTechData),
  itemImages: {
    prepare: prepareItemPictures,
    write: writeItemPictures,
    afterCommit: async (deps, prepared) => {
      invalidateCatalogueCaches(deps.db);
      await dropReplacedPictures(deps, prepared);
    },
    discard: discardItemPictures,
  },
  customers: {
    write: async (tx, rows) => ({
      upserted: rows.length ? await upsertErpCustomers(tx, rows) : 0,
      deleted: 0,
      skipped: 0,
      waitingFor: null,
    }),
  },
  projectLocations: {
    write: async (tx, rows) => {
      if (!rows.length) return { upserted: 0, deleted: 0, skipped: 0, waitingFor: null };
      const unknown = await missingCustomerNos(tx, rows);
      if (unknown.length)
        return { upserted: 0, deleted: 0, skipped: 0, waitingFor: { entity: 'customers', keys: unknown } };
      return { upserted: await upsertErpLocations(tx, rows), deleted: 0, skipped: 0, waitingFor: null };
    },
  },
  inspections: inspectionsWriter,
  users: { write: (tx, rows) => writeErpUsers(tx, rows) },
  salesInvoices: { write: (tx, rows) => writeErpSalesDocuments(tx, 'invoice', rows) },
  salesCreditMemos: { write: (tx, rows) => writeErpSalesDocuments(tx, 'credit_memo', rows) },
  deletions: {
    write: (tx, rows) => writeDeletions(tx, rows),
    afterCommit: (deps) => invalidateCatalogueCaches(deps.db),
  },
};
