// The translation keys of the contract's status and kind values: the web pages, the exports and the reports name
// them the same way.
import type { RequestKind, RequestStatus } from './request-status.ts';

export type OrderKind = 'delivery' | 'removal' | 'move_from' | 'move_to' | 'transport';
export type OrderStatus = 'planned' | 'in_transit' | 'done' | 'cancelled';

/** Spec's Aanvragen.status.* for the request statuses. */
export const requestStatusKey: Record<RequestStatus, string> = {
  submitted: 'Aanvragen.status.ingediend',
  in_progress: 'Aanvragen.status.in_behandeling',
  planned: 'Aanvragen.status.gepland',
  done: 'Aanvragen.status.afgerond',
  cancelled: 'Aanvragen.status.geannuleerd',
  rejected: 'Aanvragen.status.afgewezen',
};

/** Spec's Aanvragen.soorten.* for the request kinds. */
export const requestKindKey: Record<RequestKind, string> = {
  order: 'Aanvragen.soorten.bestelling',
  removal: 'Aanvragen.soorten.afvoer',
  relocation: 'Aanvragen.soorten.verplaatsing',
  transport: 'Aanvragen.soorten.transport',
};

/** Aanvragen.ordersoorten.* for the order kinds. */
export const orderKindKey: Record<OrderKind, string> = {
  delivery: 'Aanvragen.ordersoorten.aanvoer',
  removal: 'Aanvragen.ordersoorten.afvoer',
  move_from: 'Aanvragen.ordersoorten.van_verplaatsing',
  move_to: 'Aanvragen.ordersoorten.naar_verplaatsing',
  transport: 'Aanvragen.ordersoorten.transport',
};

/** Orders.status.* for the order statuses. */
export const orderStatusKey: Record<OrderStatus, string> = {
  planned: 'Orders.status.planned',
  in_transit: 'Orders.status.in_transit',
  done: 'Orders.status.done',
  cancelled: 'Orders.status.cancelled',
};
