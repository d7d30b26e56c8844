import type * as s from '../db/schema/index.ts';
import type { CataloguePlan, DemoItem } from './build-catalogue.ts';
import type { FamilySpec } from './catalogue-data.ts';
import type { LocationSpec } from './org-data.ts';
import type { PlantState, PlantTable } from './plant-table.ts';

export type { PlantState };

import type { Rng } from './random.ts';
import type { RowSink } from './sink.ts';
import type { BulkCounts, DayIndex, RentTimelines } from './stock-counts.ts';

export type Insert<T extends { $inferInsert: unknown }> = T['$inferInsert'];

/**
 * Plays six months of site life forward, day by day: requests are submitted, the department plans
 * and executes them as orders, and every executed order posts ledger entries. Current stock is then
 * the sum of the ledger, so every screen shows data the loop itself produced.
 */

export interface OrgLocation {
  id: string;
  spec: LocationSpec;
  customerId: string;
  profile: 'bouw' | 'infra';
  depotIndex: number;
  start: string;
  end: string | null;
  workAddresses: {
    id: string;
    code: string;
    name: string;
    street: string;
    postcode: string;
    city: string;
    contact: string;
    phone: string;
  }[];
  requesters: { userId: string; weight: number }[];
}

export interface SimulationInput {
  rng: Rng;
  catalogue: CataloguePlan;
  locations: OrgLocation[];
  depotIds: string[];
  adminId: string;
  referenceDate: string;
  scale: number;
}

export interface OrderInfo {
  id: string;
  kind: 'delivery' | 'removal' | 'move_from' | 'move_to' | 'transport';
  status: 'planned' | 'in_transit' | 'done' | 'cancelled';
  locationIndex: number;
  executedDate: string | null;
  orderDate: string;
  requestUserId: string | null;
  /** Its lines; line i has the id stableId('order-line', `${id}:${i}`) (orderLineId). */
  /** `plant`: the plant's index in the simulation's PlantTable, -1 for bulk. */
  readonly lines: { item: DemoItem; plantId: string | null; plant: number; quantity: number }[];
  readonly costs: { amount: number; description: string }[];
  /** Its human number ('O-2026-000123'), given when the simulation ends. */
  orderNo: string;
}

/** What the simulation leaves in memory when it has pushed its rows into a sink. */
export interface SimulationSummary {
  plants: readonly PlantState[];
  orderInfos: OrderInfo[];
  startDate: string;
  days: DayIndex;
  /** Bulk stock per place (the depots, then the locations) and item. */
  bulk: BulkCounts;
  timelines: RentTimelines;
  /** Per request (in creation order) its human number; the rows were pushed with '#<index>'. */
  requestNos: string[];
  /** Per order (in creation order, as orderInfos) its human number; the rows were pushed with '#<index>'. */
  orderNos: string[];
}

/** The simulation with all its rows (simulate: the fake Business Central's small scales). */
export interface SimulationResult extends SimulationSummary {
  requests: Insert<typeof s.plantRequests>[];
  requestLines: Insert<typeof s.requestLines>[];
  history: Insert<typeof s.requestStatusHistory>[];
  orders: Insert<typeof s.plantOrders>[];
  orderLines: Insert<typeof s.orderLines>[];
  orderCosts: Insert<typeof s.orderCosts>[];
  ledger: Insert<typeof s.inventoryLedger>[];
}

export type Kind = 'order' | 'removal' | 'relocation' | 'transport';
export type Status = 'submitted' | 'in_progress' | 'planned' | 'done' | 'cancelled' | 'rejected';

export interface WantedLine {
  item: DemoItem;
  amount: number;
  /** Plants by their index in the simulation's PlantTable. */
  plants?: number[];
  setId?: string;
  children?: WantedLine[];
}

/** The state of one simulation run, shared by its parts (simulate-orders.ts, simulate-requests.ts). */
export interface SimState {
  rng: Rng;
  catalogue: CataloguePlan;
  locations: OrgLocation[];
  depotIds: string[];
  adminId: string;
  ref: string;
  scale: number;
  startDate: string;
  plants: PlantTable;
  /** Where every row goes as soon as it is final. */
  sink: RowSink;
  /** Rows pushed so far (ids and human numbers count them). */
  counts: { history: number; ledger: number };
  /** 'kind:status' of every request made. */
  present: Set<string>;
  orderInfos: OrderInfo[];
  depotCount: number;
  /** Bulk free at each depot: depot × items + item index. */
  depotBulk: Int32Array;
  /** Plants (PlantTable indexes) free at each depot, first in first out: depot × items + item index → plants. */
  depotPlants: Map<number, number[]>;
  /** Per location: bulk quantity and plants (PlantTable indexes) by item index (catalogue.demoItems). */
  locBulk: Map<number, number>[];
  locPlants: Map<number, number[]>[];
  /** Posts a ledger entry of `item` (entry.itemId is its id) and of `plant` (PlantTable index; entry.plantId its id). */
  post: (item: DemoItem, entry: Omit<Insert<typeof s.inventoryLedger>, 'id'>, plant?: number) => void;
  pickFamily: (profile: 'bouw' | 'infra') => FamilySpec;
  pickItem: (family: FamilySpec) => DemoItem;
  byNo: (itemNo: string, copy?: number) => DemoItem;
}

export function pad(n: number, width: number): string {
  return String(n).padStart(width, '0');
}
