import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/*
 * Who writes an area's tables (issue #32 item 5, docs/architecture.md "Boundaries"). Other areas may join the
 * catalogue's tables in their query files to name their lines (an order line's item number and description),
 * but only the catalogue module writes them — its read models (decision 0008) and catalogue_revision rest on that.
 * dependency-cruiser sees imports, not statements, so this check reads the statements: a Drizzle
 * insert/update/delete on one of the tables, or the same in raw SQL.
 */

/** Each owned table: its Drizzle name and its SQL name, and the folder that may write it. */
export const ownedTables: { owner: string; tables: Array<[drizzle: string, sql: string]> }[] = [
  {
    owner: 'apps/server/src/modules/catalogue/',
    tables: [
      ['items', 'items'],
      ['itemTranslations', 'item_translations'],
      ['categories', 'categories'],
      ['categoryTranslations', 'category_translations'],
      ['techAttributes', 'tech_attributes'],
      ['itemTechData', 'item_tech_data'],
      ['itemLinks', 'item_links'],
      ['searchSynonyms', 'search_synonyms'],
      ['sets', 'sets'],
      ['setTranslations', 'set_translations'],
      ['setLines', 'set_lines'],
    ],
  },
];

/** Files that may write any table: the demo data and tests. */
const anyWriter = /(^apps\/server\/src\/seed\/|\.test\.ts$|^apps\/server\/test\/)/;

/** The writes of owned tables in one file that is not their owner's: "file:line table". */
export function foreignWrites(file: string, text: string): string[] {
  if (anyWriter.test(file)) return [];
  const found: string[] = [];
  for (const { owner, tables } of ownedTables) {
    if (file.startsWith(owner)) continue;
    for (const [name, table] of tables) {
      const drizzle = new RegExp(`\\.(insert|update|delete)\\(\\s*${name}\\s*\\)`, 'g');
      const raw = new RegExp(`\\b(insert\\s+into|update|delete\\s+from)\\s+${table}\\b`, 'gi');
      for (const re of [drizzle, raw])
        for (const m of text.matchAll(re)) {
          const line = text.slice(0, m.index).split('\n').length;
          found.push(`${file}:${line} ${table}`);
        }
    }
  }
  return found;
}

/** Every server source file (relative to `root`) with its text. */
export function serverSources(root: string): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = `${dir}/${e.name}`;
      if (e.isDirectory()) {
        if (e.name !== 'migrations' && e.name !== 'node_modules') walk(rel);
      } else if (rel.endsWith('.ts')) out.push([rel, readFileSync(path.join(root, rel), 'utf8')]);
    }
  };
  walk('apps/server/src');
  return out;
}
