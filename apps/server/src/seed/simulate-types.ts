import type * as s from '../db/schema/index.ts';
import type { CataloguePlan, DemoItem } from './build-catalogue.ts';
import type { FamilySpec } from './catalogue-data.ts';
import type { LocationSpec } from './org-data.ts';
import type { Rng } from './random.ts';

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

export interface PlantState {
  id: string;
  plantNo: string;
  item: DemoItem;
  serialNo: string;
  buildYear: number;
  /** Final place. */
  locationIndex: number | null;
  depotIndex: number | null;
}

export interface OrderInfo {
  id: string;
  kind: 'delivery' | 'removal' | 'move_from' | 'move_to' | 'transport';
  status: 'planned' | 'in_transit' | 'done' | 'cancelled';
  locationIndex: number;
  executedDate: string | null;
  orderDate: string;
  requestUserId: string | null;
  lines: { id: string; item: DemoItem; plantId: string | null; quantity: number }[];
  costs: { amount: number; description: string }[];
}

export interface SimulationResult {
  plants: PlantState[];
  requests: Insert<typeof s.plantRequests>[];
  requestLines: Insert<typeof s.requestLines>[];
  history: Insert<typeof s.requestStatusHistory>[];
  orders: Insert<typeof s.plantOrders>[];
  orderLines: Insert<typeof s.orderLines>[];
  orderCosts: Insert<typeof s.orderCosts>[];
  ledger: Insert<typeof s.inventoryLedger>[];
  orderInfos: OrderInfo[];
  /** The executed ledger per location, for invoicing. */
  startDate: string;
}

export type Kind = 'order' | 'removal' | 'relocation' | 'transport';
export type Status = 'submitted' | 'in_progress' | 'planned' | 'done' | 'cancelled' | 'rejected';

export interface WantedLine {
  item: DemoItem;
  amount: number;
  plantIds?: string[];
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
  plants: PlantState[];
  requests: SimulationResult['requests'];
  requestLines: SimulationResult['requestLines'];
  history: SimulationResult['history'];
  orders: SimulationResult['orders'];
  orderLines: SimulationResult['orderLines'];
  orderCosts: SimulationResult['orderCosts'];
  ledger: SimulationResult['ledger'];
  orderInfos: OrderInfo[];
  depotCount: number;
  depotBulk: Map<string, number>;
  depotPlants: Map<string, string[]>;
  plantById: Map<string, PlantState>;
  locBulk: Map<string, number>[];
  locPlants: Map<string, string[]>[];
  itemById: Map<string, DemoItem>;
  post: (entry: Omit<Insert<typeof s.inventoryLedger>, 'id'>) => void;
  pickFamily: (profile: 'bouw' | 'infra') => FamilySpec;
  pickItem: (family: FamilySpec) => DemoItem;
  byNo: (itemNo: string, copy?: number) => DemoItem;
}

export function pad(n: number, width: number): string {
  return String(n).padStart(width, '0');
}
