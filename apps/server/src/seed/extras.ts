import type { CataloguePlan, DemoItem } from './build-catalogue.ts';
import { addComplaintsAndExitOrders } from './extras-complaints.ts';
import { addUserLists } from './extras-lists.ts';
import { plantRecords } from './extras-plants.ts';
import type { ExtrasResult, ExtrasState } from './extras-state.ts';
import type { FileJob } from './file-jobs.ts';
import type { Rng } from './random.ts';
import type { OrgLocation, SimulationSummary } from './simulate.ts';

export interface ExtrasInput {
  rng: Rng;
  catalogue: CataloguePlan;
  locations: OrgLocation[];
  simulation: SimulationSummary;
  invoicing: ExtrasState['invoicing'];
  bulkAt: ExtrasState['bulkAt'];
  users: Map<string, string>;
  adminId: string;
  referenceDate: string;
  today: string;
}

/**
 * Inspections, documents, complaints, exit orders and the demo users' lists, made into `out` (answered at the end);
 * pauses (yields) every few thousand plants, so a caller can take the inspections made so far out of `out`.
 */
export function* extras(input: ExtrasInput): Generator<ExtrasResult, ExtrasResult> {
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
  const orderNo = new Map(simulation.orderInfos.map((o) => [o.id, o.orderNo]));
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
  for (const _ of plantRecords(x)) yield out;
  addComplaintsAndExitOrders(x);
  addUserLists(x);
  return out;
}
