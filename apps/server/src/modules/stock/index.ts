// The stock area's public face (equipment on site: inventory, ledger, plants, inspections). Everything else
// in this folder is private.

export { type LedgerKind, type Movement, type Place, postMovements } from './stock.ledger.ts';
export { type LeavingAmount, lockOnSite, type OnSiteRow, selectLeaving } from './stock.queries.ts';
export { stockRoutes } from './stock.routes.ts';
export { scanPlant } from './stock.service.ts';
