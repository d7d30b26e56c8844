// Payloads of the equipment department (issue #12, decision 0018): the queue of every customer's requests, planning
// one (date, depot, transport, which plants) and confirming its execution, which posts the orders and moves the
// stock. Only the department (admins, internal users with the `department` permission) may call these.
import { z } from 'zod';
import { requestStatuses } from '../rules/request-status.ts';
import {
  calendarDay,
  decimal,
  locationNumber,
  requestDetail,
  requestKindSchema,
  requestStatusSchema,
  requestSummary,
} from './ordering.ts';

const note = z.string().trim().max(1000).optional();

/** GET /api/v2.0/Department/requests: every customer's requests, rush first, then by requested date. */
export const queueQuery = z
  .object({
    status: requestStatusSchema.optional(),
    kind: requestKindSchema.optional(),
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
  /** How many requests each status holds (the other filters applied). */
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
});

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
    }),
  ),
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
 * POST /api/v2.0/Department/requests/{id}/execute: confirms a planned request was carried out on executedDate.
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
    note,
  })
  .strict();
export type ExecuteInput = z.infer<typeof executeInput>;

/** The answer of POST Department/requests/{id}/photos. */
export const returnPhoto = z.object({ id: z.string(), fileId: z.string(), lineId: z.string().nullable() });
