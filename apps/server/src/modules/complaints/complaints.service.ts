import type {
  ComplaintDetail,
  ComplaintInput,
  ComplaintList,
  ComplaintListQuery,
  ComplaintOptions,
} from '@mp/contract/api/complaints';
import { isAdmin } from '@mp/contract/permissions';
import {
  addWorkingDays,
  allowedComplaintTypes,
  statusAfterUserLine,
  userMayAdd,
} from '@mp/contract/rules/complaints';
import { calendarDayIn } from '@mp/contract/rules/order-dates';
import { hasAccess, type LocationIds, requireAccess } from '../../platform/auth/access.ts';
import type { Db } from '../../platform/db/database.ts';
import { type Ctx, requireUser } from '../../platform/http/context.ts';
import { type IdempotentAnswer, onTx, withIdempotency } from '../../platform/http/idempotency.ts';
import { itemsById } from '../catalogue/index.ts';
import { enqueue } from '../erp/index.ts';
import { type MailDeps, queueDepartmentMail } from './complaints.mail.ts';
import {
  type Author,
  type ComplaintRow,
  insertComplaint,
  insertLine,
  selectComplaint,
  selectComplaints,
  selectLocationReferences,
  selectReference,
  touchComplaint,
  updateStatus,
} from './complaints.queries.ts';
import { detailOf, invalidFields, type Key, notFound, refuseClosed, toSummary } from './complaints.shared.ts';

/*
 * Complaints (klachten, issue #13 part 5, docs/decisions/0021-complaints.md). A site user submits a complaint about
 * one of their locations and talks with the equipment department in its lines; management (the named role) reads
 * every complaint of its own customer; the department answers and moves the status from its queue.
 *
 * Access, in this order on every call about one complaint (requireAccess `complaint.read` / `.write`): the
 * complaint's location must be the caller's (or the caller management of that location's customer) — otherwise 404 as
 * for an unknown complaint —, then the functional area AppKlachten (403). Writing (a line, documents) needs the
 * location with write access (the read-only role `administration` and management where it is no member get 403) and
 * a complaint that is not closed (409 Klachten.gesloten).
 *
 * This file is the user's side; the documents are complaints.files.ts, the department's queue and answer
 * complaints.department.ts, what they share (the answer shapes, the access to one complaint) complaints.shared.ts.
 */

export type { Author, MailDeps };

/** GET Complaints: one location's complaints (plantLocation), else those of every location of the caller. */
export async function listComplaints(ctx: Ctx, q: ComplaintListQuery): Promise<ComplaintList> {
  const area = 'AppKlachten';
  const locationIds: LocationIds = q.plantLocation
    ? [
        (
          await requireAccess(ctx, {
            permission: 'location.read',
            area,
            locationNo: q.plantLocation,
            allowDeregistered: true,
          })
        ).locationId,
      ]
    : await requireAccess(ctx, { permission: 'locations.read', area });
  const { rows, total } = await selectComplaints(ctx.db, { ...q, locationIds });
  return { items: rows.map(toSummary), page: q.page, pageSize: q.pageSize, total };
}

/**
 * GET Complaints/management: every complaint of the caller's customer (an admin: of every customer), for the named
 * role management (else 403); filtered on one location of that customer (another customer's is unknown, 404).
 */
export async function listManagementComplaints(ctx: Ctx, q: ComplaintListQuery): Promise<ComplaintList> {
  const user = await requireAccess(ctx, { permission: 'management', area: 'AppKlachten' });
  const admin = isAdmin({ user });
  if (!admin && !user.customerId) return { items: [], page: q.page, pageSize: q.pageSize, total: 0 };
  const location = q.plantLocation
    ? await requireAccess(ctx, {
        permission: 'location.read',
        locationNo: q.plantLocation,
        allowDeregistered: true,
        management: true,
      })
    : null;
  const { rows, total } = await selectComplaints(ctx.db, {
    ...q,
    locationIds: location ? [location.locationId] : undefined,
    customerId: admin ? undefined : (user.customerId ?? undefined),
  });
  return { items: rows.map(toSummary), page: q.page, pageSize: q.pageSize, total };
}

/** GET Complaints/{id}: status, expected date, the conversation and the documents. */
export async function getComplaint(ctx: Ctx, key: Key): Promise<ComplaintDetail> {
  const { row, location } = await requireAccess(ctx, {
    permission: 'complaint.read',
    load: () => selectComplaint(ctx.db, key),
    notFound: () => notFound(key.id ?? key.complaintNo ?? ''),
  });
  // the user may add to it: open, writes on its location, holds AppKlachten write
  const mayAdd =
    userMayAdd(row.status) &&
    !!location?.writable &&
    (await hasAccess(ctx, { permission: 'area.write', area: 'AppKlachten' }));
  return detailOf(ctx, row, mayAdd);
}

/** GET Complaints/options: the types (Klacht_TypeFilter) and what of the location a complaint may be about. */
export async function complaintOptions(ctx: Ctx, locationNo: string): Promise<ComplaintOptions> {
  const location = await requireAccess(ctx, {
    permission: 'location.read',
    area: 'AppKlachten',
    locationNo,
    allowDeregistered: true,
  });
  const s = await ctx.settings();
  const refs = await selectLocationReferences(ctx.db, location.locationId);
  const items = await itemsById(
    ctx.db,
    ctx.locale,
    refs.items.map((i) => i.id),
  );
  return {
    types: allowedComplaintTypes(s.Klacht_TypeFilter),
    expectedDays: s.Klacht_VerwachteOplossingsDagen,
    items: refs.items.map((i) => ({
      itemNo: i.itemNo,
      description: items.get(i.id)?.description ?? i.itemNo,
    })),
    plants: refs.plants.map((p) => ({ plantNo: p.plantNo, itemNo: p.itemNo })),
    orders: refs.orders.map((o) => ({ orderNo: o.orderNo, kind: o.kind, date: o.date })),
    invoices: refs.invoices.map((i) => ({ invoiceNo: i.invoiceNo, date: i.date })),
  };
}

const oneLine = (s: string) => s.replace(/[\r\n\t]+/g, ' ').trim();

/**
 * POST Complaints (201): the complaint with its description as the first line, its expected resolution date
 * (today + Klacht_VerwachteOplossingsDagen working days) and a mail to the department, in one transaction behind the
 * Idempotency-Key. Each reference must belong to the location, else a field error (Klachten.validatie.*).
 */
export async function createComplaint(
  ctx: Ctx,
  mail: MailDeps,
  input: ComplaintInput,
  key: string | null,
): Promise<IdempotentAnswer<ComplaintDetail>> {
  const location = await requireAccess(ctx, {
    permission: 'location.write',
    area: 'AppKlachten',
    locationNo: input.plantLocation,
  });
  const user = requireUser(ctx);
  const s = await ctx.settings();
  const problems: Record<string, string> = {};
  if (!allowedComplaintTypes(s.Klacht_TypeFilter).includes(input.type))
    problems.type = 'validation.onbekende_waarde';
  const refs: Record<'item' | 'plant' | 'order' | 'invoice', { id: string; itemId?: string } | null> = {
    item: null,
    plant: null,
    order: null,
    invoice: null,
  };
  for (const [kind, field] of [
    ['item', 'itemNo'],
    ['plant', 'plantNo'],
    ['order', 'orderNo'],
    ['invoice', 'invoiceNo'],
  ] as const) {
    const no = input[field]?.trim();
    if (!no) continue;
    refs[kind] = await selectReference(ctx.db, location.locationId, kind, no);
    if (!refs[kind]) problems[field] = 'Klachten.validatie.niet_van_locatie';
  }
  if (Object.keys(problems).length) throw invalidFields(problems);

  const subject = oneLine(input.subject);
  const work = async (tx: Db): Promise<{ status: number; body: ComplaintDetail }> => {
    const id = await insertComplaint(tx, {
      locationId: location.locationId,
      userId: user.id,
      // a plant names its item too
      itemId: refs.item?.id ?? refs.plant?.itemId ?? null,
      plantId: refs.plant?.id ?? null,
      orderId: refs.order?.id ?? null,
      invoiceId: refs.invoice?.id ?? null,
      type: input.type,
      subject,
      expectedResolutionDate: addWorkingDays(calendarDayIn(ctx.now), s.Klacht_VerwachteOplossingsDagen),
      idempotencyKey: key,
      now: ctx.now,
    });
    await insertLine(tx, {
      complaintId: id,
      author: 'user',
      userId: user.id,
      message: input.description,
      now: ctx.now,
    });
    const row = (await selectComplaint(tx, { id })) as ComplaintRow;
    await queueDepartmentMail(tx, mail, s, 'Nieuw', row, input.description);
    // with an ERP configured, it goes there too (its outbox, decision 0027)
    await enqueue(tx, {
      kind: 'complaint',
      aggregate: 'complaint',
      aggregateId: id,
      documentNo: row.complaintNo,
      payload: {
        complaintNo: row.complaintNo,
        locationNo: location.locationNo,
        type: input.type,
        subject,
        description: input.description,
        itemNo: input.itemNo?.trim() || null,
        plantNo: input.plantNo?.trim() || null,
        orderNo: input.orderNo?.trim() || null,
        invoiceNo: input.invoiceNo?.trim() || null,
        expectedResolutionDate: row.expectedResolutionDate,
        requestedBy: user.email,
      },
    });
    return { status: 201, body: await detailOf(onTx(ctx, tx as never), row, true) };
  };
  if (key === null)
    return ctx.db.transaction(async (tx) => ({ ...(await work(tx as unknown as Db)), replayed: false }));
  return withIdempotency(ctx, { key, scope: `complaint:${location.locationId}`, body: input }, (tx) =>
    work(tx as unknown as Db),
  );
}

/** POST Complaints/{id}/lines (201): the user's reply; a resolved complaint is taken up again; the department is mailed. */
export async function addUserLine(
  ctx: Ctx,
  mail: MailDeps,
  key: Key,
  message: string,
): Promise<ComplaintDetail> {
  const s = await ctx.settings();
  const id = await ctx.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    // the complaint locked, where the caller may add to it, and open
    const { row } = await requireAccess(onTx(ctx, tx), {
      permission: 'complaint.write',
      load: () => selectComplaint(db, key, true),
      notFound: () => notFound(key.id ?? key.complaintNo ?? ''),
    });
    refuseClosed(row);
    const user = requireUser(ctx);
    await insertLine(db, { complaintId: row.id, author: 'user', userId: user.id, message, now: ctx.now });
    const next = statusAfterUserLine(row.status);
    if (next !== row.status) await updateStatus(db, row.id, next, ctx.now);
    else await touchComplaint(db, row.id, ctx.now);
    const after = (await selectComplaint(db, { id: row.id })) as ComplaintRow;
    await queueDepartmentMail(db, mail, s, 'Reactie', after, message);
    return row.id;
  });
  return getComplaint(ctx, { id });
}
