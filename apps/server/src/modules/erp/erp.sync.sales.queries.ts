import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';

/*
 * The writes of the portal's users and of the posted sales documents a page brings (decision 0027), set-based over
 * the page as one JSON array, in the page's transaction. What the ERP may change of a user and what it never touches
 * (password, sessions but to end them, the role, permissions, the language once made) is decided there.
 */

type Rows = readonly object[];
const json = (rows: Rows) => sql`${JSON.stringify(rows)}::jsonb`;
const affected = (r: { rowCount: number | null }) => r.rowCount ?? 0;
const idIn = (column: ReturnType<typeof sql>, erpIds: readonly string[]) =>
  sql`${column} in (select x::uuid from jsonb_array_elements_text(${JSON.stringify(erpIds)}::jsonb) x)`;

/** The values of the page's `field` the portal has no `table.column` for (at most 10). */
export async function missingKeys(
  tx: Db,
  rows: Rows,
  field: string,
  table: 'customers' | 'plant_locations',
  column: 'customer_no' | 'location_no',
): Promise<string[]> {
  const r = await tx.execute<{ v: string }>(sql`
    select distinct x.v from (select jsonb_array_elements(${json(rows)}) ->> ${field} as v) x
    where coalesce(x.v, '') <> ''
      and not exists (select 1 from ${sql.identifier(table)} t where ${sql.identifier(column)} = x.v)
    order by x.v limit 10`);
  return r.rows.map((row) => row.v);
}

/** The location numbers of the users' locations the portal does not have (at most 10). */
export async function missingUserLocationNos(tx: Db, rows: Rows): Promise<string[]> {
  const r = await tx.execute<{ v: string }>(sql`
    select distinct l ->> 'locationNo' as v
    from jsonb_array_elements(${json(rows)}) u, jsonb_array_elements(u -> 'locations') l
    where not exists (select 1 from plant_locations p where p.location_no = l ->> 'locationNo')
    order by 1 limit 10`);
  return r.rows.map((row) => row.v);
}

/** The invoices the page's credit memos correct that the portal does not have (their numbers, at most 10). */
export async function missingAppliedInvoices(tx: Db, rows: Rows): Promise<string[]> {
  const r = await tx.execute<{ v: string }>(sql`
    select distinct coalesce(nullif(x ->> 'appliesToDocumentNo', ''), x ->> 'appliesToErpId') as v
    from jsonb_array_elements(${json(rows)}) x
    where (x ->> 'appliesToErpId' <> '' or x ->> 'appliesToDocumentNo' <> '')
      and not exists (select 1 from sales_invoices i
        where i.erp_id = nullif(x ->> 'appliesToErpId', '')::uuid
          or i.document_no = nullif(x ->> 'appliesToDocumentNo', ''))
    order by 1 limit 10`);
  return r.rows.map((row) => row.v);
}

// ── users ─────────────────────────────────────────────────────────────────────────────────────────

const userPage = (
  rows: Rows,
) => sql`jsonb_to_recordset(${json(rows)}) as v("erpId" uuid, email text, name text,
  kind user_kind, "customerNo" text, language text, phone text, blocked boolean, locations jsonb)`;

/**
 * The ERP's portal users: a portal user with the same e-mail address is adopted (gets the ERP's id); the others
 * are made without a password (they sign in after an invitation from the users page or "forgot password"). Of a
 * user it has, the ERP keeps the name, e-mail address, phone, customer, blocked and the locations (below); an
 * admin's account stays the portal's. Blocking ends every session at once (the session generation, as
 * Users/{id}/disable does). Answers the ids of the users written.
 */
export async function upsertErpUsers(tx: Db, rows: Rows, now: Date): Promise<Set<string>> {
  const page = userPage(rows);
  await tx.execute(sql`
    update users u set erp_id = v."erpId" from ${page}
    where lower(u.email) = lower(v.email) and u.erp_id is null
      and not exists (select 1 from users o where o.erp_id = v."erpId")`);
  const ended = await tx.execute<{ id: string }>(sql`
    select u.id from users u join ${page} on u.erp_id = v."erpId"
    where v.blocked and not u.disabled and u.role <> 'admin'`);
  const updated = await tx.execute<{ id: string }>(sql`
    update users u set name = v.name, phone = v.phone, customer_id = c.id, disabled = v.blocked,
      email = case when exists (select 1 from users o where lower(o.email) = lower(v.email) and o.id <> u.id)
        then u.email else v.email end,
      session_generation = u.session_generation + case when v.blocked and not u.disabled then 1 else 0 end,
      updated_at = ${now}
    from ${page} left join customers c on c.customer_no = v."customerNo"
    where u.erp_id = v."erpId" and u.role <> 'admin'
      and (u.name, u.phone, u.customer_id, u.disabled, u.email)
        is distinct from (v.name, v.phone, c.id, v.blocked, case when exists (select 1 from users o
          where lower(o.email) = lower(v.email) and o.id <> u.id) then u.email else v.email end)
    returning u.id`);
  if (ended.rows.length)
    await tx.execute(sql`
      update refresh_tokens set revoked_at = ${now}
      where revoked_at is null and user_id in (${sql.join(
        ended.rows.map((r) => sql`${r.id}::uuid`),
        sql`, `,
      )})`);
  const inserted = await tx.execute<{ id: string }>(sql`
    insert into users (erp_id, email, name, kind, role, customer_id, language, phone, disabled, approved_at,
      created_at, updated_at)
    select v."erpId", v.email, v.name, v.kind, 'user', c.id, v.language, v.phone, v.blocked, ${now}, ${now}, ${now}
    from ${page} left join customers c on c.customer_no = v."customerNo"
    where not exists (select 1 from users o where lower(o.email) = lower(v.email))
    on conflict do nothing
    returning id`);
  return new Set([...updated.rows, ...inserted.rows].map((r) => r.id));
}

/**
 * The users' locations are the ERP's list (its role per location); an admin's stay the portal's. Answers the ids
 * of the users whose locations changed.
 */
export async function replaceErpUserLocations(tx: Db, rows: Rows, now: Date): Promise<Set<string>> {
  const wanted = sql`(select u.id as user_id, p.id as location_id, (l ->> 'role')::location_role as role
    from jsonb_array_elements(${json(rows)}) e
    join users u on u.erp_id = (e ->> 'erpId')::uuid and u.role <> 'admin'
    cross join jsonb_array_elements(e -> 'locations') l
    join plant_locations p on p.location_no = l ->> 'locationNo')`;
  const users = sql`(select u.id from jsonb_array_elements(${json(rows)}) e
    join users u on u.erp_id = (e ->> 'erpId')::uuid and u.role <> 'admin')`;
  const removed = await tx.execute<{ user_id: string }>(sql`
    delete from location_memberships m where m.user_id in ${users}
      and not exists (select 1 from ${wanted} w where w.user_id = m.user_id and w.location_id = m.location_id)
    returning m.user_id`);
  const written = await tx.execute<{ user_id: string }>(sql`
    insert into location_memberships (user_id, location_id, role, created_at)
    select w.user_id, w.location_id, w.role, ${now} from ${wanted} w
    on conflict (user_id, location_id) do update set role = excluded.role
      where location_memberships.role is distinct from excluded.role
    returning user_id`);
  return new Set([...removed.rows, ...written.rows].map((r) => r.user_id));
}

/** Users the ERP deleted: gone, as the users page deletes them (the session generation first: sessions end). */
export async function deleteErpUsers(tx: Db, erpIds: readonly string[], now: Date): Promise<number> {
  await tx.execute(sql`
    update users set session_generation = session_generation + 1, updated_at = ${now}
    where ${idIn(sql`erp_id`, erpIds)} and role <> 'admin'`);
  return affected(
    await tx.execute(sql`delete from users where ${idIn(sql`erp_id`, erpIds)} and role <> 'admin'`),
  );
}

// ── posted sales invoices and credit memos ─────────────────────────────────────────────────────────

const documentPage = (
  rows: Rows,
) => sql`jsonb_to_recordset(${json(rows)}) as v("erpId" uuid, "documentNo" text,
  "customerNo" text, "locationNo" text, "appliesToErpId" text, "appliesToDocumentNo" text, "documentDate" date,
  "dueDate" date, status invoice_status, currency text, "amountExclVat" numeric, "vatAmount" numeric,
  "amountInclVat" numeric, "yourReference" text, lines jsonb)`;

/**
 * The ERP's posted documents of one kind: a portal document with the same number is adopted; the header follows the
 * ERP (a credit memo's reference is its invoice's, as the portal makes them: BC's credit memo has none), and the
 * lines are the ERP's (replaced when they differ). Documents without a project location are left out:
 * the portal shows a document on its location only. Answers the written documents and those left out.
 */
export async function upsertErpSalesDocuments(
  tx: Db,
  kind: 'invoice' | 'credit_memo',
  rows: Rows,
): Promise<{ written: number; skipped: number }> {
  const page = documentPage(rows);
  await tx.execute(sql`
    update sales_invoices i set erp_id = v."erpId" from ${page}
    where i.document_no = v."documentNo" and i.kind = ${kind}::invoice_kind and i.erp_id is null
      and not exists (select 1 from sales_invoices o where o.erp_id = v."erpId")`);
  const headers = await tx.execute<{ id: string }>(sql`
    insert into sales_invoices (erp_id, document_no, kind, status, customer_id, location_id, applies_to_invoice_id,
      document_date, due_date, currency, amount_excl_vat, vat_amount, amount_incl_vat, your_reference)
    select v."erpId", v."documentNo", ${kind}::invoice_kind, v.status, c.id, l.id, a.id, v."documentDate",
      v."dueDate", v.currency, v."amountExclVat", v."vatAmount", v."amountInclVat",
      coalesce(v."yourReference", a.your_reference)
    from ${page}
      join customers c on c.customer_no = v."customerNo"
      join plant_locations l on l.location_no = v."locationNo"
      left join lateral (select i.id, i.your_reference from sales_invoices i
        where i.erp_id = nullif(v."appliesToErpId", '')::uuid or i.document_no = nullif(v."appliesToDocumentNo", '')
        order by (i.erp_id = nullif(v."appliesToErpId", '')::uuid) desc nulls last limit 1) a on true
    on conflict (erp_id) do update set document_no = excluded.document_no, status = excluded.status,
      customer_id = excluded.customer_id, location_id = excluded.location_id,
      applies_to_invoice_id = excluded.applies_to_invoice_id, document_date = excluded.document_date,
      due_date = excluded.due_date, currency = excluded.currency, amount_excl_vat = excluded.amount_excl_vat,
      vat_amount = excluded.vat_amount, amount_incl_vat = excluded.amount_incl_vat,
      your_reference = excluded.your_reference, updated_at = now()
    where (sales_invoices.document_no, sales_invoices.status, sales_invoices.customer_id, sales_invoices.location_id,
        sales_invoices.applies_to_invoice_id, sales_invoices.document_date, sales_invoices.due_date,
        sales_invoices.currency, sales_invoices.amount_excl_vat, sales_invoices.vat_amount,
        sales_invoices.amount_incl_vat, sales_invoices.your_reference)
      is distinct from (excluded.document_no, excluded.status, excluded.customer_id, excluded.location_id,
        excluded.applies_to_invoice_id, excluded.document_date, excluded.due_date, excluded.currency,
        excluded.amount_excl_vat, excluded.vat_amount, excluded.amount_incl_vat, excluded.your_reference)
    returning id`);
  // the ERP's lines, numbered by BC's sequence (10000, 20000, … as the portal numbers its own), compared with the
  // portal's as text — a rent line's quantity as BC counts it: the portal's quantity × its weeks or days
  const erpLines = sql`(select i.id as invoice_id, (x ->> 'sequence')::int as line_no,
      (x ->> 'kind')::invoice_line_kind as kind,
      it.id as item_id, x ->> 'description' as description, (x ->> 'periodFrom')::date as period_from,
      (x ->> 'periodTo')::date as period_to, (x ->> 'quantity')::numeric(12, 3) as quantity,
      (x ->> 'unitPrice')::numeric(12, 2) as unit_price, (x ->> 'discountPercent')::numeric(5, 2) as discount_percent,
      (x ->> 'amount')::numeric(12, 2) as amount
    from ${page} join sales_invoices i on i.erp_id = v."erpId"
      cross join jsonb_array_elements(v.lines) x
      left join items it on it.item_no = x ->> 'itemNo')`;
  // format's %s keeps a null's place (as ''), so no two different lines read the same
  const signature = (alias: string) =>
    sql.raw(`string_agg(format('%s|%s|%s|%s|%s|%s|%s|%s|%s|%s', ${alias}.line_no, ${alias}.kind, ${alias}.item_id,
      ${alias}.description, ${alias}.period_from, ${alias}.period_to, ${alias}.quantity, ${alias}.unit_price,
      ${alias}.discount_percent, ${alias}.amount), E'\\n' order by ${alias}.line_no)`);
  const changed = await tx.execute<{ id: string }>(sql`
    with erp as ${erpLines},
    docs as (select i.id from ${page} join sales_invoices i on i.erp_id = v."erpId"),
    theirs as (select e.invoice_id, ${signature('e')} as s from erp e group by e.invoice_id),
    ours as (select l.invoice_id, ${signature('l')} as s from (select invoice_id, line_no, kind, item_id, description,
        period_from, period_to, (quantity * coalesce(unit_count, 1))::numeric(12, 3) as quantity, unit_price,
        discount_percent, amount from sales_invoice_lines
        where invoice_id in (select id from docs)) l group by l.invoice_id)
    select d.id from docs d left join theirs t on t.invoice_id = d.id left join ours o on o.invoice_id = d.id
    where t.s is distinct from o.s`);
  const ids = changed.rows.map((r) => r.id);
  if (ids.length) {
    const list = sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    );
    await tx.execute(sql`delete from sales_invoice_lines where invoice_id in (${list})`);
    await tx.execute(sql`
      insert into sales_invoice_lines (invoice_id, line_no, kind, item_id, description, period_from, period_to,
        quantity, unit_price, discount_percent, amount)
      select e.invoice_id, e.line_no, e.kind, e.item_id, e.description, e.period_from, e.period_to, e.quantity,
        e.unit_price, e.discount_percent, e.amount
      from ${erpLines} e where e.invoice_id in (${list})`);
  }
  const known = await tx.execute<{ n: number }>(sql`
    select count(*)::int as n from ${page} join plant_locations l on l.location_no = v."locationNo"`);
  return {
    written: new Set([...headers.rows.map((r) => r.id), ...ids]).size,
    skipped: rows.length - (known.rows[0]?.n ?? 0),
  };
}

/** Documents the ERP deleted (BC deletes drafts only; a posted document is corrected by a credit memo). */
export async function deleteErpSalesDocuments(tx: Db, erpIds: readonly string[]): Promise<number> {
  return affected(await tx.execute(sql`delete from sales_invoices where ${idIn(sql`erp_id`, erpIds)}`));
}
