import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/db.ts';
import { LocalDiskStorage } from '../platform/files/storage.ts';
import { todayUtc } from './dates.ts';
import { type SeedResult, seedDemo } from './index.ts';
import { buildPageViews } from './page-views.ts';

// The seed writes its rows whenever the generator pauses (seed/sink.ts, decision 0010): how much it holds before
// writing must change nothing. Seeded here writing at EVERY pause (flushAt 1: each table's rows go out in many
// small batches, so a row written before one it names fails), compared with the test template's demo database
// (seeded in one go with the default), and the rows per table at scale 1 pinned.

let streamed: TestDatabase;
let demo: TestDatabase;
let filesDir: string;
let result: SeedResult | null;

beforeAll(async () => {
  streamed = await createTestDatabase('empty');
  demo = await createTestDatabase('demo');
  filesDir = mkdtempSync(path.join(tmpdir(), 'mp-seed-stream-'));
  result = await seedDemo(streamed.db, { storage: new LocalDiskStorage(filesDir), flushAt: 1 });
}, 180_000);

afterAll(async () => {
  await streamed?.drop();
  await demo?.drop();
  if (filesDir) rmSync(filesDir, { recursive: true, force: true });
});

/** Rows per table of the demo data at scale 1 (npm start's), as seeded before the seed streamed. */
const SCALE_1 = {
  files: 887,
  customers: 2,
  users: 10,
  depots: 4,
  plant_locations: 12,
  location_memberships: 26,
  work_addresses: 16,
  categories: 45,
  category_translations: 180,
  tech_attributes: 30,
  items: 433,
  item_translations: 1732,
  item_tech_data: 1893,
  item_links: 645,
  sets: 11,
  set_translations: 44,
  set_lines: 57,
  search_synonyms: 5,
  plants: 1514,
  inspections: 1529,
  order_lists: 4,
  order_list_lines: 15,
  favourite_lists: 4,
  favourite_list_items: 24,
  removal_lists: 2,
  removal_list_lines: 5,
  plant_requests: 197,
  request_lines: 616,
  request_status_history: 739,
  plant_orders: 193,
  order_lines: 642,
  order_costs: 300,
  inventory_ledger: 3360,
  inventory: 2327,
  sales_invoices: 48,
  sales_invoice_lines: 2032,
  document_attachments: 13,
  documents: 1146,
  complaints: 6,
  complaint_lines: 12,
  complaint_documents: 1,
  exit_orders: 8,
  exit_order_lines: 36,
  exit_order_files: 18,
  content_pages: 3,
  content_page_translations: 12,
  footer_columns: 12,
  service_messages: 8,
  mail_templates: 28,
  // 90 days up to today, fewer at weekends: how many depends on the day the seed runs (seed/page-views.ts)
  page_views: buildPageViews(todayUtc(), ['any user']).length,
  corporate_identity: 1,
};

/** A digest of a table's rows without what differs from run to run (times of writing, random ids and hashes). */
async function digest(database: TestDatabase, table: string): Promise<string> {
  const where =
    table === 'files'
      ? `where storage_key like 'demo/%'`
      : table === 'documents'
        ? `where document_system_id not like 'DMS-%BON-O-%'`
        : '';
  const volatile = `k like '%\\_at' or k = 'password_hash'${table === 'search_synonyms' ? ` or k = 'id'` : ''}`;
  const row = `(select jsonb_object_agg(k, v) from jsonb_each(to_jsonb(t)) e(k, v) where not (${volatile}))::text`;
  const r = await database.pool.query<{ d: string; n: string }>(
    `select md5(coalesce(string_agg(x, E'\\n' order by x), '')) d, count(*) n from (select ${row} x from ${table} t ${where}) y`,
  );
  return `${r.rows[0].n}:${r.rows[0].d}`;
}

describe('seedDemo writing at every pause', () => {
  it('makes as many rows per table as before', () => {
    expect(result).not.toBeNull();
    expect(result!.counts).toEqual(SCALE_1);
  });

  it('makes the same rows as the demo database seeded in one go', async () => {
    for (const table of Object.keys(SCALE_1)) {
      expect(await digest(streamed, table), table).toBe(await digest(demo, table));
    }
  });
});
