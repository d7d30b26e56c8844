// Payloads of the requests (product §5, §7): the order submit, the answer to every submit, and the requests
// overview with one request's detail. Server routes and the web client both import these; the legacy adapters
// map the Dutch DTOs of product §3 onto them.
import { z } from 'zod';
import { MAX_REQUEST_COMMENT } from '../rules/limits.ts';
import { requestKinds, requestStatuses } from '../rules/request-status.ts';
import { calendarDay, commaListPattern, decimal, locationNumber, phone } from './common.ts';
import { orderListLineType } from './order-lists.ts';

export { MAX_REQUEST_COMMENT };

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

/** A request's way to the ERP as its detail shows it. */
export const erpStatuses = ['not_connected', 'waiting', 'sent', 'failed'] as const;
export type ErpStatus = (typeof erpStatuses)[number];

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
  /**
   * Where the request stands with the equipment department's system (the ERP, decision 0027): not_connected (no
   * ERP, or made before one was connected), waiting (on its way), sent (received there), failed (it could not be
   * delivered: the equipment department must be called).
   */
  erpStatus: z.enum(erpStatuses),
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
