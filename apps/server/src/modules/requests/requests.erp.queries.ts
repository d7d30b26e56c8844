import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/http/idempotency.ts';
import type { RequestPayload } from '../erp/index.ts';

/**
 * A request as the ERP is told about it (decision 0027, "Portal → ERP"): its numbers instead of its keys — the
 * location's, the depot's, the target location's, each line's item, set and plant number — read on the submit's
 * transaction in one statement, right after the request and its lines were written.
 */
export async function selectRequestForErp(tx: Tx, id: string): Promise<RequestPayload | null> {
  const r = await tx.execute<RequestPayload>(sql`
    select r.request_no as "requestNo", r.kind, l.location_no as "locationNo",
      r.requested_date::text as "requestedDate", r.expected_return_date::text as "expectedReturnDate",
      r.transport_means as "transportMeans", r.collect, r.rush, r.destination_kind as "destinationKind",
      d.depot_no as "depotNo", t.location_no as "targetLocationNo",
      json_build_object('addressCode', r.address_code, 'name', r.address_name, 'street', r.street,
        'postcode', r.postcode, 'city', r.city, 'contactPerson', r.contact_person, 'phone', r.phone) as destination,
      case when r.origin_street is null and r.origin_city is null and r.origin_work_address_id is null then null
        else json_build_object('addressCode', ow.code, 'name', ow.name, 'street', r.origin_street,
          'postcode', r.origin_postcode, 'city', r.origin_city, 'contactPerson', r.origin_contact_person,
          'phone', r.origin_phone) end as origin,
      case when r.kind = 'transport' then json_build_object(
        'loadingFrom', to_char(r.loading_from, 'HH24:MI'), 'loadingUntil', to_char(r.loading_until, 'HH24:MI'),
        'unloadingDate', r.unloading_date::text, 'unloadingFrom', to_char(r.unloading_from, 'HH24:MI'),
        'unloadingUntil', to_char(r.unloading_until, 'HH24:MI'), 'cargo', r.cargo) end as transport,
      r.transport_item_no as "transportItemNo", r.appointment_code as "appointmentCode",
      r.rush_item_no as "rushItemNo", r.comment_code as "commentCode", r.reference, r.comment,
      u.email as "requestedBy", to_char(r.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "requestedAt",
      coalesce((
        select json_agg(json_build_object('lineNo', rl.line_no, 'parentLineNo', p.line_no, 'itemNo', i.item_no,
            'setNo', s.set_no, 'plantNo', pl.plant_no, 'amount', rl.amount, 'comment', rl.comment)
          order by rl.line_no)
        from request_lines rl
        left join request_lines p on p.id = rl.parent_line_id
        left join items i on i.id = rl.item_id
        left join sets s on s.id = rl.set_id
        left join plants pl on pl.id = rl.plant_id
        where rl.request_id = r.id), '[]'::json) as lines
    from plant_requests r
    join plant_locations l on l.id = r.location_id
    left join depots d on d.id = r.depot_id
    left join plant_locations t on t.id = r.target_location_id
    left join work_addresses ow on ow.id = r.origin_work_address_id
    left join users u on u.id = r.user_id
    where r.id = ${id}`);
  return r.rows[0] ?? null;
}

/** The request's number (a cancellation names its document by it). */
export async function selectRequestNo(tx: Tx, id: string): Promise<string | null> {
  const r = await tx.execute<{ requestNo: string }>(sql`
    select request_no as "requestNo" from plant_requests where id = ${id}`);
  return r.rows[0]?.requestNo ?? null;
}
