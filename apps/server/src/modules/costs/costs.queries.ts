import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';

/*
 * What the cost model (decision 0033) reads besides the invoice's own queries (modules/invoices): the location's
 * dates and its customer's rental discount, the catalogue prices of items, and each item's category.
 */

export type CostLocation = {
  id: string;
  locationNo: string;
  customerId: string;
  /** The customer's rental discount percentage (decision 0022), applied only with UseRentalDiscount. */
  discountPercent: string;
  startDate: string | null;
  /** The project's expected end date (einddatum), editable with the location's data. */
  endDate: string | null;
  /** The first day anything was on the location: its first ledger movement. */
  firstMovement: string | null;
};

export async function selectCostLocation(db: Db, locationId: string): Promise<CostLocation | null> {
  const r = await db.execute<CostLocation>(sql`
    select l.id, l.location_no as "locationNo", l.customer_id as "customerId",
      c.rental_discount_percent::text as "discountPercent", l.start_date::text as "startDate",
      l.end_date::text as "endDate",
      (select min(g.entry_date)::text from inventory_ledger g where g.location_id = l.id) as "firstMovement"
    from plant_locations l join customers c on c.id = l.customer_id
    where l.id = ${locationId}::uuid`);
  return r.rows[0] ?? null;
}

export type ItemPrice = {
  itemNo: string;
  rentalType: 'Verhuur' | 'Verkoop' | 'Verkoop_Terugkoop';
  dayPrice: string | null;
  weekPrice: string | null;
};

/** The catalogue prices of these items (the prices the invoicing run charges). */
export async function selectItemPrices(db: Db, itemNos: readonly string[]): Promise<ItemPrice[]> {
  if (itemNos.length === 0) return [];
  const r = await db.execute<ItemPrice>(sql`
    select item_no as "itemNo", rental_type as "rentalType", day_price::text as "dayPrice",
      week_price::text as "weekPrice"
    from items where item_no = any(${sql.param([...new Set(itemNos)])}::text[])`);
  return r.rows;
}

export type ItemCategory = {
  itemId: string;
  /** The root of the item's catalogue category (the chart stacks by it); null: none. */
  categoryId: string | null;
  categoryName: string | null;
  rentalUnit: string;
};

/** Each item's root category with its name in `locale` (else the default language's, else its code). */
export async function selectItemCategories(
  db: Db,
  itemIds: readonly string[],
  locale: string,
  defaultLocale: string,
): Promise<ItemCategory[]> {
  if (itemIds.length === 0) return [];
  const r = await db.execute<ItemCategory>(sql`
    with recursive up as (
      select i.id as item_id, c.id, c.parent_id from items i join categories c on c.id = i.category_id
      where i.id = any(${sql.param([...new Set(itemIds)])}::uuid[])
      union all
      select up.item_id, c.id, c.parent_id from up join categories c on c.id = up.parent_id
    )
    select i.id as "itemId", root.id as "categoryId",
      coalesce(t.name, d.name, root.code) as "categoryName", i.rental_unit as "rentalUnit"
    from items i
    left join up on up.item_id = i.id and up.parent_id is null
    left join categories root on root.id = up.id
    left join category_translations t on t.category_id = root.id and t.locale = ${locale}
    left join category_translations d on d.category_id = root.id and d.locale = ${defaultLocale}
    where i.id = any(${sql.param([...new Set(itemIds)])}::uuid[])`);
  return r.rows;
}

/**
 * What the cost model of a location depends on that changes from day to day, in a few index reads: its stock
 * movements (the ledger only grows: its count), its executed orders (count and last change), the location (end
 * date) and its customer's rental discount. Equal fingerprints on the same day: the same figures (decision 0033).
 */
export async function selectCostFingerprint(db: Db, locationId: string): Promise<string | null> {
  const r = await db.execute<{ f: string }>(sql`
    select concat_ws('|',
      (select count(*) from inventory_ledger g where g.location_id = l.id),
      (select count(*) || ':' || coalesce(max(o.updated_at)::text, '') from plant_orders o
        where o.location_id = l.id and o.status = 'done'),
      l.updated_at::text, l.end_date::text, c.rental_discount_percent::text) as f
    from plant_locations l join customers c on c.id = l.customer_id
    where l.id = ${locationId}::uuid`);
  return r.rows[0]?.f ?? null;
}

/** A customer's locations (deregistered ones too: their costs were real) and its name. */
export async function selectCustomerCostLocations(
  db: Db,
  customerId: string,
): Promise<{
  name: string | null;
  locations: Array<{ locationId: string; locationNo: string; description: string }>;
}> {
  const [c, l] = await Promise.all([
    db.execute<{ name: string }>(sql`select name from customers where id = ${customerId}::uuid`),
    db.execute<{ locationId: string; locationNo: string; description: string }>(sql`
      select id as "locationId", location_no as "locationNo",
        coalesce(nullif(trim(description), ''), location_no) as description
      from plant_locations where customer_id = ${customerId}::uuid order by location_no`),
  ]);
  return { name: c.rows[0]?.name ?? null, locations: l.rows };
}
