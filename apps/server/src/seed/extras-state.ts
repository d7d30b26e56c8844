import type * as s from '../db/schema/index.ts';
import type { CataloguePlan, DemoItem } from './build-catalogue.ts';
import type { FileJob } from './file-jobs.ts';
import type { Rng } from './random.ts';
import type { OrgLocation, SimulationSummary } from './simulate.ts';

type Insert<T extends { $inferInsert: unknown }> = T['$inferInsert'];

/** Inspections, documents, complaints, exit orders and the demo users' lists. */

export interface ExtrasResult {
  inspections: Insert<typeof s.inspections>[];
  documents: Insert<typeof s.documents>[];
  complaints: Insert<typeof s.complaints>[];
  complaintLines: Insert<typeof s.complaintLines>[];
  complaintDocuments: Insert<typeof s.complaintDocuments>[];
  exitOrders: Insert<typeof s.exitOrders>[];
  exitOrderLines: Insert<typeof s.exitOrderLines>[];
  exitOrderFiles: Insert<typeof s.exitOrderFiles>[];
  favouriteLists: Insert<typeof s.favouriteLists>[];
  favouriteListItems: Insert<typeof s.favouriteListItems>[];
  orderLists: Insert<typeof s.orderLists>[];
  orderListLines: Insert<typeof s.orderListLines>[];
  removalLists: Insert<typeof s.removalLists>[];
  removalListLines: Insert<typeof s.removalListLines>[];
  files: FileJob[];
}

/** What the parts of buildExtras share: its input, the rows built so far, and two lookups. */
export interface ExtrasState {
  rng: Rng;
  catalogue: CataloguePlan;
  locations: OrgLocation[];
  simulation: SimulationSummary;
  invoicing: { invoices: Insert<typeof s.salesInvoices>[] };
  /** Bulk quantity per item at a location at the end (from the ledger). */
  bulkAt: (location: number) => Map<string, number>;
  users: Map<string, string>;
  adminId: string;
  ref: string;
  today: string;
  files: FileJob[];
  out: ExtrasResult;
  orderNo: Map<string, string>;
  byNo: (itemNo: string) => DemoItem;
  /** Index of a location by its number. */
  locByNo: Map<string, number>;
}
