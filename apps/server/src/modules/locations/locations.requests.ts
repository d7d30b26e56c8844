import type {
  ApproveLocationRequestInput,
  LocationRequest,
  LocationRequestInput,
} from '@mp/contract/api/locations';
import { requireAccess } from '../../platform/auth/access.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError, ruleOn } from '../../platform/errors.ts';
import { type Ctx, requireUser } from '../../platform/http/context.ts';
import { type IdempotentAnswer, withIdempotency } from '../../platform/http/idempotency.ts';
import { renderMail } from '../../platform/mail/templates.ts';
import { enqueue } from '../erp/index.ts';
import { insertLocation, locationNoTaken, selectCustomerByNo } from './locations.manage.queries.ts';
import { localeOf, type MailDeps, queueDepartmentMail } from './locations.manage.ts';
import {
  insertLocationRequest,
  type LocationRequestRow,
  lockLocationRequest,
  selectLocationRequests,
  updateLocationRequest,
} from './locations.requests.queries.ts';

/*
 * Location requests (LocatieAanvragen, issue #14 part 2, decision 0023). A user with AppLocatie asks for a new
 * location; the department is mailed (NewPlantLocationRequest) and finds it in its queue
 * (/materieeldienst/locatie-aanvragen), where approving it — with the number and customer — creates the location and
 * the requester's membership (role user) in one transaction, and rejecting it needs a reason. The requester is
 * mailed either way (PlantLocationRequestApproved / PlantLocationRequestRejected, composed from the bundle).
 */

const blank = (s: string | undefined) => (s?.trim() ? s.trim() : null);
type Row = LocationRequestRow;

function view(x: Row): LocationRequest {
  const r = x.r;
  return {
    id: r.id,
    requestNo: r.requestNo,
    status: r.status,
    description: r.description,
    description2: r.description2 ?? null,
    projectNo: r.projectNumber ?? null,
    street: r.street ?? null,
    postcode: r.postcode ?? null,
    city: r.city ?? null,
    startDate: r.startDate ?? null,
    endDate: r.endDate ?? null,
    comment: r.comment ?? null,
    requester: { name: x.name, email: x.email },
    customerNo: x.customerNo ?? null,
    customerName: x.customerName ?? null,
    locationNo: x.locationNo ?? null,
    rejectReason: r.rejectReason ?? null,
    createdAt: r.createdAt.toISOString(),
  };
}

/** POST LocationRequests (201): stored, the department mailed in the same transaction; behind the idempotency key. */
export async function requestLocation(
  ctx: Ctx,
  mail: MailDeps,
  input: LocationRequestInput,
  key: string,
): Promise<IdempotentAnswer<LocationRequest>> {
  await requireAccess(ctx, { permission: 'area.write', area: 'AppLocatie' });
  const user = requireUser(ctx);
  const s = await ctx.settings();
  return withIdempotency(ctx, { key, scope: 'location-request', body: input }, async (tx) => {
    const db = tx as unknown as Db;
    const id = await insertLocationRequest(db, {
      userId: user.id,
      customerId: user.customerId,
      description: input.description,
      description2: blank(input.description2),
      projectNumber: blank(input.projectNo),
      street: blank(input.street),
      postcode: blank(input.postcode),
      city: blank(input.city),
      startDate: input.startDate ?? null,
      endDate: input.endDate ?? null,
      comment: blank(input.comment),
    });
    await queueDepartmentMail(db, mail, s, 'NewPlantLocationRequest', {
      name: user.name,
      email: user.email,
      location: input.description,
      address: [input.street, [input.postcode, input.city].filter(Boolean).join(' ')]
        .filter(Boolean)
        .join(', '),
      comment: input.comment ?? '',
      link: `${mail.publicUrl}/materieeldienst/locatie-aanvragen`,
    });
    const [created] = await selectLocationRequests(db, { id });
    const asked = view(created);
    // with an ERP configured, it goes there too (its outbox, decision 0027); its number is the external number
    await enqueue(tx, {
      kind: 'locationRequest',
      aggregate: 'location_request',
      aggregateId: id,
      documentNo: asked.requestNo,
      payload: {
        requestId: id,
        requestNo: asked.requestNo,
        customerNo: asked.customerNo,
        description: asked.description,
        description2: asked.description2,
        projectNo: asked.projectNo,
        street: asked.street,
        postcode: asked.postcode,
        city: asked.city,
        startDate: asked.startDate,
        endDate: asked.endDate,
        comment: asked.comment,
        requestedBy: asked.requester.email,
      },
    });
    return { status: 201, body: asked };
  });
}

/** GET Department/location-requests: the department's queue, newest first. */
export async function listLocationRequests(ctx: Ctx, status: 'open' | 'approved' | 'rejected') {
  await requireAccess(ctx, { permission: 'department' });
  return { requests: (await selectLocationRequests(ctx.db, { status })).map(view) };
}

async function openRequest(db: Db, id: string): Promise<Row> {
  const [row] = await selectLocationRequests(db, { id });
  if (!row) throw new AppError('not_found', 'Locatie.aanvragen.onbekend');
  if ((await lockLocationRequest(db, id)) !== 'open')
    throw ruleOn('status', 'Locatie.aanvragen.al_behandeld');
  return row;
}

async function mailRequester(
  db: Db,
  mail: MailDeps,
  ctx: Ctx,
  row: Row,
  type: 'PlantLocationRequestApproved' | 'PlantLocationRequestRejected',
  values: Record<string, string>,
) {
  const s = await ctx.settings();
  const locale = localeOf(row.language, s);
  const rendered = await renderMail(db, type, locale, {
    name: row.name,
    location: row.r.description,
    link: `${mail.publicUrl}/locatie`,
    ...values,
  });
  await mail.mailer.queue({ type, locale, to: row.email, ...rendered }, db);
}

/** POST Department/location-requests/{id}/approve: the location and the requester's membership, one transaction. */
export async function approveLocationRequest(
  ctx: Ctx,
  mail: MailDeps,
  id: string,
  input: ApproveLocationRequestInput,
): Promise<LocationRequest> {
  const user = await requireAccess(ctx, { permission: 'department' });
  return ctx.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    const row = await openRequest(db, id);
    const customer = await selectCustomerByNo(db, input.customerNo);
    if (!customer) throw ruleOn('customerNo', 'Locatie.aanmaken.klant_onbekend');
    if (customer.blocked) throw ruleOn('customerNo', 'Locatie.aanmaken.klant_geblokkeerd');
    if (await locationNoTaken(db, input.locationNo))
      throw ruleOn('locationNo', 'Locatie.aanmaken.nummer_bestaat');
    const r = row.r;
    const locationId = await insertLocation(db, {
      locationNo: input.locationNo,
      customerId: customer.id,
      userId: r.userId,
      description: r.description,
      description2: r.description2 ?? undefined,
      projectNo: r.projectNumber ?? undefined,
      startDate: r.startDate ?? undefined,
      endDate: r.endDate ?? undefined,
      street: r.street ?? undefined,
      postcode: r.postcode ?? undefined,
      city: r.city ?? undefined,
    });
    await updateLocationRequest(db, id, { status: 'approved', locationId, decidedBy: user.id, at: ctx.now });
    await mailRequester(db, mail, ctx, row, 'PlantLocationRequestApproved', { locationNo: input.locationNo });
    const [after] = await selectLocationRequests(db, { id });
    return view(after);
  });
}

/** POST Department/location-requests/{id}/reject: with the reason the requester is mailed. */
export async function rejectLocationRequest(
  ctx: Ctx,
  mail: MailDeps,
  id: string,
  reason: string,
): Promise<LocationRequest> {
  const user = await requireAccess(ctx, { permission: 'department' });
  return ctx.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    const row = await openRequest(db, id);
    await updateLocationRequest(db, id, {
      status: 'rejected',
      rejectReason: reason,
      decidedBy: user.id,
      at: ctx.now,
    });
    await mailRequester(db, mail, ctx, row, 'PlantLocationRequestRejected', { reason });
    const [after] = await selectLocationRequests(db, { id });
    return view(after);
  });
}
