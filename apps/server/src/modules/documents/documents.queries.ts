import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';

export type DocumentRow = {
  id: string;
  document_system_id: string;
  category: string;
  title: string;
  document_date: string | null;
  created_at: string;
  file_id: string;
  storage_key: string;
  file_name: string;
  content_type: string;
  size: number;
  /** What the document is about, for the access rule. */
  item_id: string | null;
  /** The location it belongs to: its own, its plant's, its order's or its invoice's. */
  location_id: string | null;
  /** Whether it is about something that lives at a location (so only that location's members see it). */
  located: boolean;
};

/** One document with its file and the location that decides who may read it. */
export async function selectDocument(db: Db, documentSystemId: string): Promise<DocumentRow | null> {
  const r = await db.execute<DocumentRow>(sql`
    select d.id, d.document_system_id, d.category, d.title, d.document_date::text as document_date,
      d.created_at::text as created_at, f.id as file_id, f.storage_key, f.file_name, f.content_type, f.size,
      d.item_id,
      coalesce(d.location_id, p.location_id, o.location_id, si.location_id) as location_id,
      (d.location_id is not null or d.plant_id is not null or d.order_id is not null or d.invoice_id is not null) as located
    from documents d
    join files f on f.id = d.file_id
    left join plants p on p.id = d.plant_id
    left join plant_orders o on o.id = d.order_id
    left join sales_invoices si on si.id = d.invoice_id
    where d.document_system_id = ${documentSystemId}`);
  return r.rows[0] ?? null;
}
