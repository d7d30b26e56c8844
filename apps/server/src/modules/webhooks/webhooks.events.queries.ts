import type { WebhookEventType } from '@mp/contract/api/webhooks';
import { runStatement, statement } from '../../platform/db/prepared.ts';

/*
 * The write of a webhook event (decision 0032, "Events"): ONE statement on the caller's transaction that reads what
 * the event tells from the changed row, writes the event and a delivery for every enabled endpoint subscribed to its
 * type whose owner may see it (the event's customer's endpoints and the admins' "all customers" ones). Nothing is
 * written when no such endpoint exists: an event nobody receives is not kept. The data is what the customer's own
 * users see in the portal: numbers, status, the location's number, dates — no person's name or contact.
 */

type Source = 'request' | 'order' | 'invoice' | 'complaint' | 'location';

/** Per source: the customer and the data of the row `$2`. */
const sources: Record<Source, string> = {
  request: `select l.customer_id, jsonb_build_object(
      'requestId', r.id, 'requestNo', r.request_no, 'kind', r.kind, 'status', r.status,
      'locationId', l.id, 'locationNo', l.location_no, 'requestedDate', r.requested_date,
      'plannedDate', r.planned_date, 'expectedReturnDate', r.expected_return_date, 'reference', r.reference) as data
    from plant_requests r join plant_locations l on l.id = r.location_id where r.id = $2::uuid`,
  order: `select l.customer_id, jsonb_build_object(
      'orderId', o.id, 'orderNo', o.order_no, 'kind', o.kind, 'status', o.status,
      'requestNo', (select request_no from plant_requests where id = o.request_id),
      'locationId', l.id, 'locationNo', l.location_no, 'plannedDate', o.planned_date,
      'executedDate', o.executed_date,
      'lines', (select coalesce(jsonb_agg(jsonb_build_object('itemNo', i.item_no, 'plantNo', p.plant_no,
        'quantity', ol.quantity) order by ol.line_no), '[]'::jsonb)
        from order_lines ol join items i on i.id = ol.item_id left join plants p on p.id = ol.plant_id
        where ol.order_id = o.id)) as data
    from plant_orders o join plant_locations l on l.id = o.location_id where o.id = $2::uuid`,
  invoice: `select s.customer_id, jsonb_build_object(
      'invoiceId', s.id, 'documentNo', s.document_no, 'kind', s.kind, 'locationId', l.id,
      'locationNo', l.location_no, 'documentDate', s.document_date, 'dueDate', s.due_date,
      'periodFrom', s.period_from, 'periodTo', s.period_to, 'currency', s.currency,
      'amountExclVat', s.amount_excl_vat::text, 'vatAmount', s.vat_amount::text,
      'amountInclVat', s.amount_incl_vat::text) as data
    from sales_invoices s join plant_locations l on l.id = s.location_id where s.id = $2::uuid`,
  complaint: `select l.customer_id, jsonb_build_object(
      'complaintId', c.id, 'complaintNo', c.complaint_no, 'status', c.status, 'type', c.type,
      'locationId', l.id, 'locationNo', l.location_no,
      'expectedResolutionDate', c.expected_resolution_date, 'resolvedAt', c.resolved_at) as data
    from complaints c join plant_locations l on l.id = c.location_id where c.id = $2::uuid`,
  location: `select l.customer_id, jsonb_build_object(
      'locationId', l.id, 'locationNo', l.location_no, 'description', l.description,
      'projectNumber', l.project_number, 'city', l.city, 'startDate', l.start_date, 'endDate', l.end_date,
      'blocked', l.blocked) as data
    from plant_locations l where l.id = $2::uuid`,
};

const subscribed = `ep.enabled and $1::text = any(ep.event_types)
  and (ep.customer_id is null or ep.customer_id = s.customer_id)`;

const statements = Object.fromEntries(
  Object.entries(sources).map(([source, select]) => [
    source,
    // why: part of the writes of requests, orders and the rest, so prepared (docs/decisions/0011)
    statement(`with s as (${select}),
      e as (
        insert into webhook_events (type, customer_id, data)
        select $1::text, s.customer_id, s.data || coalesce($3::jsonb, '{}'::jsonb) from s
        where exists (select 1 from webhook_endpoints ep where ${subscribed})
        returning id, type, customer_id)
      insert into webhook_deliveries (event_id, endpoint_id)
      select e.id, ep.id from e join webhook_endpoints ep
        on ep.enabled and e.type = any(ep.event_types)
        and (ep.customer_id is null or ep.customer_id = e.customer_id)
      returning event_id`),
  ]),
) as Record<Source, ReturnType<typeof statement>>;

/** Writes the event of row `id` of `source` with its deliveries; how many deliveries. */
export async function insertEvent(
  tx: object,
  source: Source,
  type: WebhookEventType,
  id: string,
  extra: Record<string, unknown> | null = null,
): Promise<number> {
  const rows = await runStatement<{ event_id: string }>(tx, statements[source], [
    type,
    id,
    extra === null ? null : JSON.stringify(extra),
  ]);
  return rows.length;
}

const subscribedTypesStatement = statement(
  'select distinct unnest(event_types) as type from webhook_endpoints where enabled',
);

const notifyStatement = statement("select pg_notify('mp_webhooks', '')");

/** The event types some enabled endpoint subscribes to. */
export async function selectSubscribedTypes(db: object): Promise<ReadonlySet<string>> {
  const rows = await runStatement<{ type: string }>(db, subscribedTypesStatement, []);
  return new Set(rows.map((r) => r.type));
}

/** Tells every server process that the endpoints changed (delivered when the caller's transaction commits). */
export async function notifyEndpointsChanged(db: object): Promise<void> {
  await runStatement(db, notifyStatement, []);
}

export type { Source };
