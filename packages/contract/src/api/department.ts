// Payloads of the equipment department (issue #12, decision 0018): the queue of every customer's requests, planning
// one (date, depot, transport, which plants) and confirming its execution, which posts the orders and moves the
// stock. Only the department (admins, internal users with the `department` permission) may call these.
import { z } from 'zod';
import { requestStatuses } from '../rules/request-status.ts';
import { calendarDay, decimal, locationNumber } from './common.ts';
import { requestDetail, requestKindSchema, requestStatusSchema, requestSummary } from './requests.ts';

const note = z.string().trim().max(1000).optional();

/**
 * The department's views of the queue: `all`, or `now` — what needs the department now: new and taken requests
 * (to plan) and planned ones whose planned date is today or past (to carry out).
 */
export const queueViews = ['all', 'now'] as const;
export type QueueView = (typeof queueViews)[number];

/**
 * GET /api/v2.0/Department/requests: every customer's requests. Open ones (submitted, in progress, planned) first:
 * rush first among them, then new before planned, then the oldest (planned, else requested) date; the closed ones
 * after them, the latest change first.
 */
export const queueQuery = z
  .object({
    view: z.enum(queueViews).default('all'),
    status: requestStatusSchema.optional(),
    kind: requestKindSchema.optional(),
    /** Words that each appear in the request number, the reference, the customer's number or name, or the location's number or description. */
    q: z.string().trim().min(1).max(100).optional(),
    /** Only requests planned on or before this day (today's work and what is overdue). */
    plannedUntil: calendarDay.optional(),
    /** A customer number (K-…). */
    customer: z.string().trim().min(1).max(50).optional(),
    plantLocation: locationNumber.optional(),
    /** A depot number: requests planned from it, or removals going to it. */
    depot: z.string().trim().min(1).max(50).optional(),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(25),
  })
  .strict();
export type QueueQuery = z.infer<typeof queueQuery>;

export const queueItem = requestSummary.extend({
  customerNo: z.string().nullable(),
  customerName: z.string().nullable(),
  depotNo: z.string().nullable(),
});
export type QueueItem = z.infer<typeof queueItem>;

export const queue = z.object({
  items: z.array(queueItem),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  /** How many requests the view `now` holds (the other filters applied, not status nor view). */
  now: z.number().int(),
  /** How many requests each status holds (the other filters applied, not status nor view). */
  counts: z.object(
    Object.fromEntries(requestStatuses.map((s) => [s, z.number().int()])) as Record<
      (typeof requestStatuses)[number],
      z.ZodNumber
    >,
  ),
});
export type Queue = z.infer<typeof queue>;

/** A plant the department may pick for a line: where it is now. */
export const plantChoice = z.object({
  plantNo: z.string(),
  depotNo: z.string().nullable(),
  locationNo: z.string().nullable(),
  /** Its next inspection (the latest inspection's due date; null: none known): the plan warns when it falls due before the return (decision 0034). */
  nextInspection: z.string().nullable().optional(),
});

/**
 * A depot the request can be planned from (a delivery) or go to (a removal), with what it can supply per item line
 * of a delivery: free plants in service of a numbered item (not picked for another request), the stock on hand of a
 * bulk item. `complete` when it holds every line's amount.
 */
export const depotChoice = z.object({
  depotNo: z.string(),
  name: z.string(),
  complete: z.boolean(),
  lines: z.array(
    z.object({
      lineId: z.string(),
      itemNo: z.string(),
      numbered: z.boolean(),
      amount: z.number().int(),
      available: z.number().int(),
    }),
  ),
});
export type DepotChoice = z.infer<typeof depotChoice>;

/** GET /api/v2.0/Department/requests/{id}: the request as the department plans and executes it. */
export const departmentRequest = requestDetail.extend({
  /** Send it back with a change (plan, execute): a change made meanwhile by someone else is a 409 conflict. */
  version: z.string(),
  customerNo: z.string().nullable(),
  customerName: z.string().nullable(),
  /** The depot it is planned from / goes to. */
  depotNo: z.string().nullable(),
  /** Per line of a numbered item: the plants picked (planned) and those that could be (candidates). */
  picks: z.array(
    z.object({
      lineId: z.string(),
      itemNo: z.string(),
      amount: z.number().int(),
      numbered: z.boolean(),
      plantNos: z.array(z.string()),
      candidates: z.array(plantChoice),
      /**
       * The picked plants whose next inspection falls due on or before the expected return date (decision 0034), and
       * the free plants of the item that stay valid until then (at most 10).
       */
      inspectionWarnings: z
        .array(
          z.object({
            plantNo: z.string(),
            nextInspection: z.string(),
            validAlternatives: z.array(z.string()),
          }),
        )
        .optional(),
    }),
  ),
  /**
   * Where it can be planned from (a delivery: every depot for orders, those holding every line first) or go to (a
   * removal: every depot for removals); empty for a relocation and a transport.
   */
  depots: z.array(depotChoice),
  /** An executed removal's exit order: where its photos go (POST …/photos). */
  exitOrder: z.object({ id: z.string(), exitOrderNo: z.string(), photoCount: z.number().int() }).nullable(),
});
export type DepartmentRequest = z.infer<typeof departmentRequest>;

/**
 * POST /api/v2.0/Department/requests/{id}/plan: the planned date, the depot (delivery: where it comes from;
 * removal: where it goes), transport, and for each line of a numbered item exactly `amount` plants (a delivery's
 * from the depot's stock; a removal's or relocation's are the ones on its lines already).
 */
export const planInput = z
  .object({
    version: z.string().min(1).max(40),
    plannedDate: calendarDay,
    depotNo: z.string().trim().min(1).max(50).optional(),
    transportMeans: z.string().trim().max(50).optional(),
    plants: z
      .array(
        z.object({ lineId: z.guid(), plantNos: z.array(z.string().trim().min(1).max(50)).max(100) }).strict(),
      )
      .max(100)
      .default([]),
    note,
  })
  .strict();
export type PlanInput = z.infer<typeof planInput>;

export const returnConditions = ['good', 'dirty', 'damaged', 'missing'] as const;

/**
 * POST /api/v2.0/Department/requests/{id}/execute: confirms a planned request was carried out on executedDate: not
 * after today, and not before its planned date unless `movePlannedDate` moves the plan to that day first.
 * Removals record each line's condition (default good) and an optional damage amount; costs are added to the order.
 */
export const executeInput = z
  .object({
    version: z.string().min(1).max(40),
    executedDate: calendarDay,
    returns: z
      .array(
        z
          .object({
            lineId: z.guid(),
            condition: z.enum(returnConditions),
            damageAmount: decimal.optional(),
            remarks: z.string().trim().max(500).optional(),
          })
          .strict(),
      )
      .max(500)
      .default([]),
    costs: z
      .array(
        z
          .object({
            kind: z.enum(['transport', 'handling', 'other']),
            description: z.string().trim().min(1).max(200),
            quantity: decimal.default('1'),
            unitPrice: decimal,
          })
          .strict(),
      )
      .max(20)
      .default([]),
    /**
     * Carried out before the planned day: move the planned date to executedDate first, in the same transaction
     * (a re-plan in the history). Without it such an execution is 422 error.uitvoering_voor_planning.
     */
    movePlannedDate: z.boolean().optional(),
    note,
  })
  .strict();
export type ExecuteInput = z.infer<typeof executeInput>;

/**
 * POST /api/v2.0/Department/requests/{id}/status: the department takes (in_progress), rejects or cancels a request;
 * rejecting and cancelling need a note (the reason the requester reads). Planned and done have their own calls (plan,
 * execute). With `version` (the department request's), a change made meanwhile by someone else is a 409.
 */
export const statusInput = z
  .object({
    status: requestStatusSchema,
    note: z.string().trim().max(1000).optional(),
    plannedDate: calendarDay.optional(),
    version: z.string().min(1).max(40).optional(),
  })
  .strict();
export type StatusInput = z.infer<typeof statusInput>;

/** The answer of POST Department/requests/{id}/photos. */
export const returnPhoto = z.object({ id: z.string(), fileId: z.string(), lineId: z.string().nullable() });
