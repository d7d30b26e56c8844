import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';

/** Whether the customer has an account in the ERP (the sync has read it: erp_id); false for an unknown customer. */
export async function customerHasErpAccount(db: Db, customerId: string): Promise<boolean> {
  const r = await db.execute<{ known: boolean }>(
    sql`select erp_id is not null as known from customers where id = ${customerId}`,
  );
  return r.rows[0]?.known ?? false;
}
