// Payloads of the transport wizard (issue #11 part 4) and the one body of POST PlantRequests/othertransfers
// (a relocation or a transport). Server routes and the web client both import these.
import { z } from 'zod';
import { MAX_CARGO, MAX_REQUEST_COMMENT } from '../rules/limits.ts';
import { calendarDay, locationNumber, phone } from './common.ts';
import { relocationForm } from './removal.ts';

/** A time of day 'HH:MM', 24 hours. */
export const timeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'validation.tijd_ongeldig');

/**
 * One end of a transport: a work address of its location (`addressCode`), else the typed street/postcode/city,
 * and who is there.
 */
export const transportEnd = z
  .object({
    addressCode: z.string().trim().max(50).optional(),
    street: z.string().trim().max(200).optional(),
    postcode: z.string().trim().max(20).optional(),
    city: z.string().trim().max(100).optional(),
    contactPerson: z.string().trim().min(1).max(100),
    phone,
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.addressCode) return;
    if (!v.street) ctx.addIssue({ code: 'custom', path: ['street'], message: 'validation.verplicht' });
    if (!v.city) ctx.addIssue({ code: 'custom', path: ['city'], message: 'validation.verplicht' });
  })
  // the same rule in the document
  .meta({
    anyOf: [
      { required: ['addressCode'], properties: { addressCode: { minLength: 1 } } },
      { required: ['street', 'city'], properties: { street: { pattern: '\\S' }, city: { pattern: '\\S' } } },
    ],
  });
export type TransportEnd = z.infer<typeof transportEnd>;

/**
 * POST /api/v2.0/PlantRequests/othertransfers with kind transport (header Idempotency-Key): goods are carried on
 * transportDate from `from` (on plantLocation) to `to` (on targetLocation: another of the caller's locations; the
 * same one only with TransportAanvraag_EnableVerplaastenNaarEigenLocatie), loaded between loadingFrom and
 * loadingUntil, unloaded on unloadingDate (empty: the transport date) between unloadingFrom and unloadingUntil.
 */
export const transportForm = z
  .object({
    kind: z.literal('transport'),
    plantLocation: locationNumber,
    targetLocation: locationNumber,
    transportDate: calendarDay,
    loadingFrom: timeOfDay,
    loadingUntil: timeOfDay,
    unloadingDate: calendarDay.nullable().optional(),
    unloadingFrom: timeOfDay,
    unloadingUntil: timeOfDay,
    /** lading: what is carried (kind, count, sizes, weight). */
    cargo: z.string().trim().min(1).max(MAX_CARGO),
    from: transportEnd,
    to: transportEnd,
    reference: z.string().trim().max(100).optional(),
    comment: z.string().max(MAX_REQUEST_COMMENT).optional(),
    termsAccepted: z.boolean().default(false),
  })
  .strict();
export type TransportForm = z.infer<typeof transportForm>;

/** POST /api/v2.0/PlantRequests/othertransfers: a relocation of the removal list, or a transport. */
export const otherTransferForm = z.discriminatedUnion('kind', [relocationForm, transportForm]);
export type OtherTransferForm = z.infer<typeof otherTransferForm>;
