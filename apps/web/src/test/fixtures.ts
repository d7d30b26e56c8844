import type { OrderListLine } from '@mp/contract/api/order-lists';
import type { PlantLocation } from '@mp/contract/api/shell';
import type { RemovalList, StockLine, StockPage } from '@mp/contract/api/stock';

// The answers page tests stub most often, built in one place (a field added to the contract is added here once).

/** One of the user's locations (GET PlantLocations), P-1 "Project" unless overridden. */
export function plantLocation(overrides: Partial<PlantLocation> = {}): PlantLocation {
  return {
    id: 'P-1',
    locationNo: 'P-1',
    description: 'Project',
    description2: null,
    blocked: false,
    projectNo: null,
    role: 'user',
    customerName: null,
    ...overrides,
  };
}

/** The answer of GET PlantLocations with these locations (P-1 alone by default). */
export function plantLocationsAnswer(locations: PlantLocation[] = [plantLocation()]) {
  return { plantLocations: locations };
}

type RemovalLine = RemovalList['lines'][number];

/** A line of a removal list on P-1: a bulk item (10 on site, 2 to return) unless overridden. */
export function removalLine(overrides: Partial<RemovalLine> = {}): RemovalLine {
  return {
    lineId: '11111111-1111-4111-8111-111111111111',
    itemNo: 'BH-1',
    description: 'Bouwhek',
    plantNo: null,
    locationNo: 'P-1',
    returnAmount: 2,
    comment: null,
    weightPerPiece: null,
    onSite: 10,
    nextInspection: null,
    ...overrides,
  };
}

/** A removal list of P-1 with these lines. */
export function removalList(lines: RemovalLine[]): RemovalList {
  return { locationNo: 'P-1', count: lines.length, lines };
}

/** A line of the stock on site of P-1: `quantity` of `itemNo` (a numbered plant when `plantNo`), all free to return. */
export function stockLine(
  itemNo: string,
  plantNo: string | null,
  quantity: number,
  extra: Partial<StockLine> = {},
): StockLine {
  return {
    key: plantNo ? `${itemNo}/${plantNo}` : itemNo,
    itemNo,
    description: `Omschrijving ${itemNo}`,
    categoryId: null,
    plantNo,
    quantity,
    rentalType: 'Verhuur',
    rentalUnit: 'stuk',
    onSiteSince: '2026-10-01',
    daysOnSite: 54,
    showPrice: false,
    priceOnDemand: false,
    salePrice: null,
    dayPrice: null,
    weekPrice: null,
    lineDayRent: null,
    lineWeekRent: null,
    weightPerPiece: null,
    imageUrl: null,
    nextInspection: plantNo ? '2026-11-28' : null,
    inspectionLevel: plantNo ? 'danger' : null,
    external: false,
    onMyRemovalList: 0,
    onOtherRemovalLists: 0,
    leaving: 0,
    availableForRemoval: quantity,
    idleSince: null,
    idleDays: null,
    ...extra,
  };
}

/** A page of the stock on site of P-1 with these lines (removal allowed, bulk return on). */
export function stockPage(items: StockLine[], extra: Partial<StockPage> = {}): StockPage {
  return {
    locationNo: 'P-1',
    items,
    total: items.length,
    totalQuantity: items.reduce((n, l) => n + l.quantity, 0),
    pageNumber: 1,
    pageSize: 50,
    categories: [],
    canRemove: true,
    bulkReturn: true,
    idleAfterDays: 14,
    projectEnd: null,
    ...extra,
  };
}

/** An item line of an order list: `amount` of `itemNo`, top level, editable, no prices shown. */
export function orderListLine(
  lineId: string,
  itemNo: string,
  amount: number,
  overrides: Partial<OrderListLine> = {},
): OrderListLine {
  return {
    lineId,
    parentLineId: null,
    type: 'item',
    itemNo,
    description: `Artikel ${itemNo}`,
    amount,
    comment: null,
    childLinesIncluded: false,
    editable: true,
    rentalType: 'Verhuur',
    rentalUnit: 'stuk',
    showPrice: false,
    priceOnDemand: true,
    salePrice: null,
    dayPrice: null,
    weekPrice: null,
    weightPerPiece: null,
    imageUrl: null,
    ...overrides,
  };
}
