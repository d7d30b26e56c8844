import type {
  ApproveLocationRequestInput,
  LocationRequest,
  LocationRequestInput,
} from '@mp/contract/api/locations';
import { and, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { customers, locationRequests, plantLocations, users } from '../../db/schema/index.ts';
import { requireArea } from '../../platform/auth/access.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { type Ctx, requireDepartment, requireUser } from '../../platform/http/context.ts';
import { type IdempotentAnswer, withIdempotency } from '../../platform/http/idempotency.ts';
import { renderMail } from '../../platform/mail/templates.ts';
import { insertLocation, locationNoTaken, selectCustomerByNo } from './locations.manage.queries.ts';
import { localeOf, type MailDeps, queueDepartmentMail, ruleOn } from './locations.manage.ts';

/*
 * Location requests (LocatieAanvragen, issue #14 part 2, decision 0023). A user with AppLocatie asks for a new
 * location; the department is mailed (NewPlantLocationRequest) and finds it in its queue
 * (/materieeldienst/locatie-aanvragen), where approving it — with the number and customer — creates the location and
 * the requester's membership (role user) in one transaction, and rejecting it needs a reason. The requester is
 * mailed either way (PlantLocationRequestApproved / PlantLocationRequestRejected, composed from the bundle).
 */

const blank = (s: string | undefined) => (s?.trim() ? s.trim() : null);
const requester = alias(users, 'requester');

async function selectRequests(db: Db, where: ReturnType<typeof and>) {
  const rows = await db
    .select({
      r: locationRequests,
      name: requester.name,
      email: requester.email,
      language: requester.language,
      customerNo: customers.customerNo,
      customerName: customers.name,
      locationNo: plantLocations.locationNo,
    })
    .from(locationRequests)
    .innerJoin(requester, eq(requester.id, locationRequests.userId))
    .leftJoin(customers, eq(customers.id, locationRequests.customerId))
    .leftJoin(plantLocations, eq(plantLocations.id, locationRequests.locationId))
    .where(where)
    .orderBy(desc(locationRequests.createdAt))
    .limit(500);
  return rows;
}

type Row = Awaited<ReturnType<typeof selectRequests>>[number];

function view(x: Row): LocationRequest {
  const r = x.r;
  return {
    id: r.id,
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
  await requireArea(ctx, 'AppLocatie', 'write');
  const user = requireUser(ctx);
  const s = await ctx.settings();
  return withIdempotency(ctx, { key, scope: 'location-request', body: input }, async (tx) => {
    const db = tx as unknown as Db;
    const [row] = await db
      .insert(locationRequests)
      .values({
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
      })
      .returning({ id: locationRequests.id });
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
    const [created] = await selectRequests(db, and(eq(locationRequests.id, row.id)));
    return { status: 201, body: view(created) };
  });
}

/** GET Department/location-requests: the department's queue, newest first. */
export async function listLocationRequests(ctx: Ctx, status: 'open' | 'approved' | 'rejected') {
  requireDepartment(ctx);
  return { requests: (await selectRequests(ctx.db, and(eq(locationRequests.status, status)))).map(view) };
}

async function openRequest(db: Db, id: string): Promise<Row> {
  const [row] = await selectRequests(db, and(eq(locationRequests.id, id), sql`true`));
  if (!row) throw new AppError('not_found', 'Locatie.aanvragen.onbekend');
  const locked = await db.execute<{ status: string }>(
    sql`select status from location_requests where id = ${id} for update`,
  );
  if (locked.rows[0]?.status !== 'open') throw ruleOn('status', 'Locatie.aanvragen.al_behandeld');
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
  const user = requireDepartment(ctx);
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
    await db
      .update(locationRequests)
      .set({ status: 'approved', locationId, decidedBy: user.id, decidedAt: ctx.now, updatedAt: ctx.now })
      .where(eq(locationRequests.id, id));
    await mailRequester(db, mail, ctx, row, 'PlantLocationRequestApproved', { locationNo: input.locationNo });
    const [after] = await selectRequests(db, and(eq(locationRequests.id, id)));
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
  const user = requireDepartment(ctx);
  return ctx.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    const row = await openRequest(db, id);
    await db
      .update(locationRequests)
      .set({
        status: 'rejected',
        rejectReason: reason,
        decidedBy: user.id,
        decidedAt: ctx.now,
        updatedAt: ctx.now,
      })
      .where(eq(locationRequests.id, id));
    await mailRequester(db, mail, ctx, row, 'PlantLocationRequestRejected', { reason });
    const [after] = await selectRequests(db, and(eq(locationRequests.id, id)));
    return view(after);
  });
}
