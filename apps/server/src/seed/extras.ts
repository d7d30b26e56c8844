import type { CataloguePlan, DemoItem } from './build-catalogue.ts';
import { addComplaintsAndExitOrders } from './extras-complaints.ts';
import { addUserLists } from './extras-lists.ts';
import { addPlantRecords } from './extras-plants.ts';
import type { ExtrasResult, ExtrasState } from './extras-state.ts';
import type { FileJob } from './file-jobs.ts';
import type { InvoicingResult } from './invoicing.ts';
import type { Rng } from './random.ts';
import type { OrgLocation, SimulationResult } from './simulate.ts';

export function buildExtras(input: {
  rng: Rng;
  catalogue: CataloguePlan;
  locations: OrgLocation[];
  simulation: SimulationResult;
  invoicing: InvoicingResult;
  /** Bulk quantity per location and item at the end (from the ledger). */
  bulkAt: Map<string, number>[];
  users: Map<string, string>;
  adminId: string;
  referenceDate: string;
  today: string;
}): ExtrasResult {
  const {
    rng,
    catalogue,
    locations,
    simulation,
    invoicing,
    bulkAt,
    users,
    adminId,
    referenceDate: ref,
    today,
  } = input;
  const files: FileJob[] = [];
  const out: ExtrasResult = {
    inspections: [],
    documents: [],
    complaints: [],
    complaintLines: [],
    complaintDocuments: [],
    exitOrders: [],
    exitOrderLines: [],
    exitOrderFiles: [],
    favouriteLists: [],
    favouriteListItems: [],
    orderLists: [],
    orderListLines: [],
    removalLists: [],
    removalListLines: [],
    files,
  };
  const orderNo = new Map(simulation.orders.map((o) => [o.id!, o.orderNo!]));
  const byNo = (itemNo: string): DemoItem => {
    const item = catalogue.byItemNo.get(itemNo);
    if (!item) throw new Error(`unknown demo item ${itemNo}`);
    return item;
  };

  const locByNo = new Map(locations.map((l, i) => [l.spec.locationNo, i]));
  const x: ExtrasState = {
    rng,
    catalogue,
    locations,
    simulation,
    invoicing,
    bulkAt,
    users,
    adminId,
    ref,
    today,
    files,
    out,
    orderNo,
    byNo,
    locByNo,
  };
  // In this order: they draw from one random sequence.
  addPlantRecords(x);
  addComplaintsAndExitOrders(x);
  addUserLists(x);
  return out;
}
