import { count, eq, sql } from 'drizzle-orm';
import { categories, items } from '../../db/schema/index.ts';
import type { Db } from '../../platform/db/database.ts';

/**
 * The category with how much hangs directly under it, or undefined. Locks the row: an item being put into it
 * meanwhile (its foreign-key check) waits for the delete's transaction.
 */
export async function lockCategoryContents(
  db: Db,
  id: string,
): Promise<{ id: string; itemCount: number; childCount: number } | undefined> {
  const r = await db.execute<{ id: string; itemCount: number; childCount: number }>(sql`
    select c.id,
      (select count(*)::int from items i where i.category_id = c.id) as "itemCount",
      (select count(*)::int from categories k where k.parent_id = c.id) as "childCount"
    from categories c where c.id = ${id}
    for update of c`);
  return r.rows[0];
}

/** Every category below `id` (not `id` itself), at any depth. */
export async function selectDescendantIds(db: Db, id: string): Promise<string[]> {
  const rows = await db.execute<{ id: string }>(sql`
    with recursive below(id) as (
      select id from categories where parent_id = ${id}
      union
      select c.id from categories c join below b on c.parent_id = b.id
    )
    select id from below`);
  return rows.rows.map((r) => r.id);
}

export async function categoryExists(db: Db, id: string): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(categories).where(eq(categories.id, id));
  return (row?.n ?? 0) > 0;
}

/** Moves the category's items and direct subcategories under `target`; answers how many of each moved. */
export async function moveCategoryContents(db: Db, id: string, target: string) {
  const movedItems = await db
    .update(items)
    .set({ categoryId: target })
    .where(eq(items.categoryId, id))
    .returning({ id: items.id });
  const movedCategories = await db
    .update(categories)
    .set({ parentId: target })
    .where(eq(categories.parentId, id))
    .returning({ id: categories.id });
  return { movedItems: movedItems.length, movedCategories: movedCategories.length };
}

/** Deletes the category (its translations go with it); undefined when it was gone already. */
export async function deleteCategoryRow(db: Db, id: string) {
  const [row] = await db.delete(categories).where(eq(categories.id, id)).returning({ id: categories.id });
  return row;
}
