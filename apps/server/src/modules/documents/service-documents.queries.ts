import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';

/** What a service document is about, in the portal's ids: for decision 0009's rule. */
export async function selectServiceReferences(
  db: Db,
  refs: {
    locationNo: string | null;
    orderNo: string | null;
    invoiceNo: string | null;
    itemNo: string | null;
  },
): Promise<{ locationId: string | null; itemId: string | null }> {
  const r = await db.execute<{ locationId: string | null; itemId: string | null }>(sql`
    select coalesce(
        (select l.id from plant_locations l where l.location_no = ${refs.locationNo}),
        (select o.location_id from plant_orders o where o.order_no = ${refs.orderNo}),
        (select s.location_id from sales_invoices s where s.document_no = ${refs.invoiceNo})
      ) as "locationId",
      (select i.id from items i where i.item_no = ${refs.itemNo}) as "itemId"`);
  return r.rows[0] ?? { locationId: null, itemId: null };
}

/** The kinds of the orders with these numbers (an order's document shows only with its kind's area). */
export async function selectOrderKinds(db: Db, orderNos: readonly string[]): Promise<Map<string, string>> {
  if (!orderNos.length) return new Map();
  const r = await db.execute<{ orderNo: string; kind: string }>(sql`
    select o.order_no as "orderNo", o.kind::text as kind from plant_orders o
    where o.order_no = any(${sql.param([...orderNos])}::text[])`);
  return new Map(r.rows.map((x) => [x.orderNo, x.kind]));
}

export type CachedCopy = {
  fileId: string;
  storageKey: string;
  changeToken: string | null;
  contentType: string;
};

/** The portal's copy of a service document, if it has one. */
export async function selectCachedCopy(db: Db, objectId: string): Promise<CachedCopy | null> {
  const r = await db.execute<CachedCopy>(sql`
    select c.file_id as "fileId", f.storage_key as "storageKey", c.change_token as "changeToken",
      f.content_type as "contentType"
    from document_service_cache c join files f on f.id = c.file_id
    where c.object_id = ${objectId}`);
  return r.rows[0] ?? null;
}

/** Served again: the copy is the most recently used. */
export async function touchCachedCopy(db: Db, objectId: string): Promise<void> {
  await db.execute(sql`update document_service_cache set used_at = now() where object_id = ${objectId}`);
}

/** Records the new copy of a document; answers the file of the copy it replaces (to remove), if any. */
export async function upsertCachedCopy(
  db: Db,
  copy: { objectId: string; fileId: string; changeToken: string; size: number },
): Promise<string | null> {
  return db.transaction(async (tx) => {
    // why: two first reads of one document at once must not both see no copy (the loser's file would be kept by none)
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext('document_service_cache'), hashtext(${copy.objectId}))`,
    );
    const old = await tx.execute<{ fileId: string }>(sql`
      select file_id as "fileId" from document_service_cache where object_id = ${copy.objectId} for update`);
    await tx.execute(sql`
      insert into document_service_cache (object_id, file_id, change_token, size, fetched_at, used_at)
      values (${copy.objectId}, ${copy.fileId}, ${copy.changeToken}, ${copy.size}, now(), now())
      on conflict (object_id) do update set file_id = excluded.file_id, change_token = excluded.change_token,
        size = excluded.size, fetched_at = now(), used_at = now()`);
    const previous = old.rows[0]?.fileId ?? null;
    return previous && previous !== copy.fileId ? previous : null;
  });
}

/** The files of the copies beyond the bound: the least recently served, once the newer ones fill maxBytes. */
export async function selectEvictable(db: Db, maxBytes: number): Promise<string[]> {
  const r = await db.execute<{ fileId: string }>(sql`
    select file_id as "fileId" from (
      select file_id, sum(size) over (order by used_at desc, object_id) as running from document_service_cache
    ) c where c.running > ${maxBytes}`);
  return r.rows.map((x) => x.fileId);
}
