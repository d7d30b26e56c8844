// Payloads of equipment on site (issue #10): the stock of a location, one numbered plant, the stock history,
// and the removal list lines the stock screen writes. Server routes and the web client both import these.
import { z } from 'zod';
import { stockSortOrders } from '../rules/stock.ts';
import { DEFAULT_PAGE_SIZE, pageSizes, priceFields } from './catalogue.ts';
import { decimal, itemNumber, locationNumber, requireOneOf, urlReference } from './common.ts';
import { MAX_LINE_AMOUNT, MAX_LINE_COMMENT } from './order-lists.ts';

export { stockSortOrders };
export const stockSort = z.enum(stockSortOrders);
export type StockSort = z.infer<typeof stockSort>;

/** The colour of a next inspection date (MaterieelvoorraadKeuringsdatum{Info,Warning,Danger}Days). */
export const inspectionLevel = z.enum(['ok', 'info', 'warning', 'danger']);
export type InspectionLevel = z.infer<typeof inspectionLevel>;

/** GET /api/v2.0/PlantInventoryItems/{categoryId} (the empty guid: every category). */
export const stockQuery = z.object({
  plantLocation: locationNumber,
  sortBy: stockSort.default('default'),
  pageSize: z.coerce
    .number()
    .pipe(z.literal(pageSizes))
    .meta({ enum: [...pageSizes] })
    .default(DEFAULT_PAGE_SIZE),
  pageNumber: z.coerce.number().int().min(1).max(100_000).default(1),
  /** Words that must all occur in item number, description or plant number (case-insensitive). */
  query: z.string().trim().max(100).optional(),
});
export type StockQuery = z.infer<typeof stockQuery>;

/** One line of stock: a bulk quantity of an item, or one numbered plant. */
export const stockLine = z.object({
  /** Stable key of the line: the item number, or item number + plant number. */
  key: z.string(),
  itemNo: z.string(),
  description: z.string(),
  categoryId: z.string().nullable(),
  /** The numbered plant (materieelnummer); null for a bulk line. */
  plantNo: z.string().nullable(),
  quantity: z.number().int(),
  rentalType: z.enum(['Verhuur', 'Verkoop', 'Verkoop_Terugkoop']),
  rentalUnit: z.string(),
  /** The first day of the current stay on the location (the ledger after the last time it was empty). */
  onSiteSince: z.string(),
  /** Calendar days from onSiteSince to today, both counted (a delivery of today: 1). */
  daysOnSite: z.number().int(),
  ...priceFields,
  /** Rent per day and per week of the whole line (price × quantity), null when not shown or not rented. */
  lineDayRent: decimal.nullable(),
  lineWeekRent: decimal.nullable(),
  weightPerPiece: decimal.nullable(),
  imageUrl: urlReference.nullable(),
  /** The next inspection due date of a plant (null: none, or hidden for an external plant). */
  nextInspection: z.string().nullable(),
  inspectionLevel: inspectionLevel.nullable(),
  /** Hired in from another rental company (extern materieel); its next inspection shows only with the setting. */
  external: z.boolean(),
  /** What the caller has on their own removal list of this location for this line. */
  onMyRemovalList: z.number().int(),
  /** What other users have on theirs (counted only with Materieelvoorraad_AantalBeschikbaarCheckAfvoerlijstAlleGebruikers). */
  onOtherRemovalLists: z.number().int(),
  /** Requested for removal or relocation and not yet gone (open requests): not available any more. */
  leaving: z.number().int(),
  /** The most the caller may put on their removal list for this line (0: nothing offered). */
  availableForRemoval: z.number().int(),
  /**
   * Idle (decision 0034): the day of the line's last movement (delivery, relocation, scan, inspection, removal-list
   * entry) and the days since, when that is Materieelvoorraad_StilstandDagen or more; both null when it moved since.
   */
  idleSince: z.string().nullable(),
  idleDays: z.number().int().nullable(),
});
export type StockLine = z.infer<typeof stockLine>;

export const stockCategory = z.object({ id: z.string(), name: z.string(), lines: z.number().int() });

export const stockPage = z.object({
  locationNo: z.string(),
  items: z.array(stockLine),
  /** Lines that match the filters (before paging). */
  total: z.number().int(),
  /** Sum of the quantities of the matching lines. */
  totalQuantity: z.number().int(),
  pageNumber: z.number().int(),
  pageSize: z.number().int(),
  /** Categories present in the location's stock (for the category filter), by name. */
  categories: z.array(stockCategory),
  /** Whether the caller may put anything on the removal list here (role, Materieelvoorraad_NietMeerAfvoeren). */
  canRemove: z.boolean(),
  /** MaterieelvoorraadBulkTerugsturenEnabled: several lines, or "return all", at once. */
  bulkReturn: z.boolean(),
  /** Materieelvoorraad_StilstandDagen: days without movement after which a line is idle. */
  idleAfterDays: z.number().int(),
  /**
   * The project's end (the location's end date; null when none is set): a plant whose next inspection falls on or
   * before it must be inspected or exchanged while it stands here (decision 0034, `inspectionDueBeforeEnd`).
   */
  projectEnd: z.string().nullable(),
});
export type StockPage = z.infer<typeof stockPage>;

// ── one plant ──────────────────────────────────────────────────────────────────────────────────

/** The item number as `id` (the v2 path shares /PlantInventoryItems/{id}). */
export const plantParams = z.object({ id: itemNumber, plantNo: itemNumber });
export const plantQuery = z.object({ plantLocation: locationNumber });

export const inspectionRecord = z.object({
  inspectedOn: z.string(),
  result: z.enum(['approved', 'approved_with_remarks', 'rejected']),
  nextDueDate: z.string(),
  inspector: z.string().nullable(),
  remarks: z.string().nullable(),
  /** documentSystemId of the certificate: GET Documents/{id}/content (decision 0009). */
  certificateDocumentId: z.string().nullable(),
});

export const ledgerKindSchema = z.enum([
  'initial',
  'delivery',
  'removal',
  'move_in',
  'move_out',
  'sale',
  'correction',
]);

/** One row of a stock history; `empty` rows mark a period with nothing on the location. */
export const historyEntry = z.object({
  date: z.string(),
  kind: z.union([ledgerKindSchema, z.literal('empty')]),
  locationNo: z.string().nullable(),
  quantity: z.number().int(),
  /** The balance on the location after this row. */
  balance: z.number().int(),
  orderId: z.string().nullable(),
  orderNo: z.string().nullable(),
  orderKind: z.string().nullable(),
  /** An empty period's last day (the day before the next delivery; null: still empty). */
  until: z.string().nullable(),
});
export type HistoryEntry = z.infer<typeof historyEntry>;

export const plantDetail = z.object({
  itemNo: z.string(),
  plantNo: z.string(),
  description: z.string(),
  serialNo: z.string().nullable(),
  buildYear: z.number().int().nullable(),
  status: z.enum(['in_service', 'in_repair', 'retired']),
  /** Where it is: the location number when it is on one of the caller's locations, else null (elsewhere). */
  locationNo: z.string().nullable(),
  onSite: z.boolean(),
  onSiteSince: z.string().nullable(),
  daysOnSite: z.number().int().nullable(),
  rentalType: z.enum(['Verhuur', 'Verkoop', 'Verkoop_Terugkoop']),
  ...priceFields,
  weightPerPiece: decimal.nullable(),
  imageUrl: urlReference.nullable(),
  nextInspection: z.string().nullable(),
  inspectionLevel: inspectionLevel.nullable(),
  /** Hired in from another rental company (extern materieel); its next inspection shows only with the setting. */
  external: z.boolean(),
  inspections: z.array(inspectionRecord),
  /** Its movements on the caller's locations, oldest first. */
  history: z.array(historyEntry),
  onMyRemovalList: z.number().int(),
  availableForRemoval: z.number().int(),
  canRemove: z.boolean(),
});
export type PlantDetail = z.infer<typeof plantDetail>;

// ── stock history of an item or a plant on a location ─────────────────────────────────────────

export const historyParams = z.object({ id: itemNumber });
export const historyQuery = z.object({
  plantLocation: locationNumber,
  /** A numbered plant of the item; absent: the item's bulk and plants together. */
  plantNo: itemNumber.optional(),
});

/** The file format of an export (Materieelvoorraad_ShowExportVoorraad, …ShowExportVoorraadVerloop). */
export const exportFormat = z.enum(['xlsx', 'csv']);

/** GET PlantInventoryItems/{categoryId}/export: the lines the stock page shows (category, words, sort), every page. */
export const stockExportQuery = stockQuery
  .pick({ plantLocation: true, sortBy: true, query: true })
  .extend({ format: exportFormat.default('xlsx') });

/** GET PlantInventoryItems/{itemNo}/history/export. */
export const historyExportQuery = historyQuery.extend({ format: exportFormat.default('xlsx') });

export const stockHistory = z.object({
  locationNo: z.string(),
  itemNo: z.string(),
  description: z.string(),
  plantNo: z.string().nullable(),
  /** What is on the location now. */
  current: z.number().int(),
  entries: z.array(historyEntry),
  /** Materieelvoorraad_ToonVoorraadVerloop_LegeVoorraad: empty periods are listed as rows. */
  showsEmptyPeriods: z.boolean(),
});
export type StockHistory = z.infer<typeof stockHistory>;

// ── removal list ───────────────────────────────────────────────────────────────────────────────

export const removalAmount = z.number().int('validation.getal_ongeldig').min(1).max(MAX_LINE_AMOUNT);

export const removalListLine = z.object({
  lineId: z.string(),
  itemNo: z.string(),
  description: z.string(),
  plantNo: z.string().nullable(),
  /** materieelLocatie: where the stock is. */
  locationNo: z.string(),
  returnAmount: z.number().int(),
  comment: z.string().nullable(),
  weightPerPiece: decimal.nullable(),
  /** What is on the location now. */
  onSite: z.number().int(),
  /** A plant's next inspection (its latest inspection's due date); null for bulk lines and plants without one. */
  nextInspection: z.string().nullable(),
});
export type RemovalListLine = z.infer<typeof removalListLine>;

export const removalList = z.object({
  locationNo: z.string(),
  lines: z.array(removalListLine),
  /** Number of lines (the count in the main bar). */
  count: z.number().int(),
});
export type RemovalList = z.infer<typeof removalList>;

/**
 * GET /api/v2.0/RemovalLists/project/{plantLocation} (ProjectOverzichten_TonenEnGebruiken): the caller's removal
 * lists on every location of theirs in the same project as plantLocation (that one first; the others only when
 * they hold lines).
 */
export const projectRemovalLists = z.object({
  projectNo: z.string().nullable(),
  lists: z.array(removalList.extend({ description: z.string() })),
});
export type ProjectRemovalLists = z.infer<typeof projectRemovalLists>;

export const addRemovalLineInput = z
  .object({
    itemNo: itemNumber,
    plantNo: itemNumber.optional(),
    /** The amount to return (for a plant: 1). The line's amount becomes this. */
    amount: removalAmount,
    comment: z.string().max(MAX_LINE_COMMENT).optional(),
  })
  .strict();

/**
 * POST /api/v2.0/RemovalLists/{plantLocation}: lines onto the caller's removal list (set, not added), or with
 * `all: true` everything still available ("return all"); one of the two is required.
 */
export const addRemovalLinesInput = requireOneOf(
  z
    .object({
      lines: z.array(addRemovalLineInput).min(1).max(500).optional(),
      /** "Return all" (MaterieelvoorraadBulkTerugsturenEnabled): everything still available on the location. */
      all: z.literal(true).optional(),
    })
    .strict(),
  ['lines', 'all'],
);
export type AddRemovalLinesInput = z.infer<typeof addRemovalLinesInput>;

// ── all stock over the caller's locations, and the search over them ────────────────────────────

/** GET /api/v2.0/PlantInventoryItems/{categoryId}/locations */
export const allStockQuery = z.object({
  /** Words that must all occur in item number, description or plant number. */
  query: z.string().trim().max(100).optional(),
  sortBy: stockSort.default('default'),
});

export const locationStock = z.object({
  locationNo: z.string(),
  description: z.string(),
  items: z.array(stockLine),
  totalLines: z.number().int(),
  totalQuantity: z.number().int(),
});
export type LocationStock = z.infer<typeof locationStock>;

export const allStock = z.object({
  /** Locations with at least one matching line, by number. */
  locations: z.array(locationStock),
  totalLines: z.number().int(),
  totalQuantity: z.number().int(),
  /** Lines per location are cut at this many (totals count them all). */
  maxLinesPerLocation: z.number().int(),
});
export type AllStock = z.infer<typeof allStock>;

// ── inspections ────────────────────────────────────────────────────────────────────────────────

/** GET /api/v2.0/PlantInspections */
export const inspectionsQuery = z.object({
  /** One location of the caller's; absent: all of them. */
  plantLocation: locationNumber.optional(),
});

export const plantInspection = z.object({
  locationNo: z.string(),
  itemNo: z.string(),
  description: z.string(),
  plantNo: z.string(),
  lastInspectedOn: z.string(),
  result: z.enum(['approved', 'approved_with_remarks', 'rejected']),
  nextDueDate: z.string(),
  level: inspectionLevel,
  /** Days until the due date (negative: overdue). */
  daysLeft: z.number().int(),
  certificateDocumentId: z.string().nullable(),
});
export type PlantInspection = z.infer<typeof plantInspection>;

export const inspectionsList = z.object({
  items: z.array(plantInspection),
  /** ShowAllInspections: every plant; else only those due within MaterieelvoorraadKeuringsdatumInfoDays. */
  showsAll: z.boolean(),
  infoDays: z.number().int(),
});
export type InspectionsList = z.infer<typeof inspectionsList>;

// ── scanning (issue #10 part 7) ──────────────────────────────────────────────────────────────────

/** GET /api/v2.0/PlantInventoryItems/scan?code=: a scanned or typed plant number, or a label's address. */
export const scanQuery = z.object({ code: z.string().trim().min(1).max(500) });

/** The plant a code names, and the caller's location it stands on. */
export const scanResult = z.object({
  itemNo: z.string(),
  plantNo: z.string(),
  description: z.string(),
  locationNo: z.string(),
  external: z.boolean(),
});
export type ScanResult = z.infer<typeof scanResult>;
