// Dev helper: EXPLAIN (ANALYZE, BUFFERS) of one quick search and one catalogue page on the bench database.
// npx node bench/explain.ts [quick|catalogue] [text] [plain]: needs the bench database running on :62432
// (start its PostgreSQL with pg_ctl on /tmp/mp-bench-scale100/postgres, or while `npm run bench` runs).
import { splitSearchWords } from '@mp/contract/rules/search';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { categoryBase, listingSql } from '../apps/server/src/modules/catalogue/catalogue.queries.ts';
import { quickSearchSql } from '../apps/server/src/modules/catalogue/search.queries.ts';

const pool = new pg.Pool({
  connectionString: 'postgres://postgres:postgres@127.0.0.1:62432/materieelportaal',
  max: 1,
});
const dialect = new PgDialect();
const [what = 'quick', text = 'bouwhek', plain] = process.argv.slice(2);
let q: { sql: string; params: unknown[] };
if (what === 'quick') q = dialect.sqlToQuery(quickSearchSql('nl-NL', splitSearchWords(text), true, 10));
else {
  const c = (
    await pool.query(`select c.id as category, a.id as attribute, count(*)::int as n
      from categories c join items i on i.category_id = c.id
      join item_tech_data d on d.item_id = i.id and d.boolean_value
      join tech_attributes a on a.id = d.attribute_id and a.kind = 'boolean' and a.filterable
      group by c.id, a.id having count(*) >= 100 order by abs(count(*) - 1000) limit 1`)
  ).rows[0];
  q = dialect.sqlToQuery(
    listingSql({
      locale: 'nl-NL',
      base: categoryBase(c.category),
      hasRelevance: false,
      filters: { bool: [c.attribute], dayMax: 900000 },
      sort: 'default',
      limit: 50,
      offset: 0,
      tech: 'locale',
      withPrices: true,
    }),
  );
}
if (plain) {
  console.log(q.sql, q.params);
}
for (let i = 0; i < 3; i++) await pool.query(q.sql, q.params);
const t0 = performance.now();
for (let i = 0; i < 10; i++) await pool.query(q.sql, q.params);
console.log(`avg ${(performance.now() - t0) / 10} ms`);
const r = await pool.query(`explain (analyze, buffers) ${q.sql}`, q.params);
console.log(r.rows.map((x) => x['QUERY PLAN']).join('\n'));
await pool.end();
