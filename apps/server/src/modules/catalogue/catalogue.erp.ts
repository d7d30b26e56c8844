import type { Db } from '../../platform/db/database.ts';
import {
  catalogueRowsWritten,
  deleteErpCategories,
  deleteErpRows,
  deleteErpTechAttributes,
  deleteItem,
  missingAttributeCodes,
  missingCategoryCodes,
  missingItemNos,
  retireItem,
  selectItemIdsByErpId,
  upsertErpCategories,
  upsertErpCategoryTranslations,
  upsertErpItemLinks,
  upsertErpItems,
  upsertErpItemTechData,
  upsertErpItemTranslations,
  upsertErpRentalItems,
  upsertErpTechAttributes,
} from './catalogue.erp.queries.ts';

/*
 * The catalogue's side of the ERP sync (issue #33, decision 0027): a page of records read from the ERP written in
 * the caller's transaction (the page's, together with its checkpoint), set-based. Only the catalogue writes its
 * tables (its read models rest on that): the ERP module hands the records in the portal's words and calls these.
 * A page that names a category, item or attribute the portal does not have yet is not written: the answer says
 * what it waits for, and the sync stops at that page and tries it again after the entity it waits for has synced
 * (a record left out would be lost: the checkpoint moves past it).
 *
 * After the transaction commits, the caller calls invalidateCatalogueCaches: this process reads the change at
 * once; other processes rebuild their read models on catalogue_revision within a second (decision 0008).
 */

export interface CatalogueWrite {
  upserted: number;
  /** Nothing was written: the page names these, which the portal does not have yet. */
  waitingFor: { entity: 'categories' | 'items' | 'technicalAttributes'; keys: string[] } | null;
}

type Texts = Partial<Record<string, string>>;
export interface ErpCategoryRow {
  erpId: string;
  code: string;
  parentCode: string;
  navisionFilter: string | null;
  sort: number;
}
export interface ErpCategoryTranslationRow {
  erpId: string;
  categoryCode: string;
  locale: string;
  name: string;
}
export interface ErpItemRow {
  erpId: string;
  itemNo: string;
  description: string;
  categoryCode: string;
  blocked: boolean;
}
export interface ErpRentalItemRow {
  erpId: string;
  itemNo: string;
  rentalType: string;
  rentalUnit: string;
  dayPrice: string | null;
  weekPrice: string | null;
  salePrice: string | null;
  buyBackPrice: string | null;
  weight: string | null;
  numbered: boolean;
  inspectionIntervalMonths: number | null;
  searchable: boolean;
  visibleInCatalogue: boolean;
  sort: number;
}
export interface ErpItemTranslationRow {
  erpId: string;
  itemNo: string;
  locale: string;
  description: string;
  longDescription: string | null;
}
export interface ErpTechAttributeRow {
  erpId: string;
  code: string;
  kind: string;
  unit: string | null;
  label: Texts;
  filterable: boolean;
  sort: number;
}
export interface ErpItemTechDataRow {
  erpId: string;
  itemNo: string;
  attributeCode: string;
  sort: number;
  booleanValue: boolean | null;
  numberValue: string | null;
  textValue: Texts | null;
}

const written = (upserted: number): CatalogueWrite => ({ upserted, waitingFor: null });

const unchanged = new Error('the page changed nothing');

/**
 * Runs a page's statements in a savepoint that is rolled back when they changed no row. The statement-level
 * triggers of migration 0004 raise catalogue_revision for every statement, even one that changes nothing, and each
 * raise rebuilds the read models in every process (decision 0008): a delta that only reads again what the portal has
 * (its overlap, a repeated page) must not cost that.
 */
async function onlyIfChanged<T>(tx: Db, work: (sp: Db) => Promise<T>): Promise<T> {
  let out: T | undefined;
  try {
    await tx.transaction(async (sp) => {
      const before = await catalogueRowsWritten(sp);
      out = await work(sp);
      if ((await catalogueRowsWritten(sp)) === before) throw unchanged;
    });
  } catch (e) {
    if (e !== unchanged) throw e;
  }
  return out as T;
}
const waiting = (entity: 'categories' | 'items' | 'technicalAttributes', keys: string[]): CatalogueWrite => ({
  upserted: 0,
  waitingFor: { entity, keys },
});

export async function writeErpCategories(tx: Db, rows: readonly ErpCategoryRow[]): Promise<CatalogueWrite> {
  return written(rows.length ? await onlyIfChanged(tx, (sp) => upsertErpCategories(sp, rows)) : 0);
}

export async function writeErpCategoryTranslations(
  tx: Db,
  rows: readonly ErpCategoryTranslationRow[],
): Promise<CatalogueWrite> {
  if (!rows.length) return written(0);
  const unknown = await missingCategoryCodes(tx, rows, 'categoryCode');
  if (unknown.length) return waiting('categories', unknown);
  return written(await onlyIfChanged(tx, (sp) => upsertErpCategoryTranslations(sp, rows)));
}

export async function writeErpItems(tx: Db, rows: readonly ErpItemRow[]): Promise<CatalogueWrite> {
  if (!rows.length) return written(0);
  const unknown = await missingCategoryCodes(tx, rows, 'categoryCode');
  if (unknown.length) return waiting('categories', unknown);
  return written(await onlyIfChanged(tx, (sp) => upsertErpItems(sp, rows)));
}

export async function writeErpRentalItems(
  tx: Db,
  rows: readonly ErpRentalItemRow[],
): Promise<CatalogueWrite> {
  return written(rows.length ? await onlyIfChanged(tx, (sp) => upsertErpRentalItems(sp, rows)) : 0);
}

export async function writeErpItemTranslations(
  tx: Db,
  rows: readonly ErpItemTranslationRow[],
): Promise<CatalogueWrite> {
  if (!rows.length) return written(0);
  const unknown = await missingItemNos(tx, rows, 'itemNo');
  if (unknown.length) return waiting('items', unknown);
  return written(await onlyIfChanged(tx, (sp) => upsertErpItemTranslations(sp, rows)));
}

export async function writeErpTechAttributes(
  tx: Db,
  rows: readonly ErpTechAttributeRow[],
): Promise<CatalogueWrite> {
  return written(rows.length ? await onlyIfChanged(tx, (sp) => upsertErpTechAttributes(sp, rows)) : 0);
}

export async function writeErpItemTechData(
  tx: Db,
  rows: readonly ErpItemTechDataRow[],
): Promise<CatalogueWrite> {
  if (!rows.length) return written(0);
  const items = await missingItemNos(tx, rows, 'itemNo');
  if (items.length) return waiting('items', items);
  const attributes = await missingAttributeCodes(tx, rows, 'attributeCode');
  if (attributes.length) return waiting('technicalAttributes', attributes);
  return written(await onlyIfChanged(tx, (sp) => upsertErpItemTechData(sp, rows)));
}

export interface ErpItemLinkRow {
  erpId: string;
  itemNo: string;
  kind: string;
  linkedItemNo: string;
  amount: number;
  sort: number;
}

/** Accessories and order tips: both ends are items, which the portal must have first. */
export async function writeErpItemLinks(tx: Db, rows: readonly ErpItemLinkRow[]): Promise<CatalogueWrite> {
  if (!rows.length) return written(0);
  const unknown = [
    ...new Set([
      ...(await missingItemNos(tx, rows, 'itemNo')),
      ...(await missingItemNos(tx, rows, 'linkedItemNo')),
    ]),
  ];
  if (unknown.length) return waiting('items', unknown);
  return written(await onlyIfChanged(tx, (sp) => upsertErpItemLinks(sp, rows)));
}

/** The catalogue entities the ERP can delete from. */
export type CatalogueErpEntity =
  | 'categories'
  | 'categoryTranslations'
  | 'items'
  | 'itemTranslations'
  | 'technicalAttributes'
  | 'itemTechnicalData'
  | 'itemLinks';

/**
 * Deletes what the ERP deleted. An item that the portal's history still names (order lines, plants, requests) is
 * not deleted but retired: blocked and out of the catalogue and the search, so it disappears for users while
 * what happened with it stays readable. Answers how many rows were deleted or retired.
 */
export async function deleteErpCatalogueRows(
  tx: Db,
  entity: CatalogueErpEntity,
  erpIds: readonly string[],
): Promise<number> {
  if (!erpIds.length) return 0;
  return onlyIfChanged(tx, (sp) => deleteRows(sp, entity, erpIds));
}

async function deleteRows(tx: Db, entity: CatalogueErpEntity, erpIds: readonly string[]): Promise<number> {
  if (entity === 'categories') return deleteErpCategories(tx, erpIds);
  if (entity === 'technicalAttributes') return deleteErpTechAttributes(tx, erpIds);
  if (entity === 'categoryTranslations') return deleteErpRows(tx, 'category_translations', erpIds);
  if (entity === 'itemTranslations') return deleteErpRows(tx, 'item_translations', erpIds);
  if (entity === 'itemTechnicalData') return deleteErpRows(tx, 'item_tech_data', erpIds);
  if (entity === 'itemLinks') return deleteErpRows(tx, 'item_links', erpIds);
  const ids = await selectItemIdsByErpId(tx, erpIds);
  for (const id of ids) {
    try {
      // why: a savepoint per item, so an item still named by the history only rolls back its own delete
      await tx.transaction(async (sp) => deleteItem(sp, id));
    } catch (e) {
      if (!stillNamed(e)) throw e;
      await retireItem(tx, id);
    }
  }
  return ids.length;
}

/** A foreign key that keeps the row (RESTRICT: 23001, NO ACTION: 23503). */
function stillNamed(e: unknown): boolean {
  const code = (e as { code?: string }).code ?? (e as { cause?: { code?: string } }).cause?.code;
  return code === '23001' || code === '23503';
}
