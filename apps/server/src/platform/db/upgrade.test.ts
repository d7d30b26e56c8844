import { randomBytes, randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import journal from '../../db/migrations/meta/_journal.json' with { type: 'json' };
import { connect } from './database.ts';
import { migrationsFolder, runMigrations } from './migrate.ts';

// Issue #35 point 2 (docs/decisions/0030): a database made by the first release's schema (the repository has no
// release tag: the first migration set, 0000_init) with a row in every table is upgraded to the current schema;
// every row is still there with the values it had, and every foreign key holds.

/** Values the check constraints of 0000 need (the generic filler fills every column it can). */
const overrides: Record<string, Record<string, unknown>> = {
  corporate_identity: { id: 1 },
  document_attachments: { order_id: null },
  inventory: { depot_id: null, quantity: 1 },
  inventory_ledger: { depot_id: null, quantity: 1 },
  order_list_lines: { kind: 'item', set_id: null },
  plants: { depot_id: null },
  request_lines: { set_id: null },
  set_lines: { child_set_id: null },
};

interface Column {
  table_name: string;
  column_name: string;
  data_type: string;
  udt_name: string;
  is_nullable: 'YES' | 'NO';
  column_default: string | null;
  is_generated: string;
  is_identity: string;
  character_maximum_length: number | null;
}

interface ForeignKey {
  tbl: string;
  ref: string;
  col: string;
  refcol: string;
}

async function withNewDatabase(work: (url: string) => Promise<void>) {
  const adminUrl = inject('pgAdminUrl');
  const name = `mp_t_up_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    await work(url.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

/** A value of the column's type that fits it (length, enum), or undefined to leave it to its default. */
function valueFor(c: Column, enums: Map<string, string>): unknown {
  if (c.is_generated === 'ALWAYS' || c.is_identity === 'YES' || c.column_default?.startsWith('nextval('))
    return undefined;
  if (c.data_type === 'ARRAY') return '{}';
  if (c.data_type === 'USER-DEFINED') return enums.get(c.udt_name) ?? undefined;
  switch (c.udt_name) {
    case 'uuid':
      return randomUUID();
    case 'text':
    case 'varchar':
    case 'bpchar':
    case 'citext': {
      const text = `${c.table_name}.${c.column_name}`;
      return c.character_maximum_length ? text.slice(-c.character_maximum_length) : text;
    }
    case 'int2':
    case 'int4':
    case 'int8':
    case 'numeric':
    case 'float4':
    case 'float8':
      return 1;
    case 'bool':
      return true;
    case 'timestamptz':
    case 'timestamp':
      return '2026-01-02T03:04:05.000Z';
    case 'date':
      return '2026-01-02';
    case 'time':
      return '12:30:00';
    case 'interval':
      return '1 day';
    case 'json':
    case 'jsonb':
      return JSON.stringify({ filled: c.table_name });
    case 'bytea':
      return Buffer.from([1, 2, 3]);
    case 'inet':
      return '192.0.2.1';
    case 'tsvector':
      return 'filled';
    default:
      throw new Error(`no test value for ${c.table_name}.${c.column_name} (${c.udt_name})`);
  }
}

/** One row in every table of the public schema, parents first; returns each table's row as jsonb. */
async function fillEveryTable(client: pg.Client): Promise<Map<string, Record<string, unknown>>> {
  const { rows: columns } = await client.query<Column>(
    `select c.table_name, c.column_name, c.data_type, c.udt_name, c.is_nullable, c.column_default, c.is_generated,
            c.is_identity, c.character_maximum_length
       from information_schema.columns c
       join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
      order by c.table_name, c.ordinal_position`,
  );
  const { rows: fks } = await client.query<ForeignKey & { n: number }>(
    `select con.conrelid::regclass::text as tbl, con.confrelid::regclass::text as ref, a.attname as col,
            af.attname as refcol, array_length(con.conkey, 1) as n
       from pg_constraint con
       join pg_attribute a on a.attrelid = con.conrelid and a.attnum = con.conkey[1]
       join pg_attribute af on af.attrelid = con.confrelid and af.attnum = con.confkey[1]
      where con.contype = 'f' and con.connamespace = 'public'::regnamespace`,
  );
  expect(fks.filter((f) => f.n !== 1)).toEqual([]); // single-column keys only (what the filler handles)
  const { rows: enumRows } = await client.query<{ typname: string; label: string }>(
    `select distinct on (t.typname) t.typname, e.enumlabel as label
       from pg_type t join pg_enum e on e.enumtypid = t.oid order by t.typname, e.enumsortorder`,
  );
  const enums = new Map(enumRows.map((e) => [e.typname, e.label]));
  const tables = new Map<string, Column[]>();
  for (const c of columns) tables.set(c.table_name, [...(tables.get(c.table_name) ?? []), c]);

  const inserted = new Map<string, Record<string, unknown>>();
  let progress = true;
  while (progress && inserted.size < tables.size) {
    progress = false;
    for (const [table, cols] of tables) {
      if (inserted.has(table)) continue;
      const names: string[] = [];
      const values: unknown[] = [];
      const casts: string[] = [];
      let ready = true;
      for (const c of cols) {
        const fk = fks.find((f) => f.tbl === table && f.col === c.column_name);
        let value: unknown;
        if (overrides[table] && c.column_name in overrides[table]) value = overrides[table][c.column_name];
        else if (fk) {
          const parent = inserted.get(fk.ref);
          if (parent) value = parent[fk.refcol];
          else if (c.is_nullable === 'YES') value = null;
          else ready = false;
        } else value = valueFor(c, enums);
        if (value === undefined) continue;
        names.push(`"${c.column_name}"`);
        values.push(value);
        casts.push(`$${values.length}::"${c.udt_name}"`);
      }
      if (!ready) continue;
      const { rows } = await client.query<{ row: Record<string, unknown> }>(
        `insert into "${table}" (${names.join(', ')}) values (${casts.join(', ')}) returning to_jsonb("${table}".*) as row`,
        values,
      );
      inserted.set(table, rows[0].row);
      progress = true;
    }
  }
  expect(
    [...tables.keys()].filter((t) => !inserted.has(t)),
    'tables the filler could not fill',
  ).toEqual([]);
  return inserted;
}

interface UpgradeReport {
  tablesFilled: number;
  migrationsApplied: number;
  /** values of a 0000 column that a later migration changed, rows lost or added */
  differences: string[];
  /** columns of 0000 no later migration kept (dropped or renamed): a loss must be a decision */
  gone: string[];
  /** constraints left NOT VALID */
  unvalidated: string[];
}

/** Builds the first release's database with a row in every table, migrates it with `folder`, compares. */
async function upgrade(url: string, folder?: string): Promise<UpgradeReport> {
  const first = 1; // 0000_init: the first release's schema (no release tag exists)
  const database = connect(url, { max: 2 });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await runMigrations(database.db, { count: first, folder });
    const before = await fillEveryTable(client);
    await runMigrations(database.db, { folder });
    const applied = await client.query<{ n: number }>(
      'select count(*)::int as n from drizzle.__drizzle_migrations',
    );
    const differences: string[] = [];
    const gone: string[] = [];
    for (const [table, row] of before) {
      const { rows } = await client.query<{ row: Record<string, unknown> }>(
        `select to_jsonb(t.*) as row from "${table}" t`,
      );
      if (rows.length !== 1) {
        differences.push(`${table}: ${rows.length} rows instead of 1`);
        continue;
      }
      for (const [column, value] of Object.entries(row)) {
        if (!(column in rows[0].row)) gone.push(`${table}.${column}`);
        else if (JSON.stringify(rows[0].row[column]) !== JSON.stringify(value))
          differences.push(
            `${table}.${column}: ${JSON.stringify(value)} → ${JSON.stringify(rows[0].row[column])}`,
          );
      }
    }
    const unvalidated = await client.query<{ conname: string }>(
      "select conname from pg_constraint where contype in ('f', 'c') and not convalidated and connamespace = 'public'::regnamespace",
    );
    return {
      tablesFilled: before.size,
      migrationsApplied: applied.rows[0].n,
      differences,
      gone,
      unvalidated: unvalidated.rows.map((r) => r.conname),
    };
  } finally {
    await client.end();
    await database.close();
  }
}

describe('upgrade from the first migration set', () => {
  it('keeps every row of every table, with its values, and every foreign key', async () => {
    await withNewDatabase(async (url) => {
      const report = await upgrade(url);
      expect(report.tablesFilled).toBeGreaterThan(40);
      expect(report.migrationsApplied).toBe(journal.entries.length);
      expect(report.differences.sort()).toEqual([]);
      expect(report.gone).toEqual([]);
      // every foreign key and check constraint holds for the rows (none left NOT VALID, so PostgreSQL checked them)
      expect(report.unvalidated).toEqual([]);
    });
  });

  it('notices a later migration that changes, drops or loses data', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mp-up-'));
    try {
      cpSync(migrationsFolder, dir, { recursive: true });
      const journalPath = path.join(dir, 'meta/_journal.json');
      const planted = JSON.parse(readFileSync(journalPath, 'utf8'));
      const last = planted.entries[planted.entries.length - 1];
      planted.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1, tag: '9998_planted_loss' });
      writeFileSync(journalPath, JSON.stringify(planted));
      writeFileSync(
        path.join(dir, '9998_planted_loss.sql'),
        `UPDATE "customers" SET "name" = upper("name");--> statement-breakpoint
ALTER TABLE "customers" DROP COLUMN "phone";--> statement-breakpoint
DELETE FROM "page_views";--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_planted_ck" CHECK ("size" > 5) NOT VALID;`,
      );
      await withNewDatabase(async (url) => {
        const report = await upgrade(url, dir);
        expect(report.differences.sort()).toEqual([
          'customers.name: "customers.name" → "CUSTOMERS.NAME"',
          'page_views: 0 rows instead of 1',
        ]);
        expect(report.gone).toEqual(['customers.phone']);
        expect(report.unvalidated).toEqual(['files_planted_ck']);
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
