// Payloads of the customer's order and exit-order pages (issue #12 part 5): the plant orders the department posted
// for a location (incoming, outgoing, move-to, move-from) and the exit orders (what left the location for good).
import { z } from 'zod';
import { calendarDay, decimal, locationNumber, notBefore, urlReference } from './common.ts';

export const orderKinds = ['delivery', 'removal', 'move_to', 'move_from', 'transport'] as const;
export const orderKindSchema = z.enum(orderKinds);
export type OrderKind = z.infer<typeof orderKindSchema>;
export const orderStatusSchema = z.enum(['planned', 'in_transit', 'done', 'cancelled']);

/**
 * ?project=true: every location of the caller's with plantLocation's project number (ProjectOverzichten_TonenEnGebruiken,
 * else 403 Afvoerlijst.project_uit); the v2 twin of the legacy …Project calls.
 */
const projectFlag = z
  .enum(['true', 'false'])
  .optional()
  .transform((v) => v === 'true');

/** GET /api/v2.0/PlantOrders: one location's (or project's) orders of one kind, newest first. */
export const orderListQuery = z
  .object({
    plantLocation: locationNumber,
    kind: z.enum(['delivery', 'removal', 'move_to', 'move_from']),
    project: projectFlag,
    status: orderStatusSchema.optional(),
    /** The order's day (executed, else planned, else ordered) from / until, calendar days; until before from: 400. */
    from: calendarDay.optional(),
    until: calendarDay.optional(),
    /** Words in the order number, reference or the request's number. */
    query: z.string().trim().max(100).optional(),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(25),
  })
  .strict()
  .meta(notBefore('until', 'from'));
export type OrderListQuery = z.infer<typeof orderListQuery>;

export const orderSummary = z.object({
  id: z.string(),
  orderNo: z.string(),
  kind: orderKindSchema,
  status: orderStatusSchema,
  locationNo: z.string(),
  locationDescription: z.string(),
  orderDate: z.string(),
  plannedDate: z.string().nullable(),
  executedDate: z.string().nullable(),
  /** For a move: the other location. */
  counterpartLocationNo: z.string().nullable(),
  counterpartLocationDescription: z.string().nullable(),
  depotNo: z.string().nullable(),
  depotName: z.string().nullable(),
  reference: z.string().nullable(),
  requestId: z.string().nullable(),
  requestNo: z.string().nullable(),
  lineCount: z.number().int(),
  totalQuantity: z.number().int(),
});
export type OrderSummary = z.infer<typeof orderSummary>;

export const orderList = z.object({
  items: z.array(orderSummary),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type OrderList = z.infer<typeof orderList>;

export const orderCost = z.object({
  kind: z.enum(['transport', 'handling', 'rush', 'other']),
  description: z.string(),
  quantity: decimal,
  unitPrice: decimal,
  amount: decimal,
});

/**
 * A document about the order or exit order (the delivery / removal note, …), in the shape of the item page's
 * documents: `id` is the documentSystemId (GET Documents/{documentSystemId}/content), or for a file attached to
 * an exit order the id of that file (GET ExitOrders/{id}/files/{fileId}); `url` is where it is either way.
 */
export const orderDocument = z.object({
  id: z.string(),
  title: z.string(),
  category: z.string(),
  date: z.string().nullable(),
  /** Where its file is (fetched with the user's token). */
  url: urlReference,
});

/** GET /api/v2.0/PlantOrders/{id}: one order with its lines, costs, documents and the orders it belongs with. */
export const orderDetail = orderSummary.extend({
  transportMeans: z.string().nullable(),
  street: z.string().nullable(),
  postcode: z.string().nullable(),
  city: z.string().nullable(),
  contactPerson: z.string().nullable(),
  phone: z.string().nullable(),
  comment: z.string().nullable(),
  lines: z.array(
    z.object({
      lineNo: z.number().int(),
      itemNo: z.string(),
      description: z.string(),
      plantNo: z.string().nullable(),
      quantity: z.number().int(),
      comment: z.string().nullable(),
    }),
  ),
  costs: z.array(orderCost),
  costTotal: decimal,
  documents: z.array(orderDocument),
  /** A move's other half (move_from ↔ move_to), when the caller may see that location. */
  linkedOrder: z
    .object({ id: z.string(), orderNo: z.string(), kind: orderKindSchema, locationNo: z.string() })
    .nullable(),
  /** A removal's exit order. */
  exitOrder: z.object({ id: z.string(), exitOrderNo: z.string() }).nullable(),
});
export type OrderDetail = z.infer<typeof orderDetail>;

export const exitConditions = ['good', 'dirty', 'damaged', 'missing'] as const;

/** GET /api/v2.0/ExitOrders: one location's (or project's) exit orders, newest first. */
export const exitOrderListQuery = z
  .object({
    plantLocation: locationNumber,
    project: projectFlag,
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(25),
  })
  .strict();
export type ExitOrderListQuery = z.infer<typeof exitOrderListQuery>;

export const exitOrderSummary = z.object({
  id: z.string(),
  exitOrderNo: z.string(),
  exitDate: z.string(),
  status: z.enum(['draft', 'final']),
  locationNo: z.string(),
  locationDescription: z.string(),
  orderId: z.string().nullable(),
  orderNo: z.string().nullable(),
  lineCount: z.number().int(),
  /** Lines not returned in good condition. */
  problemCount: z.number().int(),
  damageTotal: decimal,
  remarks: z.string().nullable(),
});
export type ExitOrderSummary = z.infer<typeof exitOrderSummary>;

export const exitOrderList = z.object({
  items: z.array(exitOrderSummary),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type ExitOrderList = z.infer<typeof exitOrderList>;

/** A photo of an exit order (GetExitOrderImages): its bytes at GET ExitOrders/{id}/photos/{photoId}. */
export const exitOrderPhoto = z.object({
  id: z.string(),
  lineNo: z.number().int().nullable(),
  caption: z.string().nullable(),
  url: urlReference,
});

/** GET /api/v2.0/ExitOrders/{id}: what left, in what state, with photos and documents. */
export const exitOrderDetail = exitOrderSummary.extend({
  lines: z.array(
    z.object({
      lineNo: z.number().int(),
      itemNo: z.string(),
      description: z.string(),
      plantNo: z.string().nullable(),
      quantity: z.number().int(),
      condition: z.enum(exitConditions),
      remarks: z.string().nullable(),
      damageAmount: decimal.nullable(),
    }),
  ),
  photos: z.array(exitOrderPhoto),
  documents: z.array(orderDocument),
});
export type ExitOrderDetail = z.infer<typeof exitOrderDetail>;
