// Payloads of the order lists (product §5): the lists of a location, their lines (items, sets with their
// components, an item's accessories), the autosave and the wizard's saved draft. Server routes and the web client
// both import these; the legacy adapters map the Dutch DTOs of product §3 onto them.
import { z } from 'zod';
import {
  MAX_LINE_AMOUNT,
  MAX_LINE_COMMENT,
  MAX_LINES_PER_CALL,
  MAX_REQUEST_COMMENT,
} from '../rules/limits.ts';
import { priceFields, rentalTypeSchema } from './catalogue.ts';
import { calendarDay, decimal, itemNumber, urlReference } from './common.ts';

export { MAX_LINE_AMOUNT, MAX_LINE_COMMENT, MAX_LINES_PER_CALL };

export const lineAmount = z.number().int('validation.getal_ongeldig').min(1).max(MAX_LINE_AMOUNT);
export const listName = z.string().trim().min(1).max(100);
const lineComment = z.string().max(MAX_LINE_COMMENT);

export const orderListLineType = z.enum(['item', 'set']);

/** One order-list line. A set line carries its components as lines with parentLineId = the set line. */
export const orderListLine = z.object({
  lineId: z.string(),
  parentLineId: z.string().nullable(),
  type: orderListLineType,
  /** materieelSoort of an item line, the set number of a set line. */
  itemNo: z.string(),
  description: z.string(),
  amount: z.number().int(),
  comment: z.string().nullable(),
  /** A set line whose components are on the list as child lines. */
  childLinesIncluded: z.boolean(),
  /**
   * Whether the amount may be changed: components of a set only with Sets_AllowEdit, the items delivered with an
   * item (the lines below an item line) only with MeegeleverdeAantalWijzigen.
   */
  editable: z.boolean(),
  rentalType: rentalTypeSchema.nullable(),
  rentalUnit: z.string().nullable(),
  ...priceFields,
  /** gewichtPerStuk in kg. */
  weightPerPiece: decimal.nullable(),
  imageUrl: urlReference.nullable(),
});
export type OrderListLine = z.infer<typeof orderListLine>;

export const orderListSummary = z.object({
  id: z.string(),
  name: z.string(),
  locationNo: z.string(),
  /** The user's first list on the location: the one used when no list is chosen. */
  isDefault: z.boolean(),
  /** Lines at the top level (items and sets), for the count in the main bar. */
  lineCount: z.number().int(),
  /** The pieces that will arrive: the amounts of the item lines at every depth (a set counts as its parts). */
  totalAmount: z.number().int(),
  hasDraft: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type OrderListSummary = z.infer<typeof orderListSummary>;

export const orderList = orderListSummary.extend({
  lines: z.array(orderListLine),
  /** Number of the last request submitted from this list (savedAanvraagNummer), for the completion page. */
  savedRequestNo: z.string().nullable(),
  /** False when the list is empty or any line has no amount (product §5), or the location is blocked/read-only. */
  canSubmit: z.boolean(),
  /** Sum of amount × weight over the item lines, kg; null when no line has a weight. */
  totalWeight: decimal.nullable(),
});
export type OrderList = z.infer<typeof orderList>;

/** GET /api/v2.0/OrderLists/{plantLocation} */
export const orderListsResponse = z.object({
  orderLists: z.array(orderListSummary),
  /** Bestellen_EnableMeerdereBestellijsten: whether lists can be created, renamed and deleted. */
  multipleLists: z.boolean(),
});

/** POST /api/v2.0/OrderLists/{plantLocation} (only with Bestellen_EnableMeerdereBestellijsten). */
export const createOrderListInput = z.object({ name: listName }).strict();

/** PUT /api/v2.0/OrderLists/{plantLocation}/{id}: rename and/or save several lines at once (autosave). */
export const updateOrderListInput = z
  .object({
    name: listName.optional(),
    lines: z
      .array(
        z
          .object({
            lineId: z.guid(),
            amount: lineAmount.optional(),
            comment: lineComment.nullable().optional(),
          })
          .strict(),
      )
      .max(MAX_LINES_PER_CALL)
      .optional(),
  })
  .strict();

export const addItemLineInput = z
  .object({
    type: z.literal('item'),
    itemNo: itemNumber,
    amount: lineAmount,
    comment: lineComment.optional(),
    /**
     * The items delivered with it (its accessories, GET Items/{itemNo} `accessories`), to go below it on the list and
     * follow its amount: each at its amount per piece × `amount`, unless MeegeleverdeAantalWijzigen lets the user
     * choose (0 leaves one out). Absent: the item alone.
     */
    accessories: z
      .array(
        z
          .object({
            itemNo: itemNumber,
            amount: z.number().int('validation.getal_ongeldig').min(0).max(MAX_LINE_AMOUNT),
          })
          .strict(),
      )
      .max(MAX_LINES_PER_CALL)
      .optional(),
  })
  .strict();

export const addSetLineInput = z
  .object({
    type: z.literal('set'),
    /** The set number. */
    itemNo: itemNumber,
    /** How many sets. */
    amount: lineAmount,
    comment: lineComment.optional(),
    /**
     * With ?childLinesIncluded=true: the components with the amounts the user chose (Sets_AllowEdit);
     * amount 0 leaves a component out. Without it the set's own amounts × the number of sets apply.
     */
    childLines: z
      .array(
        z
          .object({
            itemNo: itemNumber,
            amount: z.number().int('validation.getal_ongeldig').min(0).max(MAX_LINE_AMOUNT),
          })
          .strict(),
      )
      .max(MAX_LINES_PER_CALL)
      .optional(),
  })
  .strict();

/** POST /api/v2.0/OrderLists/{plantLocation}/{orderListId}/orderlistlines?childLinesIncluded= */
export const addOrderListLinesInput = z
  .object({
    lines: z
      .array(z.discriminatedUnion('type', [addItemLineInput, addSetLineInput]))
      .min(1)
      .max(MAX_LINES_PER_CALL),
  })
  .strict();
export type AddOrderListLinesInput = z.infer<typeof addOrderListLinesInput>;

export const addOrderListLinesQuery = z
  .object({
    childLinesIncluded: z
      .enum(['true', 'false'])
      .optional()
      .transform((v) => v === 'true'),
  })
  .strict();

/** PUT /api/v2.0/OrderLists/{plantLocation}/{id}/orderlistlines/{lineId}; amount 0: delete the line instead. */
export const updateOrderListLineInput = z
  .object({
    amount: lineAmount.optional(),
    comment: lineComment.nullable().optional(),
  })
  .strict();

/**
 * The saved request draft of an order list (savedAanvraagDTO): what the wizard had filled in, so a
 * reload restores it. Loosely checked (it is a draft); the submit checks everything.
 */
export const orderDraft = z
  .object({
    deliveryDate: calendarDay.nullable().optional(),
    expectedReturnDate: calendarDay.nullable().optional(),
    transportMeans: z.string().max(50).nullable().optional(),
    collect: z.boolean().optional(),
    depotNo: z.string().max(50).nullable().optional(),
    addressCode: z.string().max(50).nullable().optional(),
    street: z.string().max(200).nullable().optional(),
    postcode: z.string().max(20).nullable().optional(),
    city: z.string().max(100).nullable().optional(),
    contactPerson: z.string().max(100).nullable().optional(),
    phone: z.string().max(30).nullable().optional(),
    reference: z.string().max(100).nullable().optional(),
    comment: z.string().max(MAX_REQUEST_COMMENT).nullable().optional(),
    rush: z.boolean().optional(),
    termsAccepted: z.boolean().optional(),
  })
  .strict();
export type OrderDraft = z.infer<typeof orderDraft>;

/** GET/PUT /api/v2.0/OrderLists/{plantLocation}/{id}/draft */
export const orderDraftResponse = z.object({
  draft: orderDraft.nullable(),
  updatedAt: z.string().nullable(),
});
