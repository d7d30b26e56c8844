import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The migration lint (issue #35 point 2, docs/decisions/0030): refuses statements that would hold a lock on a
 * table that already exists — and so may be large — for as long as a rewrite or a full scan takes, while every
 * request touching the table waits. A table created in the same migration is new and empty: anything goes there.
 */

export interface LintFinding {
  migration: string;
  rule: LintRule;
  table: string;
  statement: string;
}

export type LintRule =
  | 'volatile-default'
  | 'index-not-concurrent'
  | 'column-type-change'
  | 'not-null-on-existing'
  | 'constraint-validated'
  | 'concurrent-not-alone';

export const lintRuleAdvice: Record<LintRule, string> = {
  'volatile-default':
    'ADD COLUMN with a volatile default rewrites the whole table under an ACCESS EXCLUSIVE lock: add the column without a default (or with a constant one), fill it in batches, then set the default',
  'index-not-concurrent':
    'CREATE INDEX on an existing table blocks its writes while the index builds: use CREATE INDEX CONCURRENTLY IF NOT EXISTS, alone in a migration of its own (run outside a transaction)',
  'column-type-change':
    'ALTER COLUMN … TYPE rewrites the table (and its indexes) under an ACCESS EXCLUSIVE lock: add a new column, fill it in batches, switch over in a later release',
  'not-null-on-existing':
    'a NOT NULL without a default on an existing table scans it (SET NOT NULL) or fails on its first row (ADD COLUMN): add a CHECK (col IS NOT NULL) NOT VALID, VALIDATE it in a later migration, then SET NOT NULL',
  'constraint-validated':
    'ADD CONSTRAINT (foreign key or check) on an existing table scans it under lock: add it NOT VALID, then VALIDATE CONSTRAINT in a migration of its own',
  'concurrent-not-alone':
    'CREATE INDEX CONCURRENTLY cannot run in a transaction: put only CREATE INDEX CONCURRENTLY IF NOT EXISTS statements in this migration, one per statement-breakpoint (platform/db/migrate.ts then runs it outside a transaction)',
};

/**
 * Migrations written before the lint that break a rule, each with the reason it was acceptable then. Keyed
 * `<migration tag> <rule> <table>`. Nothing new goes here without the same kind of reason.
 */
const PRE_RELEASE =
  'written before the first release (the repository has no release tag): no installation held more than the demo data in this table';
export const allowedFindings: Record<string, string> = {
  '0001_search index-not-concurrent item_translations': PRE_RELEASE,
  '0001_search index-not-concurrent set_translations': PRE_RELEASE,
  '0001_search index-not-concurrent items': PRE_RELEASE,
  '0001_search index-not-concurrent sets': PRE_RELEASE,
  '0002_search_perf index-not-concurrent items': PRE_RELEASE,
  '0002_search_perf index-not-concurrent item_translations': PRE_RELEASE,
  '0002_search_perf index-not-concurrent set_translations': PRE_RELEASE,
  '0003_catalogue_facets index-not-concurrent item_tech_data': PRE_RELEASE,
  '0007_write_path index-not-concurrent order_list_lines': PRE_RELEASE,
  '0007_write_path index-not-concurrent plant_requests': PRE_RELEASE,
  '0007_write_path index-not-concurrent request_lines': PRE_RELEASE,
  '0013_invoicing_run index-not-concurrent sales_invoices': PRE_RELEASE,
  '0019_invoice_price_unit constraint-validated sales_invoice_lines': PRE_RELEASE,
  '0022_erp_sync index-not-concurrent categories': PRE_RELEASE,
  '0022_erp_sync index-not-concurrent category_translations': PRE_RELEASE,
  '0022_erp_sync index-not-concurrent item_tech_data': PRE_RELEASE,
  '0022_erp_sync index-not-concurrent item_translations': PRE_RELEASE,
  '0022_erp_sync index-not-concurrent items': PRE_RELEASE,
  '0022_erp_sync index-not-concurrent tech_attributes': PRE_RELEASE,
  '0022_erp_sync index-not-concurrent customers': PRE_RELEASE,
  '0022_erp_sync index-not-concurrent plant_locations': PRE_RELEASE,
  '0022_erp_sync index-not-concurrent inspections': PRE_RELEASE,
  '0023_erp_sync_rental index-not-concurrent item_links': PRE_RELEASE,
  '0023_erp_sync_rental index-not-concurrent inventory': PRE_RELEASE,
  '0023_erp_sync_rental index-not-concurrent depots': PRE_RELEASE,
  '0023_erp_sync_rental index-not-concurrent work_addresses': PRE_RELEASE,
  '0023_erp_sync_rental index-not-concurrent plants': PRE_RELEASE,
  '0024_erp_sync_sales index-not-concurrent users': PRE_RELEASE,
  '0024_erp_sync_sales index-not-concurrent sales_invoices': PRE_RELEASE,
  '0027_erp_status_location_no volatile-default location_requests': `${PRE_RELEASE}; the default (nextval per row) numbers the existing requests, so the rewrite was the point`,
  '0027_erp_status_location_no index-not-concurrent location_requests': PRE_RELEASE,
};

/** Volatile functions: their value differs per row, so PostgreSQL must rewrite the table to store them. */
const VOLATILE = /\b(random|gen_random_uuid|uuid_generate_v[14]|clock_timestamp|timeofday|nextval)\s*\(/i;

const ident = String.raw`"?([A-Za-z_][A-Za-z0-9_]*)"?`;
const qualified = String.raw`(?:"?[A-Za-z_][A-Za-z0-9_]*"?\.)?${ident}`;

/** Splits a migration into statements: drizzle's breakpoints, then semicolons outside quotes and $$ bodies. */
export function statementsOf(source: string): string[] {
  const out: string[] = [];
  for (const chunk of source.split('--> statement-breakpoint')) {
    let current = '';
    let i = 0;
    let quote: string | null = null;
    while (i < chunk.length) {
      const c = chunk[i];
      if (quote) {
        if (chunk.startsWith(quote, i)) {
          current += quote;
          i += quote.length;
          quote = null;
          continue;
        }
      } else if (c === "'" || c === '"') {
        quote = c;
      } else if (chunk.startsWith('$$', i)) {
        quote = '$$';
        current += '$$';
        i += 2;
        continue;
      } else if (chunk.startsWith('--', i)) {
        const end = chunk.indexOf('\n', i);
        i = end === -1 ? chunk.length : end;
        continue;
      } else if (c === ';') {
        if (current.trim()) out.push(current.trim());
        current = '';
        i++;
        continue;
      }
      current += c;
      i++;
    }
    if (current.trim()) out.push(current.trim());
  }
  return out;
}

/** The findings of one migration's SQL, allow-listed ones included. */
export function lintMigration(tag: string, source: string): LintFinding[] {
  const statements = statementsOf(source).map((s) => s.replace(/\s+/g, ' '));
  const created = new Set<string>();
  for (const s of statements) {
    const m = new RegExp(String.raw`^create (?:unlogged )?table (?:if not exists )?${qualified}`, 'i').exec(
      s,
    );
    if (m) created.add(m[1].toLowerCase());
  }
  const findings: LintFinding[] = [];
  const add = (rule: LintRule, table: string, statement: string) => {
    if (!created.has(table.toLowerCase()))
      findings.push({ migration: tag, rule, table: table.toLowerCase(), statement });
  };
  for (const statement of statements) {
    // why: a rule's words inside a string constant ('random(); not null') are data, not SQL
    const s = statement.replace(/'(?:[^']|'')*'/g, "''");
    const index = new RegExp(
      String.raw`^create (?:unique )?index (concurrently )?(?:if not exists )?(?:${ident} )?on (?:only )?${qualified}`,
      'i',
    ).exec(s);
    if (index && !index[1]) add('index-not-concurrent', index[3], statement);
    const alter = new RegExp(String.raw`^alter table (?:if exists )?(?:only )?${qualified} (.*)$`, 'i').exec(
      s,
    );
    if (!alter) continue;
    const [, table, rest] = alter;
    // one ALTER TABLE may hold several actions, separated by commas outside parentheses
    for (const action of splitActions(rest)) {
      const addColumn = /^add (?:column )?(?!constraint\b)/i.test(action);
      if (addColumn) {
        const def = /\bdefault\b(.*)$/i.exec(action);
        if (def && VOLATILE.test(def[1])) add('volatile-default', table, statement);
        if (/\bnot null\b/i.test(action) && !def && !/\b(generated|serial|bigserial)\b/i.test(action))
          add('not-null-on-existing', table, statement);
      }
      if (/^alter (?:column )?\S+ (?:set data )?type\b/i.test(action))
        add('column-type-change', table, statement);
      if (/^alter (?:column )?\S+ set not null\b/i.test(action))
        add('not-null-on-existing', table, statement);
      if (/^add constraint \S+ (foreign key|check)\b/i.test(action) && !/\bnot valid\b/i.test(action))
        add('constraint-validated', table, statement);
    }
  }
  // the migrator runs a migration outside a transaction only when every chunk is one such statement
  const chunks = source
    .split('--> statement-breakpoint')
    .map((c) => statementsOf(c))
    .filter((c) => c.length > 0);
  const concurrent = (s: string) =>
    /^create (?:unique )?index concurrently if not exists\b/i.test(s.replace(/\s+/g, ' '));
  const mixed = chunks.find((c) => c.length !== 1 || !concurrent(c[0]));
  if (mixed && chunks.some((c) => c.some((s) => /\bconcurrently\b/i.test(s))))
    findings.push({ migration: tag, rule: 'concurrent-not-alone', table: '-', statement: mixed.join('; ') });
  return findings;
}

function splitActions(rest: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const c of rest) {
    if (c === '(') depth++;
    if (c === ')') depth--;
    if (c === ',' && depth === 0) {
      parts.push(current.trim());
      current = '';
    } else current += c;
  }
  if (current.trim()) parts.push(current.trim());
  return parts;
}

export const findingKey = (f: LintFinding) => `${f.migration} ${f.rule} ${f.table}`;

/** Lints every migration of a folder (its meta/_journal.json order); returns the findings not allow-listed. */
export function lintMigrationsFolder(
  folder: string,
  allowed: Record<string, string> = allowedFindings,
): LintFinding[] {
  const journal = JSON.parse(readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  return journal.entries
    .flatMap((e) => lintMigration(e.tag, readFileSync(path.join(folder, `${e.tag}.sql`), 'utf8')))
    .filter((f) => !(findingKey(f) in allowed));
}

/** One line per finding, with what to do instead. */
export function describeFindings(findings: LintFinding[]): string {
  return findings
    .map(
      (f) =>
        `${f.migration}: ${f.rule} on "${f.table}": ${f.statement.slice(0, 160)}\n  → ${lintRuleAdvice[f.rule]}`,
    )
    .join('\n');
}
