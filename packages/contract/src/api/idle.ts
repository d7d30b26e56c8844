// Idle equipment and inspections that fall due (issue #37 points 2 and 3, decision 0034): what stood still on a
// location, what returning it now would save until the project's end, and the digest mail's opt-in.
import { z } from 'zod';
import { decimal, locationNumber } from './common.ts';

/** GET /api/v2.0/IdleEquipment/{plantLocation} */
export const idleParams = z.object({ plantLocation: locationNumber });

export const idleLine = z.object({
  itemNo: z.string(),
  description: z.string(),
  plantNo: z.string().nullable(),
  quantity: z.number().int(),
  /** The day of the last movement and the days since (at least idleAfterDays). */
  idleSince: z.string(),
  idleDays: z.number().int(),
  /** What the caller may still put on their removal list (0: nothing). */
  availableForRemoval: z.number().int(),
});
export type IdleLine = z.infer<typeof idleLine>;

export const idleEquipment = z.object({
  locationNo: z.string(),
  /** Materieelvoorraad_StilstandDagen. */
  idleAfterDays: z.number().int(),
  /** The idle lines, the longest idle first. */
  lines: z.array(idleLine),
  /** Pieces over the idle lines. */
  pieces: z.number().int(),
  /** The fewest days any idle line stood still ("no movement for at least … days"); null without idle lines. */
  fewestDays: z.number().int().nullable(),
  /** The project's end (the location's end date); null when none is set. */
  projectEnd: z.string().nullable(),
  /** Whether the caller sees prices (product §6): without, perDay and saving are null and the page names no figure. */
  pricesShown: z.boolean(),
  /** Their rent per day (excl. VAT, the invoice's rule, decision 0033); null when the caller sees no prices. */
  perDay: decimal.nullable(),
  /**
   * perDay × the days after today up to the project's end: what returning them today saves; null without an end
   * date, or when the caller sees no prices.
   */
  saving: decimal.nullable(),
  /** Whether the caller may put anything on the removal list here. */
  canRemove: z.boolean(),
  /** The plants whose next inspection falls due on or before the project's end, by due date (none without an end). */
  inspectionsDue: z.array(
    z.object({
      itemNo: z.string(),
      description: z.string(),
      plantNo: z.string(),
      nextInspection: z.string(),
    }),
  ),
});
export type IdleEquipment = z.infer<typeof idleEquipment>;

/** GET/PUT /api/v2.0/Users/me/idle-digest: the weekly digest of idle equipment (off until the user opts in). */
export const idleDigestPreference = z.object({ enabled: z.boolean() }).strict();
export type IdleDigestPreference = z.infer<typeof idleDigestPreference>;

/** POST /api/v2.0/IdleDigest/unsubscribe: the signed token of the mail's link turns the digest off. */
export const idleUnsubscribeInput = z.object({ token: z.string().min(10).max(2000) }).strict();
