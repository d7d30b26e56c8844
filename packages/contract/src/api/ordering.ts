// Payloads of ordering (issue "Ordering end to end"): favourites, sets, order lists, the order submit and
// the requests overview. Server routes and the web client both import these; the legacy adapters map the
// Dutch DTOs of product §3 onto them.
import { z } from 'zod';
import {
  MAX_LINE_AMOUNT,
  MAX_LINE_COMMENT,
  MAX_LINES_PER_CALL,
  MAX_REQUEST_COMMENT,
} from '../rules/limits.ts';
import { isCalendarDay } from '../rules/order-dates.ts';
import { requestKinds, requestStatuses } from '../rules/request-status.ts';
import { commaListPattern, requireOneOf, urlReference } from './common.ts';

export { MAX_LINE_AMOUNT, MAX_LINE_COMMENT, MAX_LINES_PER_CALL, MAX_REQUEST_COMMENT };

export const CALENDAR_DAY = new RegExp(
  '^(?:[1-9]\\d{3}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|02-(?:0[1-9]|1\\d|2[0-8]))' +
    '|(?:[1-9]\\d(?:0[48]|[2468][048]|[13579][26])|(?:[13579][26]|[2468][048])00)-02-29)$',
);

/** A calendar day 'YYYY-MM-DD' (never a timestamp: the chosen day must stay the chosen day). */
export const calendarDay = z
  .string()
  // the real days of the years 1000–9999 as a pattern, so the document says exactly what is taken (leap days too)
  .regex(CALENDAR_DAY, 'validation.datum_ongeldig')
  .refine(isCalendarDay, 'validation.datum_ongeldig');

/** Money and weights travel as decimal strings ('12.50'), never as floats that get summed. */
export const decimal = z.string().regex(/^-?\d+(\.\d+)?$/);

export const lineAmount = z.number().int('validation.getal_ongeldig').min(1).max(MAX_LINE_AMOUNT);
export const itemNumber = z.string().trim().min(1).max(50);
export const listName = z.string().trim().min(1).max(100);
export const locationNumber = z.string().trim().min(1).max(50);
const lineComment = z.string().max(MAX_LINE_COMMENT);
/** A phone number as typed (trimmed): digits, spaces and + ( ) - . / only, 6 to 30 of them. */
export const PHONE = /^[0-9+()\-./ ]{6,30}$/;
export const phone = z.string().trim().min(1).max(30).regex(PHONE, 'validation.telefoon_ongeldig');

export const rentalTypeSchema = z.enum(['Verhuur', 'Verkoop', 'Verkoop_Terugkoop']);

/**
 * Prices as product §6 decides them for the viewer (rules/prices.ts): `showPrice` false means every price
 * is null (legacy: zeroed); `priceOnDemand` is the internal user on a location without price display.
 */
export const priceFields = {
  showPrice: z.boolean(),
  priceOnDemand: z.boolean(),
  salePrice: decimal.nullable(),
  dayPrice: decimal.nullable(),
  weekPrice: decimal.nullable(),
};

// ── order lists ─────────────────────────────────────────────────────────────────────────────────

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

// ── order submit ────────────────────────────────────────────────────────────────────────────────

/**
 * POST /api/v2.0/PlantRequests/{orderListId}/order (header Idempotency-Key). The destination follows
 * from the fields: collect → the user picks up at depot `depotNo`; else `addressCode` (a work address
 * of the location); else the typed address street/postcode/city.
 */
export const orderForm = z
  .object({
    deliveryDate: calendarDay,
    expectedReturnDate: calendarDay.nullable().optional(),
    transportMeans: z.string().trim().max(50).optional(),
    collect: z.boolean().default(false),
    depotNo: z.string().trim().max(50).optional(),
    addressCode: z.string().trim().max(50).optional(),
    street: z.string().trim().max(200).optional(),
    postcode: z.string().trim().max(20).optional(),
    city: z.string().trim().max(100).optional(),
    contactPerson: z.string().trim().min(1).max(100),
    phone,
    reference: z.string().trim().max(100).optional(),
    comment: z.string().max(MAX_REQUEST_COMMENT).optional(),
    rush: z.boolean().default(false),
    termsAccepted: z.boolean().default(false),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.collect) {
      if (!v.depotNo) ctx.addIssue({ code: 'custom', path: ['depotNo'], message: 'validation.verplicht' });
      return;
    }
    if (v.addressCode) return;
    if (!v.street) ctx.addIssue({ code: 'custom', path: ['street'], message: 'validation.verplicht' });
    if (!v.city) ctx.addIssue({ code: 'custom', path: ['city'], message: 'validation.verplicht' });
  })
  // the same rule in the document (issue #16 part 2)
  .meta({
    if: { properties: { collect: { const: true } }, required: ['collect'] },
    // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then/else, not a promise
    then: { required: ['depotNo'], properties: { depotNo: { minLength: 1 } } },
    else: {
      anyOf: [
        { required: ['addressCode'], properties: { addressCode: { minLength: 1 } } },
        {
          required: ['street', 'city'],
          properties: { street: { pattern: '\\S' }, city: { pattern: '\\S' } },
        },
      ],
    },
  });
export type OrderForm = z.infer<typeof orderForm>;

export const requestStatusSchema = z.enum(requestStatuses);
export const requestKindSchema = z.enum(requestKinds);

/** The answer to a submit (201; a replay with the same Idempotency-Key answers the same). */
export const submitResult = z.object({
  id: z.string(),
  requestNo: z.string(),
  kind: requestKindSchema,
  status: requestStatusSchema,
  locationNo: z.string(),
  lineCount: z.number().int(),
  createdAt: z.string(),
});
export type SubmitResult = z.infer<typeof submitResult>;

// ── requests overview ──────────────────────────────────────────────────────────────────────────

export const requestSummary = z.object({
  id: z.string(),
  requestNo: z.string(),
  kind: requestKindSchema,
  status: requestStatusSchema,
  locationNo: z.string(),
  locationDescription: z.string(),
  requestedDate: z.string(),
  expectedReturnDate: z.string().nullable(),
  plannedDate: z.string().nullable(),
  rush: z.boolean(),
  collect: z.boolean(),
  reference: z.string().nullable(),
  requestedBy: z.string().nullable(),
  lineCount: z.number().int(),
  totalAmount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type RequestSummary = z.infer<typeof requestSummary>;

export const requestLine = z.object({
  lineId: z.string(),
  parentLineId: z.string().nullable(),
  lineNo: z.number().int(),
  type: orderListLineType,
  itemNo: z.string(),
  description: z.string(),
  amount: z.number().int(),
  comment: z.string().nullable(),
  plantNo: z.string().nullable(),
  weightPerPiece: decimal.nullable(),
});

export const requestStatusChange = z.object({
  fromStatus: requestStatusSchema.nullable(),
  toStatus: requestStatusSchema,
  changedAt: z.string(),
  changedBy: z.string().nullable(),
  note: z.string().nullable(),
});

export const requestDetail = requestSummary.extend({
  transportMeans: z.string().nullable(),
  destinationKind: z.enum(['work_address', 'depot', 'other_address']).nullable(),
  depotNo: z.string().nullable(),
  depotName: z.string().nullable(),
  addressCode: z.string().nullable(),
  /** The work address's name chosen in the wizard (as it was then). */
  addressName: z.string().nullable(),
  street: z.string().nullable(),
  postcode: z.string().nullable(),
  city: z.string().nullable(),
  contactPerson: z.string().nullable(),
  phone: z.string().nullable(),
  /** Where the equipment is picked up (removal, relocation, transport): a work address of the location or typed. */
  origin: z
    .object({
      addressName: z.string().nullable(),
      street: z.string().nullable(),
      postcode: z.string().nullable(),
      city: z.string().nullable(),
      /** Who is there at pick-up (transport). */
      contactPerson: z.string().nullable(),
      phone: z.string().nullable(),
    })
    .nullable(),
  /** The location a relocation or transport goes to. */
  targetLocation: z.object({ locationNo: z.string(), description: z.string() }).nullable(),
  /** A transport's windows and cargo, and the ERP's item number and appointment code from the settings. */
  transport: z
    .object({
      loadingFrom: z.string(),
      loadingUntil: z.string(),
      unloadingDate: z.string(),
      unloadingFrom: z.string(),
      unloadingUntil: z.string(),
      cargo: z.string(),
      itemNo: z.string().nullable(),
      appointmentCode: z.string().nullable(),
    })
    .nullable(),
  comment: z.string().nullable(),
  /**
   * For the equipment department (null for anyone else): the ERP item the rush surcharge is booked on (Spoed_Code)
   * and the ERP code the remark is filed under (Aanvraag_OpmerkingCode), as they were when it was made.
   */
  erpCodes: z.object({ rushItemNo: z.string().nullable(), commentCode: z.string().nullable() }).nullable(),
  rejectionReason: z.string().nullable(),
  termsAccepted: z.boolean(),
  lines: z.array(requestLine),
  history: z.array(requestStatusChange),
  /** The statuses this viewer may move the request to now (cancel button, department actions). */
  allowedStatuses: z.array(requestStatusSchema),
  /** The plant orders the department posted for it (issue #12): delivery, removal, a move's pair, transport. */
  orders: z.array(
    z.object({
      id: z.string(),
      orderNo: z.string(),
      kind: z.enum(['delivery', 'removal', 'move_from', 'move_to', 'transport']),
      status: z.enum(['planned', 'in_transit', 'done', 'cancelled']),
      locationNo: z.string(),
    }),
  ),
});
export type RequestDetail = z.infer<typeof requestDetail>;

/** GET /api/v2.0/PlantRequests?plantLocation=&status=&kind=&page=&pageSize= */
export const requestListQuery = z
  .object({
    plantLocation: locationNumber.optional(),
    /** One status or several, comma-separated. */
    status: z
      .string()
      .max(200)
      .regex(
        commaListPattern(requestStatuses.join('|'), requestStatuses.length, true),
        'validation.onbekende_waarde',
      )
      .optional()
      .transform((v, ctx) => {
        if (!v) return undefined;
        const list = v.split(',').map((s) => s.trim());
        for (const s of list) {
          if (!(requestStatuses as readonly string[]).includes(s)) {
            ctx.addIssue({ code: 'custom', message: 'validation.onbekende_waarde' });
            return z.NEVER;
          }
        }
        return list as (typeof requestStatuses)[number][];
      }),
    kind: requestKindSchema.optional(),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(25),
  })
  .strict();

export const requestList = z.object({
  items: z.array(requestSummary),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});

/** POST /api/v2.0/PlantRequests/{id}/cancel (the requester's side, only while submitted). */
export const cancelRequestInput = z.object({ note: z.string().trim().max(1000).optional() }).strict();

// ── favourites ─────────────────────────────────────────────────────────────────────────────────

export const favouriteItem = z.object({
  itemNo: z.string(),
  description: z.string(),
  rentalType: rentalTypeSchema,
  rentalUnit: z.string(),
  ...priceFields,
  weightPerPiece: decimal.nullable(),
  imageUrl: urlReference.nullable(),
  addedAt: z.string(),
});

export const favouriteList = z.object({
  id: z.string(),
  name: z.string(),
  /** The location the list belongs to; null = the user's own list for every location. */
  locationNo: z.string().nullable(),
  itemCount: z.number().int(),
  items: z.array(favouriteItem),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type FavouriteList = z.infer<typeof favouriteList>;

/** GET /api/v2.0/FavoriteLists?plantLocation= */
export const favouriteListsResponse = z.object({ lists: z.array(favouriteList) });
export const favouriteListsQuery = z.object({ plantLocation: locationNumber.optional() }).strict();

/** POST /api/v2.0/FavoriteLists */
export const createFavouriteListInput = z
  .object({ name: listName, plantLocation: locationNumber.nullable().optional() })
  .strict();
/** PUT /api/v2.0/FavoriteLists/{id} */
export const renameFavouriteListInput = z.object({ name: listName }).strict();
/** POST /api/v2.0/FavoriteLists/{id}/items: one item number or several. */
export const addFavouriteItemsInput = requireOneOf(
  z
    .object({
      itemNo: itemNumber.optional(),
      itemNos: z.array(itemNumber).min(1).max(MAX_LINES_PER_CALL).optional(),
    })
    .strict(),
  ['itemNo', 'itemNos'],
);
/** POST /api/v2.0/FavoriteLists/{id}/orderlist: every item of the list onto an order list. */
export const favouritesToOrderListInput = z
  .object({
    plantLocation: locationNumber,
    /** The order list to add to; the user's default list on the location when absent. */
    orderListId: z.guid().optional(),
    /** Amount per item (added to what is already on the list). */
    amount: lineAmount.default(1),
  })
  .strict();

// ── sets ───────────────────────────────────────────────────────────────────────────────────────

export const setLine = z.object({
  lineId: z.string(),
  lineNo: z.number().int(),
  /** The child-set line this line belongs to (a child set's own components), or null. */
  parentLineId: z.string().nullable(),
  type: orderListLineType,
  /** Item number, or the child set's number. */
  itemNo: z.string(),
  description: z.string(),
  /** Amount per one set. */
  amount: z.number().int(),
  rentalType: rentalTypeSchema.nullable(),
  rentalUnit: z.string().nullable(),
  ...priceFields,
  weightPerPiece: decimal.nullable(),
  imageUrl: urlReference.nullable(),
});

export const setSummary = z.object({
  id: z.string(),
  setNo: z.string(),
  description: z.string(),
  longDescription: z.string().nullable(),
  imageUrl: urlReference.nullable(),
  lineCount: z.number().int(),
  /** Named in FavorietenSets: a set the rental company recommends (listed first, on Favorieten too). */
  favourite: z.boolean(),
});

export const setDetail = setSummary.extend({
  lines: z.array(setLine),
  /** Sets_AllowEdit: amounts of the components may be changed before adding. */
  allowEdit: z.boolean(),
  /** Sets_FillByDefault: the amounts start at the set's own amounts (else at 0). */
  fillByDefault: z.boolean(),
  /** Sets_UseAsQuickList: components are added as loose lines, without the set line above them. */
  useAsQuickList: z.boolean(),
});
export type SetDetail = z.infer<typeof setDetail>;

/** GET /api/v2.0/Sets?itemNo= (sets holding that item when given) */
export const setsResponse = z.object({ sets: z.array(setSummary) });
export const setsQuery = z
  .object({
    /** Only the sets holding this item (GetSetsLinks). */
    itemNo: itemNumber.optional(),
    /** true: only the favourite sets (FavorietenSets), in the setting's order. */
    favourites: z.enum(['true', 'false']).optional(),
    /** The selected location: decides the price display (product §6). */
    plantLocation: locationNumber.optional(),
  })
  .strict();
