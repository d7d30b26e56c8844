import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { foreignWrites, serverSources } from './lib/table-owners.ts';

const root = path.resolve(import.meta.dirname, '..');

describe('only an area writes its tables', () => {
  it('finds a planted write of the catalogue from another area, in Drizzle and in SQL', () => {
    const text = [
      "import { items } from '../../db/schema/index.ts';",
      'await db.update(items).set({ blocked: true });',
      'await db.execute(sql`delete from set_lines where set_id = ${id}`);',
      'await db.select().from(items).innerJoin(itemTranslations, eq(itemTranslations.itemId, items.id));',
    ].join('\n');
    expect(foreignWrites('apps/server/src/modules/orders/orders.queries.ts', text)).toEqual([
      'apps/server/src/modules/orders/orders.queries.ts:2 items',
      'apps/server/src/modules/orders/orders.queries.ts:3 set_lines',
    ]);
    // the owner, the demo data and the tests may
    expect(foreignWrites('apps/server/src/modules/catalogue/catalogue.queries.ts', text)).toEqual([]);
    expect(foreignWrites('apps/server/src/seed/catalogue.ts', text)).toEqual([]);
  });

  it("holds on the repository's tree", () => {
    const writes = serverSources(root).flatMap(([file, text]) => foreignWrites(file, text));
    expect(writes).toEqual([]);
  });
});
