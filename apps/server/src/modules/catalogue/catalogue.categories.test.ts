import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { categories, categoryTranslations, items } from '../../db/schema/index.ts';

const ADMIN = 'admin@materieelportaal.nl';
const SITE = 'uitvoerder@vandijk.nl';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

interface Cat {
  id: string;
  parent: string;
  code: string;
  itemCount: number;
  totalItemCount: number;
}
const list = async (): Promise<Cat[]> =>
  (await t.app.inject({ url: '/api/v2.0/Categories', headers: await t.auth(ADMIN) })).json().categories;
const del = async (id: string, email = ADMIN, moveTo?: string) =>
  t.app.inject({
    method: 'DELETE',
    url: `/api/v2.0/Categories/${id}${moveTo ? `?moveTo=${moveTo}` : ''}`,
    headers: await t.auth(email),
  });
async function addCategory(code: string, parentId: string | null = null) {
  const [row] = await t.deps.db.insert(categories).values({ code, parentId, sort: 999 }).returning();
  await t.deps.db.insert(categoryTranslations).values({ categoryId: row.id, locale: 'nl-NL', name: code });
  return row.id;
}
const itemsIn = async (id: string) =>
  (await t.deps.db.select({ id: items.id }).from(items).where(eq(items.categoryId, id))).map((r) => r.id);

describe('deleting a category', () => {
  it('is refused to a non-admin (403) and a visitor (401), nothing deleted', async () => {
    const id = await addCategory('LEEG-1');
    expect((await del(id, SITE)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v2.0/Categories/${id}` })).statusCode).toBe(
      401,
    );
    expect((await list()).some((c) => c.id === id)).toBe(true);
    expect((await del(id)).statusCode).toBe(200);
  });

  it('deletes an empty category; a second time it is not found', async () => {
    const id = await addCategory('LEEG-2');
    const r = await del(id);
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ id, movedItems: 0, movedCategories: 0 });
    expect((await list()).some((c) => c.id === id)).toBe(false);
    expect(
      await t.deps.db.select().from(categoryTranslations).where(eq(categoryTranslations.categoryId, id)),
    ).toEqual([]);
    expect((await del(id)).statusCode).toBe(404);
  });

  it('refuses one that holds items or subcategories, saying how many, and changes nothing', async () => {
    const full = (await list()).find((c) => c.itemCount > 0);
    if (!full) throw new Error('the demo has no category with items');
    const before = await itemsIn(full.id);
    const r = await del(full.id);
    expect(r.statusCode).toBe(422);
    expect(r.json()).toMatchObject({ code: 'categorieen.niet_leeg', details: { itemCount: before.length } });
    expect(await itemsIn(full.id)).toEqual(before);
    const parent = await addCategory('OUDER-1');
    const child = await addCategory('KIND-1', parent);
    const withChild = await del(parent);
    expect(withChild.statusCode).toBe(422);
    expect(withChild.json().details).toEqual({ itemCount: 0, childCount: 1 });
    await del(child);
    await del(parent);
  });

  it('refuses to move into itself, into one below it or into an unknown category', async () => {
    const parent = await addCategory('OUDER-2');
    const child = await addCategory('KIND-2', parent);
    const grandchild = await addCategory('KLEINKIND-2', child);
    for (const target of [parent, grandchild, '00000000-0000-4000-8000-000000000099']) {
      const r = await del(parent, ADMIN, target);
      expect(r.statusCode, target).toBe(422);
      expect(r.json().code).toBe('categorieen.doel_ongeldig');
    }
    const ids = (await list()).map((c) => c.id);
    expect(ids).toEqual(expect.arrayContaining([parent, child, grandchild]));
    await del(grandchild);
    await del(child);
    await del(parent);
  });

  it('moves the items and subcategories first when asked, in one go', async () => {
    const all = await list();
    const full = all.find((c) => c.itemCount > 0 && c.itemCount < 50) as Cat;
    const target = await addCategory('DOEL-3');
    const child = await addCategory('KIND-3', full.id);
    const moving = await itemsIn(full.id);
    const r = await del(full.id, ADMIN, target);
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ id: full.id, movedItems: moving.length, movedCategories: 1 });
    const after = await list();
    expect(after.some((c) => c.id === full.id)).toBe(false);
    expect(after.find((c) => c.id === target)).toMatchObject({ itemCount: moving.length });
    expect(after.find((c) => c.id === child)).toMatchObject({ parent: target });
    const moved = await t.deps.db
      .select({ c: items.categoryId })
      .from(items)
      .where(inArray(items.id, moving));
    expect(moved.every((m) => m.c === target)).toBe(true);
  });
});
