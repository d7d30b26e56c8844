import { requireAccess } from '../../platform/auth/access.ts';
import { errors, ruleOn } from '../../platform/errors.ts';
import type { Ctx } from '../../platform/http/context.ts';
import { invalidateCatalogueCaches } from './catalogue.cache.ts';
import {
  categoryExists,
  deleteCategoryRow,
  lockCategoryContents,
  moveCategoryContents,
  selectDescendantIds,
} from './catalogue.categories.queries.ts';

/*
 * Deleting a category (/settings/categorie/verwijderen, issue #15 part 5, decision 0024). Only an empty category goes:
 * one that still holds items or subcategories is refused, unless the admin names a category to move them to first
 * (not itself and not one below it). Moving and deleting are one transaction; the catalogue's caches (here and, through
 * the catalogue revision, in other processes) drop the old tree.
 */
export async function deleteCategory(ctx: Ctx, id: string, moveTo: string | undefined) {
  await requireAccess(ctx, { permission: 'admin' });
  const result = await ctx.db.transaction(async (tx) => {
    const db = tx as unknown as typeof ctx.db;
    const contents = await lockCategoryContents(db, id);
    if (!contents) throw errors.notFound('categorieen.niet_gevonden');
    let moved = { movedItems: 0, movedCategories: 0 };
    if (moveTo !== undefined) {
      if (
        moveTo === id ||
        (await selectDescendantIds(db, id)).includes(moveTo) ||
        !(await categoryExists(db, moveTo))
      )
        throw ruleOn('moveTo', 'categorieen.doel_ongeldig');
      moved = await moveCategoryContents(db, id, moveTo);
    } else if (contents.itemCount > 0 || contents.childCount > 0) {
      throw errors.rule(
        'categorieen.niet_leeg',
        { itemCount: contents.itemCount, childCount: contents.childCount },
        { items: contents.itemCount, categories: contents.childCount },
      );
    }
    await deleteCategoryRow(db, id);
    return { id, ...moved };
  });
  invalidateCatalogueCaches(ctx.db);
  return result;
}
