// The stock area's public face (equipment on site: inventory, ledger, plants, inspections): the steps other areas
// and the workflows may take, and their types. Everything else in this folder is private.

export {
  deleteErpPlants,
  deleteErpStockOnSite,
  type ErpPlantRow,
  type ErpStockRow,
  type StockErpWrite,
  sweepUnlistedStockOnSite,
  writeErpPlants,
  writeErpStockOnSite,
} from './stock.erp.ts';
export { type LedgerKind, type Movement, type Place, postMovements } from './stock.ledger.ts';
export { lockOnSite, type OnSiteStock } from './stock.on-site.ts';
export { scanPlant } from './stock.plants.ts';
export { stockRoutes } from './stock.routes.ts';
export { AREA as STOCK_AREA, idleStockLines } from './stock.service.ts';
