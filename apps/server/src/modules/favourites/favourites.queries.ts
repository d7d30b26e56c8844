import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { favouriteListItems, favouriteLists, plantLocations } from '../../db/schema/index.ts';
import type { Db } from '../../platform/db/database.ts';

export interface FavouriteListRow {
  id: string;
  userId: string;
  locationId: string | null;
  locationNo: string | null;
  name: string;
  createdAt: Date;
  updatedAt: Date;
}

const listColumns = {
  id: favouriteLists.id,
  userId: favouriteLists.userId,
  locationId: favouriteLists.locationId,
  locationNo: plantLocations.locationNo,
  name: favouriteLists.name,
  createdAt: favouriteLists.createdAt,
  updatedAt: favouriteLists.updatedAt,
};

/**
 * The user's lists: all of them, or (with a location) the lists for every location plus that location's.
 * Lists bound to a location the user no longer belongs to are filtered by the service.
 */
export async function selectFavouriteLists(
  db: Db,
  userId: string,
  locationId?: string,
): Promise<FavouriteListRow[]> {
  const where = locationId
    ? and(
        eq(favouriteLists.userId, userId),
        or(isNull(favouriteLists.locationId), eq(favouriteLists.locationId, locationId)),
      )
    : eq(favouriteLists.userId, userId);
  return db
    .select(listColumns)
    .from(favouriteLists)
    .leftJoin(plantLocations, eq(plantLocations.id, favouriteLists.locationId))
    .where(where)
    .orderBy(asc(favouriteLists.createdAt), asc(favouriteLists.id));
}

export async function selectFavouriteList(db: Db, id: string): Promise<FavouriteListRow | null> {
  const [row] = await db
    .select(listColumns)
    .from(favouriteLists)
    .leftJoin(plantLocations, eq(plantLocations.id, favouriteLists.locationId))
    .where(eq(favouriteLists.id, id))
    .limit(1);
  return row ?? null;
}

/**
 * Writers that check a count before they insert take turns (issue #31 item 3): the user's lists (a new list) under an
 * advisory lock per user, a list's items under its row lock. Call inside the transaction that counts and inserts.
 */
export async function lockFavouriteListsOf(tx: Db, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`favourite-lists:${userId}`}))`);
}

export async function lockFavouriteList(tx: Db, listId: string): Promise<void> {
  await tx.execute(sql`select 1 from favourite_lists where id = ${listId}::uuid for update`);
}

export async function countFavouriteLists(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(favouriteLists)
    .where(eq(favouriteLists.userId, userId));
  return row?.n ?? 0;
}

export async function insertFavouriteList(
  db: Db,
  values: { userId: string; locationId: string | null; name: string },
) {
  const [row] = await db.insert(favouriteLists).values(values).returning({ id: favouriteLists.id });
  return row.id;
}

export async function renameFavouriteListRow(db: Db, id: string, name: string): Promise<void> {
  await db.update(favouriteLists).set({ name }).where(eq(favouriteLists.id, id));
}

export async function touchFavouriteList(db: Db, id: string): Promise<void> {
  await db.update(favouriteLists).set({ updatedAt: new Date() }).where(eq(favouriteLists.id, id));
}

export async function deleteFavouriteListRow(db: Db, id: string): Promise<void> {
  await db.delete(favouriteLists).where(eq(favouriteLists.id, id));
}

export interface FavouriteItemRow {
  listId: string;
  itemId: string;
  createdAt: Date;
}

export async function selectFavouriteItems(db: Db, listIds: string[]): Promise<FavouriteItemRow[]> {
  if (listIds.length === 0) return [];
  return db
    .select({
      listId: favouriteListItems.listId,
      itemId: favouriteListItems.itemId,
      createdAt: favouriteListItems.createdAt,
    })
    .from(favouriteListItems)
    .where(inArray(favouriteListItems.listId, listIds))
    .orderBy(asc(favouriteListItems.sort), asc(favouriteListItems.createdAt));
}

export async function countFavouriteItems(db: Db, listId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(favouriteListItems)
    .where(eq(favouriteListItems.listId, listId));
  return row?.n ?? 0;
}

/** Adds items (already present ones stay as they are). */
export async function insertFavouriteItems(db: Db, listId: string, itemIds: string[]): Promise<void> {
  if (itemIds.length === 0) return;
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ max: sql<number>`coalesce(max(${favouriteListItems.sort}), 0)`.mapWith(Number) })
      .from(favouriteListItems)
      .where(eq(favouriteListItems.listId, listId));
    let sort = (row?.max ?? 0) + 1;
    await tx
      .insert(favouriteListItems)
      .values(itemIds.map((itemId) => ({ listId, itemId, sort: sort++ })))
      .onConflictDoNothing();
    await tx.update(favouriteLists).set({ updatedAt: new Date() }).where(eq(favouriteLists.id, listId));
  });
}

export async function deleteFavouriteItem(db: Db, listId: string, itemId: string): Promise<boolean> {
  const rows = await db
    .delete(favouriteListItems)
    .where(and(eq(favouriteListItems.listId, listId), eq(favouriteListItems.itemId, itemId)))
    .returning({ itemId: favouriteListItems.itemId });
  return rows.length > 0;
}

/** The user's lists holding the item (Inlijst). */
export async function selectListsWithItem(db: Db, userId: string, itemId: string): Promise<string[]> {
  const rows = await db
    .select({ id: favouriteLists.id })
    .from(favouriteListItems)
    .innerJoin(favouriteLists, eq(favouriteLists.id, favouriteListItems.listId))
    .where(and(eq(favouriteLists.userId, userId), eq(favouriteListItems.itemId, itemId)));
  return rows.map((r) => r.id);
}
