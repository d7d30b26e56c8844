import type { FavouriteList } from '@mp/contract/api/favourites';
import type { OrderList } from '@mp/contract/api/order-lists';
import type { Action } from '@mp/contract/permissions';
import type { PriceDisplay } from '@mp/contract/rules/prices';
import { type FavouriteListRequest, requireAccess } from '../../platform/auth/access.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { type Ctx, requireUser } from '../../platform/http/context.ts';
import { itemsById, itemsByNo, priceDisplayFor, pricesOf, requireKnownItems } from '../catalogue/index.ts';
import { addOrderListLines, listOrderLists } from '../order-lists/index.ts';
import {
  countFavouriteItems,
  countFavouriteLists,
  deleteFavouriteItem,
  deleteFavouriteListRow,
  type FavouriteListRow,
  insertFavouriteItems,
  insertFavouriteList,
  lockFavouriteList,
  lockFavouriteListsOf,
  renameFavouriteListRow,
  selectFavouriteItems,
  selectFavouriteList,
  selectFavouriteLists,
  selectListsWithItem,
} from './favourites.queries.ts';

/** Bounds that keep one user's favourites sane. */
export const MAX_FAVOURITE_LISTS = 50;
export const MAX_FAVOURITE_ITEMS = 500;

const notFound = (id: string) =>
  new AppError('not_found', 'error.niet_gevonden', { details: { favoriteListId: id } });

/**
 * What requireAccess needs for the user's own list (platform/auth/resolvers/resources.ts decides): another user's
 * list, or one on a location they left, is 404.
 */
function ownList(ctx: Ctx, id: string, action: Action): FavouriteListRequest<FavouriteListRow> {
  return {
    permission: action === 'read' ? 'favouriteList.read' : 'favouriteList.write',
    load: () => selectFavouriteList(ctx.db, id),
    notFound: () => notFound(id),
  };
}

async function views(ctx: Ctx, lists: FavouriteListRow[], display: PriceDisplay): Promise<FavouriteList[]> {
  const rows = await selectFavouriteItems(
    ctx.db,
    lists.map((l) => l.id),
  );
  const items = await itemsById(
    ctx.db,
    ctx.locale,
    rows.map((r) => r.itemId),
  );
  return lists.map((l) => {
    const own = rows.filter((r) => r.listId === l.id);
    return {
      id: l.id,
      name: l.name,
      locationNo: l.locationNo,
      itemCount: own.length,
      items: own.flatMap((r) => {
        const item = items.get(r.itemId);
        if (!item) return [];
        return [
          {
            itemNo: item.itemNo,
            description: item.description,
            rentalType: item.rentalType,
            rentalUnit: item.rentalUnit,
            ...pricesOf(item, display),
            weightPerPiece: item.weight,
            imageUrl: item.imageUrl,
            addedAt: r.createdAt.toISOString(),
          },
        ];
      }),
      createdAt: l.createdAt.toISOString(),
      updatedAt: l.updatedAt.toISOString(),
    };
  });
}

/** The user's favourite lists; with a location, the lists for every location plus that location's. */
export async function listFavourites(
  ctx: Ctx,
  query: { locationNo?: string },
): Promise<{ lists: FavouriteList[] }> {
  const user = requireUser(ctx);
  const location = query.locationNo
    ? await requireAccess(ctx, { permission: 'location.read', locationNo: query.locationNo })
    : null;
  const rows = await selectFavouriteLists(ctx.db, user.id, location?.locationId);
  // a list on a location the user left (or that is gone) is not shown
  const locationIds = [...new Set(rows.flatMap((r) => (r.locationId ? [r.locationId] : [])))];
  const allowed = new Set(
    (await requireAccess(ctx, { permission: 'location.read', locationIds })).map((l) => l.locationId),
  );
  const visible = rows.filter((row) => !row.locationId || allowed.has(row.locationId));
  return { lists: await views(ctx, visible, await priceDisplayFor(ctx, !!location)) };
}

export async function getFavouriteList(ctx: Ctx, id: string): Promise<FavouriteList> {
  const list = await requireAccess(ctx, ownList(ctx, id, 'read'));
  const [view] = await views(ctx, [list], await priceDisplayFor(ctx, !!list.locationId));
  return view;
}

export async function createFavouriteList(ctx: Ctx, input: { name: string; locationNo?: string | null }) {
  const user = requireUser(ctx);
  const location = input.locationNo
    ? await requireAccess(ctx, { permission: 'location.write', locationNo: input.locationNo })
    : null;
  const id = await ctx.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    await lockFavouriteListsOf(db, user.id);
    if ((await countFavouriteLists(db, user.id)) >= MAX_FAVOURITE_LISTS) {
      throw new AppError('rule', 'error.te_veel_lijsten', { params: { max: MAX_FAVOURITE_LISTS } });
    }
    return insertFavouriteList(db, {
      userId: user.id,
      locationId: location?.locationId ?? null,
      name: input.name,
    });
  });
  return getFavouriteList(ctx, id);
}

export async function renameFavouriteList(ctx: Ctx, id: string, name: string) {
  await requireAccess(ctx, ownList(ctx, id, 'write'));
  await renameFavouriteListRow(ctx.db, id, name);
  return getFavouriteList(ctx, id);
}

export async function deleteFavouriteList(ctx: Ctx, id: string): Promise<void> {
  await requireAccess(ctx, ownList(ctx, id, 'write'));
  await deleteFavouriteListRow(ctx.db, id);
}

/** Adds items by number; unknown numbers are refused (422 error.onbekend_materieel naming them). */
export async function addFavouriteItems(ctx: Ctx, id: string, itemNos: string[]) {
  await requireAccess(ctx, ownList(ctx, id, 'write'));
  const found = await itemsByNo(ctx.db, ctx.locale, itemNos);
  requireKnownItems(found, itemNos);
  const ids = [...new Set(itemNos.map((no) => found.get(no)?.id as string))];
  await ctx.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    await lockFavouriteList(db, id);
    if ((await countFavouriteItems(db, id)) + ids.length > MAX_FAVOURITE_ITEMS) {
      throw new AppError('rule', 'error.lijst_vol', { params: { max: MAX_FAVOURITE_ITEMS } });
    }
    await insertFavouriteItems(db, id, ids);
  });
  return getFavouriteList(ctx, id);
}

export async function removeFavouriteItem(ctx: Ctx, id: string, itemNo: string): Promise<void> {
  await requireAccess(ctx, ownList(ctx, id, 'write'));
  const item = (await itemsByNo(ctx.db, ctx.locale, [itemNo])).get(itemNo);
  if (!item || !(await deleteFavouriteItem(ctx.db, id, item.id))) {
    throw new AppError('not_found', 'error.niet_gevonden', { details: { itemNo } });
  }
}

/** The ids of the user's lists that hold the item (the heart on Details). */
export async function listsWithItem(ctx: Ctx, itemNo: string): Promise<string[]> {
  const user = requireUser(ctx);
  const item = (await itemsByNo(ctx.db, ctx.locale, [itemNo])).get(itemNo);
  return item ? selectListsWithItem(ctx.db, user.id, item.id) : [];
}

/** Every item of the list onto an order list (the default one when none is named), amounts added. */
export async function favouritesToOrderList(
  ctx: Ctx,
  id: string,
  input: { locationNo: string; orderListId?: string; amount: number },
): Promise<OrderList> {
  const list = await requireAccess(ctx, ownList(ctx, id, 'read'));
  const rows = await selectFavouriteItems(ctx.db, [list.id]);
  const items = await itemsById(
    ctx.db,
    ctx.locale,
    rows.map((r) => r.itemId),
  );
  const orderable = rows.map((r) => items.get(r.itemId)).filter((i) => i && !i.blocked);
  if (orderable.length === 0)
    throw new AppError('rule', 'error.lijst_leeg', { details: { favoriteListId: id } });
  const target = input.orderListId ?? (await listOrderLists(ctx, input.locationNo)).orderLists[0].id;
  return addOrderListLines(
    ctx,
    input.locationNo,
    target,
    {
      lines: orderable.map((i) => ({
        type: 'item' as const,
        itemNo: i?.itemNo as string,
        amount: input.amount,
      })),
    },
    false,
  );
}
