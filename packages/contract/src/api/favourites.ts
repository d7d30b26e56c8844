// Payloads of the favourite lists (product §5): a user's lists of items, per location or for every location,
// and putting a list's items onto an order list. Server routes and the web client both import these.
import { z } from 'zod';
import { MAX_LINES_PER_CALL } from '../rules/limits.ts';
import { priceFields, rentalTypeSchema } from './catalogue.ts';
import { decimal, itemNumber, locationNumber, requireOneOf, urlReference } from './common.ts';
import { lineAmount, listName } from './order-lists.ts';

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
