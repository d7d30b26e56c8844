import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/db.ts';
import { verifyPassword } from '../platform/auth/password.ts';
import { LocalDiskStorage } from '../platform/files/storage.ts';
import { DEMO_PASSWORD, demoLogins, type SeedResult, seedDemo } from './index.ts';

let database: TestDatabase;
let filesDir: string;
let storage: LocalDiskStorage;
let first: SeedResult | null;

async function one<T = Record<string, unknown>>(text: string): Promise<T> {
  const r = await database.pool.query(text);
  return r.rows[0] as T;
}

async function number(text: string): Promise<number> {
  const row = await one<{ n: string | number }>(text);
  return Number(row.n);
}

beforeAll(async () => {
  database = await createTestDatabase('empty');
  filesDir = mkdtempSync(path.join(tmpdir(), 'mp-seed-files-'));
  storage = new LocalDiskStorage(filesDir);
  first = await seedDemo(database.db, { storage });
}, 120_000);

afterAll(async () => {
  await database?.drop();
  if (filesDir) rmSync(filesDir, { recursive: true, force: true });
});

describe('seedDemo', () => {
  it('reports what it made', () => {
    expect(first).not.toBeNull();
    expect(first!.counts.items).toBeGreaterThanOrEqual(400);
    expect(first!.counts.plant_locations).toBe(12);
  });

  it('fills the catalogue in all four languages', async () => {
    expect(await number('select count(*) n from items')).toBeGreaterThanOrEqual(400);
    const categories = await number('select count(*) n from categories');
    expect(categories).toBeGreaterThanOrEqual(35);
    expect(categories).toBeLessThanOrEqual(50);
    expect(await number('select count(*) n from categories where parent_id is null')).toBeGreaterThan(5);
    const missing = `
      select count(*) n from (
        select c.id from categories c left join category_translations t on t.category_id = c.id
        group by c.id having count(distinct t.locale) <> 4 or bool_or(coalesce(t.name, '') = '')
        union all
        select i.id from items i left join item_translations t on t.item_id = i.id
        group by i.id having count(distinct t.locale) <> 4 or bool_or(coalesce(t.description, '') = '')
      ) x`;
    expect(await number(missing)).toBe(0);
    // Every rental type occurs, week prices sit between 4 and 4.5 day prices, every item has a picture.
    expect(await number(`select count(distinct rental_type) n from items`)).toBe(3);
    expect(
      await number(`select count(*) n from items where rental_type = 'Verhuur'
        and (week_price < day_price * 3.9 or week_price > day_price * 4.6)`),
    ).toBe(0);
    expect(await number('select count(*) n from items where image_file_id is null')).toBe(0);
    expect(
      await number(`select count(*) n from item_tech_data where boolean_value is not null`),
    ).toBeGreaterThan(400);
    expect(await number(`select count(*) n from item_links`)).toBeGreaterThan(100);
    expect(await number(`select count(*) n from set_lines where child_set_id is not null`)).toBeGreaterThan(
      0,
    );
    expect(await number(`select count(*) n from set_lines where parent_line_id is not null`)).toBeGreaterThan(
      0,
    );
  });

  it('stores the generated pictures and documents', async () => {
    const file = await one<{ storage_key: string; size: number }>(
      `select f.storage_key, f.size from items i join files f on f.id = i.image_file_id where i.item_no = 'AG-1006'`,
    );
    const bytes = await storage.get(file.storage_key);
    expect(bytes?.length).toBe(file.size);
    expect(bytes!.subarray(8, 12).toString('latin1')).toBe('WEBP');
    const pdf = await one<{ storage_key: string }>(
      `select f.storage_key from sales_invoices s join files f on f.id = s.pdf_file_id limit 1`,
    );
    expect((await storage.get(pdf.storage_key))!.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('makes twelve locations of two customers, one blocked', async () => {
    expect(await number('select count(*) n from customers')).toBe(2);
    expect(await number('select count(*) n from plant_locations')).toBe(12);
    expect(await number('select count(*) n from plant_locations where blocked')).toBe(1);
    expect(await number('select count(*) n from depots')).toBe(4);
  });

  it('keeps current stock equal to the sum of the ledger', async () => {
    const mismatches = `
      with l as (
        select location_id, depot_id, item_id, sum(quantity) q from inventory_ledger group by 1, 2, 3
      ), i as (
        select location_id, depot_id, item_id, sum(quantity) q from inventory group by 1, 2, 3
      )
      select count(*) n from l full join i
        on l.location_id is not distinct from i.location_id
       and l.depot_id is not distinct from i.depot_id
       and l.item_id = i.item_id
      where coalesce(l.q, 0) <> coalesce(i.q, 0)`;
    expect(await number(mismatches)).toBe(0);
    expect(await number('select count(*) n from inventory where location_id is not null')).toBeGreaterThan(
      100,
    );
    // A numbered plant is where its inventory row says it is.
    expect(
      await number(`select count(*) n from plants p join inventory i on i.plant_id = p.id
        where p.location_id is distinct from i.location_id or p.depot_id is distinct from i.depot_id`),
    ).toBe(0);
    // The blocked (finished) location has returned everything.
    expect(
      await number(
        `select count(*) n from inventory i join plant_locations l on l.id = i.location_id where l.blocked`,
      ),
    ).toBe(0);
  });

  it('has requests of every kind in every status, each with its history', async () => {
    expect(await number('select count(distinct (kind, status)) n from plant_requests')).toBe(24);
    expect(
      await number(`select count(*) n from plant_requests r where not exists (
        select 1 from request_status_history h where h.request_id = r.id and h.to_status = r.status)`),
    ).toBe(0);
    expect(
      await number(`select count(*) n from plant_requests where request_no !~ '^A-[0-9]{4}-[0-9]{6}$'`),
    ).toBe(0);
    // Done requests (except transport) posted ledger entries through their orders.
    expect(
      await number(`select count(*) n from plant_requests r where r.status = 'done' and r.kind <> 'transport'
        and not exists (select 1 from plant_orders o join inventory_ledger e on e.order_id = o.id where o.request_id = r.id)`),
    ).toBe(0);
    // The next number continues after the seeded ones.
    const next = await one<{ request_no: string }>(
      `select 'A-' || lpad(nextval('plant_request_no_seq')::text, 6, '0') as request_no`,
    );
    expect(
      await number(
        `select count(*) n from plant_requests where right(request_no, 6) = right('${next.request_no}', 6)`,
      ),
    ).toBe(0);
  });

  it('shows inspections due around today in every warning level', async () => {
    const levels = await one<Record<string, string>>(`
      with latest as (
        select distinct on (p.id) i.next_due_date - current_date as d
        from plants p join inspections i on i.plant_id = p.id
        where p.location_id is not null
        order by p.id, i.inspected_on desc
      )
      select count(*) filter (where d < 0) overdue,
             count(*) filter (where d between 0 and 7) danger,
             count(*) filter (where d between 8 and 30) warning,
             count(*) filter (where d between 31 and 60) info
      from latest`);
    for (const level of ['overdue', 'danger', 'warning', 'info'])
      expect(Number(levels[level])).toBeGreaterThan(0);
  });

  it('invoices the history and credits once', async () => {
    expect(await number(`select count(*) n from sales_invoices where kind = 'invoice'`)).toBeGreaterThan(20);
    expect(await number(`select count(*) n from sales_invoices where kind = 'credit_memo'`)).toBeGreaterThan(
      0,
    );
    expect(
      await number(`select count(*) n from sales_invoices s where amount_excl_vat <>
        (select sum(amount) from sales_invoice_lines l where l.invoice_id = s.id)`),
    ).toBe(0);
    // every rent line shows the price and unit its amount was made with (issue #31 item 16), weeks among them
    expect(
      await number(`select count(*) n from sales_invoice_lines where kind = 'rental'
        and (price_unit is null or amount <> round(quantity * unit_count * unit_price, 2))`),
    ).toBe(0);
    expect(
      await number(`select count(*) n from sales_invoice_lines where price_unit = 'week'`),
    ).toBeGreaterThan(0);
  });

  it('creates every demo login with an argon2id hash of the demo password', async () => {
    expect(demoLogins.length).toBeGreaterThanOrEqual(5);
    for (const login of demoLogins) {
      expect(login.password).toBe(DEMO_PASSWORD);
      const r = await database.pool.query<{ password_hash: string; disabled: boolean }>(
        'select password_hash, disabled from users where lower(email) = lower($1)',
        [login.email],
      );
      expect(r.rowCount, login.email).toBe(1);
      const hash = r.rows[0].password_hash;
      expect(hash.startsWith('$argon2id$')).toBe(true);
      expect(await verifyPassword(hash, login.password)).toBe(true);
      expect(r.rows[0].disabled).toBe(false);
    }
    const admin = await one<{ role: string; kind: string }>(
      `select role, kind from users where email = 'admin@materieelportaal.nl'`,
    );
    expect(admin).toEqual({ role: 'admin', kind: 'internal' });
    const readOnly = await database.pool.query<{ role: string }>(
      `select m.role from location_memberships m join users u on u.id = m.user_id where u.email = 'administratie@vandijk.nl'`,
    );
    expect(readOnly.rows).toEqual([{ role: 'administration' }]);
  });

  it('does nothing the second time', async () => {
    const before = await one<Record<string, string>>(
      `select (select count(*) from items) items, (select count(*) from users) users,
              (select count(*) from plant_requests) requests, (select count(*) from files) files`,
    );
    expect(await seedDemo(database.db, { storage })).toBeNull();
    const after = await one<Record<string, string>>(
      `select (select count(*) from items) items, (select count(*) from users) users,
              (select count(*) from plant_requests) requests, (select count(*) from files) files`,
    );
    expect(after).toEqual(before);
  });
});
