import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';

/** The locations a report covers. */
export type ScopeLocation = {
  id: string;
  locationNo: string;
  description: string;
};

/** Every location of a customer (all customers when null), by number. */
export async function selectCustomerLocations(db: Db, customerId: string | null): Promise<ScopeLocation[]> {
  const r = await db.execute<ScopeLocation>(sql`
    select id, location_no as "locationNo", coalesce(nullif(trim(description), ''), location_no) as description
    from plant_locations
    where ${customerId ? sql`customer_id = ${customerId}` : sql`true`}
    order by location_no`);
  return r.rows;
}

export async function selectCustomerName(db: Db, id: string): Promise<string | undefined> {
  const r = await db.execute<{ name: string }>(sql`select name from customers where id = ${id}`);
  return r.rows[0]?.name;
}

const ids = (list: readonly string[]): SQL => sql`${sql.param([...list])}::uuid[]`;

/** Requests created since `from` (a day), per status and kind. */
export async function selectRequestsByStatus(db: Db, locationIds: readonly string[], from: string) {
  const r = await db.execute<{ status: string; kind: string; count: number }>(sql`
    select status::text, kind::text, count(*)::int as count
    from plant_requests
    where location_id = any(${ids(locationIds)}) and created_at >= ${from}::date
    group by 1, 2 order by 1, 2`);
  return r.rows;
}

/** Orders with an order date since `from`, per status and kind. */
export async function selectOrdersByStatus(db: Db, locationIds: readonly string[], from: string) {
  const r = await db.execute<{ status: string; kind: string; count: number }>(sql`
    select status::text, kind::text, count(*)::int as count
    from plant_orders
    where location_id = any(${ids(locationIds)}) and order_date >= ${from}::date
    group by 1, 2 order by 1, 2`);
  return r.rows;
}

/** Per location, what needs attention as of `today`. */
export async function selectIndicators(db: Db, locationIds: readonly string[], today: string) {
  const r = await db.execute<{
    id: string;
    openRequests: number;
    overdueInspections: number;
    openComplaints: number;
    overdueInvoices: number;
  }>(sql`
    select l.id,
      (select count(*)::int from plant_requests q
        where q.location_id = l.id and q.status in ('submitted', 'in_progress', 'planned')) as "openRequests",
      (select count(*)::int from plants p
        where p.location_id = l.id and p.status <> 'retired'
          and (select i.next_due_date from inspections i where i.plant_id = p.id
               order by i.inspected_on desc limit 1) < ${today}::date) as "overdueInspections",
      (select count(*)::int from complaints c
        where c.location_id = l.id and c.status in ('open', 'in_progress')) as "openComplaints",
      (select count(*)::int from sales_invoices s
        where s.location_id = l.id and s.kind = 'invoice' and s.status = 'open' and s.due_date < ${today}::date)
        as "overdueInvoices"
    from plant_locations l
    where l.id = any(${ids(locationIds)})`);
  return r.rows;
}

/** Per location, the open documents and what they come to incl. VAT (credit memos count negative), in cents. */
export async function selectOutstanding(db: Db, locationIds: readonly string[], today: string) {
  const r = await db.execute<{
    id: string;
    openDocuments: number;
    openCents: string;
    overdueCents: string;
  }>(sql`
    select s.location_id as id, count(*)::int as "openDocuments",
      sum(case when s.kind = 'invoice' then 1 else -1 end * s.amount_incl_vat * 100)::bigint::text as "openCents",
      coalesce(sum(case when s.due_date < ${today}::date
        then case when s.kind = 'invoice' then 1 else -1 end * s.amount_incl_vat * 100 end), 0)::bigint::text
        as "overdueCents"
    from sales_invoices s
    where s.location_id = any(${ids(locationIds)}) and s.status = 'open'
    group by s.location_id`);
  return r.rows;
}
