import type { RequestDetail, RequestSummary } from '@mp/contract/api/requests';
import { isDepartment } from '@mp/contract/permissions';
import { nextStatuses, type RequestKind, type RequestStatus } from '@mp/contract/rules/request-status';
import { requireArea, requireLocation, requireLocationById } from '../../platform/auth/access.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { type Ctx, requireUser } from '../../platform/http/context.ts';
import { itemsById, setsById } from '../catalogue/index.ts';
import { ordersOfRequest } from '../orders/index.ts';
import {
  type RequestSummaryRow,
  selectHistory,
  selectRequest,
  selectRequestIdByNo,
  selectRequestLines,
  selectRequestPage,
} from './requests.queries.ts';
import { requestNotFound } from './requests.shared.ts';

// ── overview ─────────────────────────────────────────────────────────────────────────────────

function summaryOf(r: RequestSummaryRow): RequestSummary {
  return {
    id: r.id,
    requestNo: r.requestNo,
    kind: r.kind,
    status: r.status,
    locationNo: r.locationNo,
    locationDescription: r.locationDescription?.trim() ? r.locationDescription : r.locationNo,
    requestedDate: r.requestedDate,
    expectedReturnDate: r.expectedReturnDate ?? null,
    plannedDate: r.plannedDate ?? null,
    rush: r.rush,
    collect: r.collect,
    reference: r.reference ?? null,
    requestedBy: r.requestedBy ?? null,
    lineCount: r.lineCount,
    totalAmount: r.totalAmount,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** Requests of the user's locations (of one location with locationNo), newest first; admins see all. */
export async function listRequests(
  ctx: Ctx,
  q: { locationNo?: string; status?: RequestStatus[]; kind?: RequestKind; page: number; pageSize: number },
) {
  await requireArea(ctx, 'AppMaterieelaanvragen', 'read');
  const user = requireUser(ctx);
  const location = q.locationNo ? await requireLocation(ctx, q.locationNo, 'read') : null;
  const { rows, total } = await selectRequestPage(ctx.db, {
    memberUserId: user.role === 'admin' ? null : user.id,
    locationId: location?.locationId,
    statuses: q.status,
    kind: q.kind,
    page: q.page,
    pageSize: q.pageSize,
  });
  return { items: rows.map(summaryOf), page: q.page, pageSize: q.pageSize, total };
}

/**
 * The request's location must be the caller's (admins: any) for `action`: a foreign or unknown location answers the
 * same 404 as an unknown request.
 */
export async function requireRequestLocation(
  ctx: Ctx,
  row: { id: string; locationId: string },
  action: 'read' | 'write',
) {
  try {
    return await requireLocationById(ctx, row.locationId, action);
  } catch (e) {
    if (e instanceof AppError && e.type === 'not_found') throw requestNotFound(row.id);
    throw e;
  }
}

/** The request if the user may read its location (404 otherwise, the same as an unknown id). */
async function readable(ctx: Ctx, id: string) {
  const row = await selectRequest(ctx.db, id);
  if (!row) throw requestNotFound(id);
  return { row, location: await requireRequestLocation(ctx, row, 'read') };
}

/** The request for the department: no location check (the caller is the department). */
async function departmentRow(db: Db, id: string) {
  const row = await selectRequest(db, id);
  if (!row) throw requestNotFound(id);
  return { row, location: { role: null } };
}

/** A time column ('07:30:00') as the form's 'HH:MM'. */
const hhmm = (time: string | null) => (time ?? '').slice(0, 5);

export async function getRequest(ctx: Ctx, id: string): Promise<RequestDetail> {
  await requireArea(ctx, 'AppMaterieelaanvragen', 'read');
  return getRequestAs(ctx, id, 'viewer');
}

/** One request by its id or, as the legacy calls name it, its number (404 for an unknown one). */
export async function getRequestByIdOrNo(
  ctx: Ctx,
  key: { id?: string; requestNo?: string },
): Promise<RequestDetail> {
  requireUser(ctx);
  const id = key.id ?? (key.requestNo ? await selectRequestIdByNo(ctx.db, key.requestNo) : null);
  if (!id)
    throw new AppError('not_found', 'error.niet_gevonden', { details: { aanvraagNummer: key.requestNo } });
  return getRequest(ctx, id);
}

/**
 * One request as a viewer of its location sees it (404 for anyone else), or as the department (decision 0018: every
 * customer's, with the department's next statuses; the caller has checked requireDepartment).
 */
export async function getRequestAs(
  ctx: Ctx,
  id: string,
  as: 'viewer' | 'department',
): Promise<RequestDetail> {
  const user = requireUser(ctx);
  const { row, location } = as === 'department' ? await departmentRow(ctx.db, id) : await readable(ctx, id);
  const [lineRows, history, orders] = await Promise.all([
    selectRequestLines(ctx.db, id),
    selectHistory(ctx.db, id),
    ordersOfRequest(ctx.db, id),
  ]);
  const [items, sets] = await Promise.all([
    itemsById(
      ctx.db,
      ctx.locale,
      lineRows.filter((l) => l.itemId).map((l) => l.itemId as string),
    ),
    setsById(
      ctx.db,
      ctx.locale,
      lineRows.filter((l) => l.setId).map((l) => l.setId as string),
    ),
  ]);
  const canWrite = user.role === 'admin' || location.role === 'user';
  const allowed =
    as === 'department' || user.role === 'admin'
      ? nextStatuses(row.status, 'department')
      : canWrite
        ? nextStatuses(row.status, 'requester')
        : [];
  return {
    ...summaryOf(row),
    transportMeans: row.transportMeans ?? null,
    destinationKind: row.destinationKind ?? null,
    depotNo: row.depotNo ?? null,
    depotName: row.depotName ?? null,
    addressCode: row.addressCode ?? row.workAddressCode ?? null,
    addressName: row.addressName ?? null,
    street: row.street ?? null,
    postcode: row.postcode ?? null,
    city: row.city ?? null,
    contactPerson: row.contactPerson ?? null,
    phone: row.phone ?? null,
    origin:
      row.originStreet || row.originCity || row.originAddressName
        ? {
            addressName: row.originAddressName ?? null,
            street: row.originStreet ?? null,
            postcode: row.originPostcode ?? null,
            city: row.originCity ?? null,
            contactPerson: row.originContactPerson ?? null,
            phone: row.originPhone ?? null,
          }
        : null,
    targetLocation: row.targetLocationNo
      ? { locationNo: row.targetLocationNo, description: row.targetLocationDescription ?? '' }
      : null,
    transport:
      row.kind === 'transport' && row.cargo
        ? {
            loadingFrom: hhmm(row.loadingFrom),
            loadingUntil: hhmm(row.loadingUntil),
            unloadingDate: row.unloadingDate ?? row.requestedDate,
            unloadingFrom: hhmm(row.unloadingFrom),
            unloadingUntil: hhmm(row.unloadingUntil),
            cargo: row.cargo,
            itemNo: row.transportItemNo ?? null,
            appointmentCode: row.appointmentCode ?? null,
          }
        : null,
    comment: row.comment ?? null,
    // The settings behind them are not public: the department (admins included) sees them, a customer does not.
    erpCodes: isDepartment({ user })
      ? { rushItemNo: row.rushItemNo ?? null, commentCode: row.commentCode ?? null }
      : null,
    rejectionReason: row.rejectionReason ?? null,
    termsAccepted: row.termsAccepted,
    lines: lineRows.map((l) => {
      const item = l.itemId ? items.get(l.itemId) : undefined;
      const set = l.setId ? sets.get(l.setId) : undefined;
      return {
        lineId: l.id,
        parentLineId: l.parentLineId,
        lineNo: l.lineNo,
        type: l.setId ? ('set' as const) : ('item' as const),
        itemNo: item?.itemNo ?? set?.setNo ?? '',
        description: item?.description ?? set?.description ?? '',
        amount: l.amount,
        comment: l.comment,
        plantNo: l.plantNo ?? null,
        weightPerPiece: item?.weight ?? null,
      };
    }),
    history: history.map((h) => ({
      fromStatus: h.fromStatus,
      toStatus: h.toStatus,
      changedAt: h.changedAt.toISOString(),
      changedBy: h.changedBy ?? null,
      note: h.note ?? null,
    })),
    allowedStatuses: [...allowed],
    orders,
  };
}
