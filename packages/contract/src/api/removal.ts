// Payloads of the removal list page and the removal wizard (issue #11): editing and deleting the caller's
// removal-list lines, and the removal request made of them. Server routes and the web client both import these.
import { z } from 'zod';
import { MAX_LINE_COMMENT, MAX_REQUEST_COMMENT } from '../rules/limits.ts';
import { calendarDay, locationNumber, phone } from './common.ts';
import { removalAmount } from './stock.ts';

/** PATCH /api/v2.0/RemovalLists/{plantLocation}/lines/{lineId}: the return amount and/or the comment. */
export const updateRemovalLineInput = z
  .object({
    amount: removalAmount.optional(),
    /** null or '' clears the comment. */
    comment: z.string().max(MAX_LINE_COMMENT).nullable().optional(),
  })
  .strict()
  .refine((b) => b.amount !== undefined || b.comment !== undefined, {
    message: 'validation.verplicht',
    path: ['amount'],
  })
  // the same rule in the document: at least one of the two
  .meta({ minProperties: 1 });
export type UpdateRemovalLineInput = z.infer<typeof updateRemovalLineInput>;

export const removalLineParams = z.object({ plantLocation: locationNumber, lineId: z.guid() });

/**
 * POST /api/v2.0/RemovalLists/scanned: a scanned plant (its number or its label's address) onto the caller's
 * removal list of the location it stands on, amount 1 — what the scan page queues while offline (issue #36).
 */
export const scannedPlantInput = z.object({ code: z.string().trim().min(1).max(500) }).strict();
export type ScannedPlantInput = z.infer<typeof scannedPlantInput>;

/** transportmiddel of a removal the customer brings to the depot himself (no pick-up address). */
export const REMOVAL_BRING = 'brengen';

/**
 * POST /api/v2.0/PlantRequests/removal (header Idempotency-Key): the caller's removal list on plantLocation
 * becomes a removal request. The equipment goes to depot `depotNo` (GET PlantLocations/depots/removal); it is
 * picked up at work address `addressCode` of the location, else at the typed street/postcode/city — unless the
 * customer brings it (transportMeans `brengen`).
 */
export const removalForm = z
  .object({
    plantLocation: locationNumber,
    removalDate: calendarDay,
    transportMeans: z.string().trim().max(50).optional(),
    depotNo: z.string().trim().min(1, 'validation.verplicht').max(50),
    addressCode: z.string().trim().max(50).optional(),
    street: z.string().trim().max(200).optional(),
    postcode: z.string().trim().max(20).optional(),
    city: z.string().trim().max(100).optional(),
    contactPerson: z.string().trim().min(1).max(100),
    phone,
    reference: z.string().trim().max(100).optional(),
    comment: z.string().max(MAX_REQUEST_COMMENT).optional(),
    termsAccepted: z.boolean().default(false),
  })
  .strict()
  .superRefine((v, ctx) => {
    // the customer brings it to the depot: nothing is picked up
    if (v.addressCode || v.transportMeans === REMOVAL_BRING) return;
    if (!v.street) ctx.addIssue({ code: 'custom', path: ['street'], message: 'validation.verplicht' });
    if (!v.city) ctx.addIssue({ code: 'custom', path: ['city'], message: 'validation.verplicht' });
  })
  // the same rule in the document
  .meta({
    anyOf: [
      { required: ['addressCode'], properties: { addressCode: { minLength: 1 } } },
      { required: ['street', 'city'], properties: { street: { pattern: '\\S' }, city: { pattern: '\\S' } } },
      { required: ['transportMeans'], properties: { transportMeans: { const: REMOVAL_BRING } } },
    ],
  });
export type RemovalForm = z.infer<typeof removalForm>;

/**
 * POST /api/v2.0/PlantRequests/othertransfers with kind relocation (header Idempotency-Key): the caller's removal
 * list on plantLocation moves to targetLocation (another location of the caller; the same one only with
 * Verplaatsen_EnableVerplaastenNaarEigenLocatie), delivered at work address `addressCode` of the target, else at
 * the typed street/postcode/city.
 */
export const relocationForm = z
  .object({
    kind: z.literal('relocation'),
    plantLocation: locationNumber,
    targetLocation: locationNumber,
    moveDate: calendarDay,
    expectedReturnDate: calendarDay.nullable().optional(),
    transportMeans: z.string().trim().max(50).optional(),
    addressCode: z.string().trim().max(50).optional(),
    street: z.string().trim().max(200).optional(),
    postcode: z.string().trim().max(20).optional(),
    city: z.string().trim().max(100).optional(),
    contactPerson: z.string().trim().min(1).max(100),
    phone,
    reference: z.string().trim().max(100).optional(),
    comment: z.string().max(MAX_REQUEST_COMMENT).optional(),
    termsAccepted: z.boolean().default(false),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.addressCode) return;
    if (!v.street) ctx.addIssue({ code: 'custom', path: ['street'], message: 'validation.verplicht' });
    if (!v.city) ctx.addIssue({ code: 'custom', path: ['city'], message: 'validation.verplicht' });
  })
  .meta({
    anyOf: [
      { required: ['addressCode'], properties: { addressCode: { minLength: 1 } } },
      { required: ['street', 'city'], properties: { street: { pattern: '\\S' }, city: { pattern: '\\S' } } },
    ],
  });
export type RelocationForm = z.infer<typeof relocationForm>;
