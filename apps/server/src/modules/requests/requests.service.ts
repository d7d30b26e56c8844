import type { RequestDetail, RequestSummary } from '@mp/contract/api/requests';
import { isAdmin, isDepartment } from '@mp/contract/permissions';
import { nextStatuses, type RequestKind, type RequestStatus } from '@mp/contract/rules/request-status';
import { type LocationAccess, type LocationIds, requireAccess } from '../../platform/auth/access.ts';
import { AppError } from '../../platform/errors.ts';
import { type Ctx, requireUser } from '../../platform/http/context.ts';
import { itemsById, setsById } from '../catalogue/index.ts';
import { erpStatusOf } from '../erp/index.ts';
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
  const area = 'AppMaterieelaanvragen';
  const locationIds: LocationIds = q.locationNo
    ? [(await requireAccess(ctx, { permission: 'location.read', area, locationNo: q.locationNo })).locationId]
    : await requireAccess(ctx, { permission: 'locations.read', area });
  const { rows, total } = await selectRequestPage(ctx.db, {
    locationIds,
    statuses: q.status,
    kind: q.kind,
    page: q.page,
    pageSize: q.pageSize,
  });
  return { items: rows.map(summaryOf), page: q.page, pageSize: q.pageSize, total };
}

/** A time column ('07:30:00') as the form's 'HH:MM'. */
const hhmm = (time: string | null) => (time ?? '').slice(0, 5);

/**
 * One request as a viewer of its location sees it (`request.read`: the overview's area, then its location; another
 * customer's answers 404 like an unknown one).
 */
export async function getRequest(ctx: Ctx, id: string): Promise<RequestDetail> {
  const { row, location } = await requireAccess(ctx, {
    permission: 'request.read',
    load: () => selectRequest(ctx.db, id),
    notFound: () => requestNotFound(id),
  });
  return requestDetail(ctx, row, location);
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

/** The request row as requireAccess `request.read` answers it. */
export type RequestRow = NonNullable<Awaited<ReturnType<typeof selectRequest>>>;

/**
 * The detail of a request the caller was let through to: as a viewer of its location, or (no location) as the
 * department (decision 0018: every customer's, with the department's next statuses).
 */
export async function requestDetail(
  ctx: Ctx,
  row: RequestRow,
  location: LocationAccess | null,
): Promise<RequestDetail> {
  const user = requireUser(ctx);
  const id = row.id;
  const [lineRows, history, orders, erpStatus] = await Promise.all([
    selectRequestLines(ctx.db, id),
    selectHistory(ctx.db, id),
    ordersOfRequest(ctx.db, id),
    erpStatusOf(ctx.db, id, { endedInPortal: row.status === 'cancelled' || row.status === 'rejected' }),
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
  const allowed =
    !location || isAdmin({ user })
      ? nextStatuses(row.status, 'department')
      : location.writable
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
    erpStatus,
    orders,
  };
}
