import type { Db } from '../../platform/db/database.ts';
import type { ErpEntity, ErpPortalUser, ErpSalesDocument } from './erp.port.ts';
import {
  deleteErpSalesDocuments,
  deleteErpUsers,
  missingAppliedInvoices,
  missingKeys,
  missingUserLocationNos,
  replaceErpUserLocations,
  upsertErpSalesDocuments,
  upsertErpUsers,
} from './erp.sync.sales.queries.ts';

/*
 * What a page of users, sales invoices or credit memos does to the portal (decision 0027), in the page's
 * transaction. A user or document that names a customer or location the portal does not have yet waits for it
 * (`waitingFor`), and so does a credit memo whose invoice has not come in yet.
 */

/** What a page wrote (erp.sync.writers.ts's PageWrite). */
interface PageWrite {
  upserted: number;
  deleted: number;
  skipped: number;
  waitingFor: { entity: ErpEntity; keys: string[] } | null;
}

const nothing: PageWrite = { upserted: 0, deleted: 0, skipped: 0, waitingFor: null };

export async function writeErpUsers(tx: Db, rows: ErpPortalUser[]): Promise<PageWrite> {
  if (!rows.length) return nothing;
  const customers = await missingKeys(tx, rows, 'customerNo', 'customers', 'customer_no');
  if (customers.length) return { ...nothing, waitingFor: { entity: 'customers', keys: customers } };
  const locations = await missingUserLocationNos(tx, rows);
  if (locations.length) return { ...nothing, waitingFor: { entity: 'projectLocations', keys: locations } };
  const now = new Date();
  const written = await upsertErpUsers(tx, rows, now);
  for (const id of await replaceErpUserLocations(tx, rows, now)) written.add(id);
  return { ...nothing, upserted: written.size };
}

/** A page of posted invoices or credit memos. */
export async function writeErpSalesDocuments(
  tx: Db,
  kind: 'invoice' | 'credit_memo',
  rows: ErpSalesDocument[],
): Promise<PageWrite> {
  if (!rows.length) return nothing;
  const customers = await missingKeys(tx, rows, 'customerNo', 'customers', 'customer_no');
  if (customers.length) return { ...nothing, waitingFor: { entity: 'customers', keys: customers } };
  const locations = await missingKeys(tx, rows, 'locationNo', 'plant_locations', 'location_no');
  if (locations.length) return { ...nothing, waitingFor: { entity: 'projectLocations', keys: locations } };
  if (kind === 'credit_memo') {
    const invoices = await missingAppliedInvoices(tx, rows);
    if (invoices.length) return { ...nothing, waitingFor: { entity: 'salesInvoices', keys: invoices } };
  }
  const { written, skipped } = await upsertErpSalesDocuments(tx, kind, rows);
  return { ...nothing, upserted: written, skipped };
}

/** A deletion of a user or a sales document (deletions' page); null: not one of these entities. */
export async function deleteErpSalesRows(tx: Db, entity: string, erpIds: string[]): Promise<number | null> {
  if (entity === 'users') return deleteErpUsers(tx, erpIds, new Date());
  if (entity === 'salesInvoices' || entity === 'salesCreditMemos') return deleteErpSalesDocuments(tx, erpIds);
  return null;
}
