// Payloads of the sets (product §5): a set of items ordered together, with its components and the settings that
// decide how it is added. Server routes and the web client both import these.
import { z } from 'zod';
import { priceFields, rentalTypeSchema } from './catalogue.ts';
import { decimal, itemNumber, locationNumber, urlReference } from './common.ts';
import { orderListLineType } from './order-lists.ts';

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
