import type {
  ExitOrderDetail,
  ExitOrderList,
  ExitOrderListQuery,
  ExitOrderSummary,
  OrderDetail,
  OrderList,
  OrderListQuery,
  OrderSummary,
} from '@mp/contract/api/orders';
import type { FunctionalArea } from '@mp/contract/permissions';
import { hasAccess, type LocationAccess, requireAccess } from '../../platform/auth/access.ts';
import { AppError, fieldErrors } from '../../platform/errors.ts';
import type { FileStorage } from '../../platform/files/storage.ts';
import type { Ctx } from '../../platform/http/context.ts';
import { itemsById } from '../catalogue/index.ts';
import { type DocumentServiceDeps, orderServiceDocuments } from '../documents/index.ts';
import { listMyLocations } from '../locations/index.ts';
import {
  type ExitOrderRow,
  type OrderKindValue,
  type OrderRow,
  selectExitFile,
  selectExitFiles,
  selectExitLines,
  selectExitOrder,
  selectExitOrderIdOfOrder,
  selectExitOrders,
  selectOrder,
  selectOrderCosts,
  selectOrderDocuments,
  selectOrderLines,
  selectOrders,
} from './orders.read.queries.ts';

/*
 * The customer's side of the plant orders (issue #12 part 5): a location's incoming, outgoing, move-to and
 * move-from orders and its exit orders. Every call asks requireAccess first: the functional area of the kind and
 * that the order's location is the caller's (an admin's: any); another customer's order answers 404 like an unknown
 * one (the order resolvers of platform/auth/resolvers/resources.ts).
 */

/** The functional area of product §6 per order kind (a transport order is shown with the request only). */
export const orderArea: Record<OrderKindValue, FunctionalArea> = {
  delivery: 'AppMaterieelordersAanvoer',
  removal: 'AppMaterieelordersAfvoer',
  move_to: 'AppMaterieelordersVerplaatsingNaar',
  move_from: 'AppMaterieelordersVerplaatsingVan',
  transport: 'AppMaterieelaanvragen',
};

const notFound = (what: string) =>
  new AppError('not_found', 'error.niet_gevonden', { details: { id: what } });

function toSummary(r: OrderRow): OrderSummary {
  return {
    id: r.id,
    orderNo: r.orderNo,
    kind: r.kind,
    status: r.status,
    locationNo: r.locationNo,
    locationDescription: r.locationDescription,
    orderDate: r.orderDate,
    plannedDate: r.plannedDate,
    executedDate: r.executedDate,
    counterpartLocationNo: r.counterpartLocationNo,
    counterpartLocationDescription: r.counterpartLocationDescription,
    depotNo: r.depotNo,
    depotName: r.depotName,
    reference: r.reference,
    requestId: r.requestId,
    requestNo: r.requestNo,
    lineCount: r.lineCount,
    totalQuantity: r.totalQuantity,
  };
}

/**
 * The locations a list is over: the one asked for (checked), or (project) every location of the caller with its
 * project number (ProjectOverzichten_TonenEnGebruiken; a location without a project number is a project of its own).
 */
async function locationsOf(ctx: Ctx, location: LocationAccess, project: boolean): Promise<string[]> {
  if (!project) return [location.locationId];
  if (!(await ctx.settings()).ProjectOverzichten_TonenEnGebruiken)
    throw new AppError('forbidden', 'Afvoerlijst.project_uit');
  const mine = await listMyLocations(ctx);
  const projectNo = mine.find((l) => l.id === location.locationId)?.projectNo ?? null;
  if (!projectNo) return [location.locationId];
  return [
    location.locationId,
    ...mine.filter((l) => l.projectNo === projectNo && l.id !== location.locationId).map((l) => l.id),
  ];
}

/** A period whose end is before its start is a mistake, not an empty list (400 naming `until`). */
function requirePeriod(from: string | undefined, until: string | undefined): void {
  if (!from || !until || until >= from) return;
  throw fieldErrors(
    'invalid',
    'error.ongeldige_invoer',
    { until: 'validation.einde_na_begin' },
    { details: { in: 'querystring' } },
  );
}

/** GET PlantOrders: one location's (or, with project, its project's) orders of some kinds, newest first. */
export async function listOrders(
  ctx: Ctx,
  q: Omit<OrderListQuery, 'kind' | 'project'> & { kinds: readonly OrderKindValue[]; project?: boolean },
): Promise<OrderList> {
  const location = await requireAccess(ctx, {
    permission: 'location.read',
    area: [...new Set(q.kinds.map((kind) => orderArea[kind]))],
    locationNo: q.plantLocation,
  });
  const locationIds = await locationsOf(ctx, location, q.project === true);
  requirePeriod(q.from, q.until);
  const { rows, total } = await selectOrders(ctx.db, {
    locationIds,
    kinds: q.kinds,
    status: q.status,
    from: q.from,
    until: q.until,
    query: q.query,
    page: q.page,
    pageSize: q.pageSize,
  });
  return { items: rows.map(toSummary), page: q.page, pageSize: q.pageSize, total };
}

/**
 * GET PlantOrders/{id}: one order with lines, costs, documents, its move partner and exit order. The order by id or
 * number when the caller may read it (`order.read`: its location first, so another customer's order answers 404
 * like an unknown one whatever the caller's areas; then its kind's area, 403); a legacy call for some kinds does not
 * show another kind's order (404).
 */
export async function getOrder(
  ctx: Ctx,
  key: { id?: string; orderNo?: string },
  kinds?: readonly OrderKindValue[],
  docs?: DocumentServiceDeps,
): Promise<OrderDetail> {
  const row = await requireAccess(ctx, {
    permission: 'order.read',
    load: async () => {
      const order = await selectOrder(ctx.db, key);
      return order && (!kinds || kinds.includes(order.kind)) ? order : null;
    },
    areaOf: (order) => orderArea[order.kind],
    notFound: () => notFound(key.id ?? key.orderNo ?? ''),
  });
  const [lines, costs, own, linked, exit, fromService] = await Promise.all([
    selectOrderLines(ctx.db, row.id),
    selectOrderCosts(ctx.db, row.id),
    selectOrderDocuments(ctx.db, [row.id]),
    row.linkedOrderId ? selectOrder(ctx.db, { id: row.linkedOrderId }) : Promise.resolve(null),
    row.kind === 'removal' ? selectExitOrderIdOfOrder(ctx.db, row.id) : Promise.resolve(null),
    // with a document service (decision 0028): its documents of this order too (its notes filed there)
    docs ? orderServiceDocuments(ctx, docs, row) : Promise.resolve([]),
  ]);
  const ownIds = new Set(own.map((d) => d.id));
  const documents = [...own, ...fromService.filter((d) => !ownIds.has(d.id))];
  const items = await itemsById(
    ctx.db,
    ctx.locale,
    lines.map((l) => l.itemId),
  );
  // the other half of a move only when the caller may read it too (that location, that kind's area)
  const linkedOrder: OrderDetail['linkedOrder'] =
    linked &&
    (await hasAccess(ctx, {
      permission: 'order.read',
      load: async () => linked,
      areaOf: (order) => orderArea[order.kind],
      notFound: () => notFound(linked.id),
    }))
      ? { id: linked.id, orderNo: linked.orderNo, kind: linked.kind, locationNo: linked.locationNo }
      : null;
  // the exit order lies on the same location; it is shown to whoever holds AppExitOrders
  const exitOrder =
    exit && (await hasAccess(ctx, { permission: 'area.read', area: 'AppExitOrders' })) ? exit : null;
  const total = costs.reduce((sum, c) => sum + Math.round(Number(c.amount) * 100), 0);
  return {
    ...toSummary(row),
    transportMeans: row.transportMeans,
    street: row.street,
    postcode: row.postcode,
    city: row.city,
    contactPerson: row.contactPerson,
    phone: row.phone,
    comment: row.comment,
    lines: lines.map((l) => ({
      lineNo: l.lineNo,
      itemNo: l.itemNo,
      description: items.get(l.itemId)?.description ?? l.itemNo,
      plantNo: l.plantNo,
      quantity: l.quantity,
      comment: l.comment,
    })),
    costs,
    costTotal: (total / 100).toFixed(2),
    documents: documents.map(documentOf),
    linkedOrder,
    exitOrder,
  };
}

/** A document row about an order, with the address of its content (decision 0009's access rule). */
const documentOf = (d: { id: string; title: string; category: string; date: string | null }) => ({
  id: d.id,
  title: d.title,
  category: d.category,
  date: d.date,
  url: `/api/v2.0/Documents/${encodeURIComponent(d.id)}/content`,
});

function toExitSummary(r: ExitOrderRow): ExitOrderSummary {
  const { locationId: _, ...rest } = r;
  return rest;
}

/** GET ExitOrders: one location's (or, with project, its project's) exit orders, newest first. */
export async function listExitOrders(
  ctx: Ctx,
  q: Omit<ExitOrderListQuery, 'project'> & { project?: boolean },
): Promise<ExitOrderList> {
  const location = await requireAccess(ctx, {
    permission: 'location.read',
    area: 'AppExitOrders',
    locationNo: q.plantLocation,
  });
  const locationIds = await locationsOf(ctx, location, q.project === true);
  const { rows, total } = await selectExitOrders(ctx.db, { locationIds, page: q.page, pageSize: q.pageSize });
  return { items: rows.map(toExitSummary), page: q.page, pageSize: q.pageSize, total };
}

/**
 * GET ExitOrders/{id}: what left, in what state, with its photos and documents (the removal order's too); `exitOrder.read`:
 * AppExitOrders, then the exit order's location (another customer's answers 404 like an unknown one).
 */
export async function getExitOrder(
  ctx: Ctx,
  key: { id?: string; exitOrderNo?: string },
): Promise<ExitOrderDetail> {
  const row = await requireAccess(ctx, {
    permission: 'exitOrder.read',
    load: () => selectExitOrder(ctx.db, key),
    notFound: () => notFound(key.id ?? key.exitOrderNo ?? ''),
  });
  const [lines, files, documents] = await Promise.all([
    selectExitLines(ctx.db, row.id),
    selectExitFiles(ctx.db, row.id),
    row.orderId ? selectOrderDocuments(ctx.db, [row.orderId]) : Promise.resolve([]),
  ]);
  const items = await itemsById(
    ctx.db,
    ctx.locale,
    lines.map((l) => l.itemId),
  );
  return {
    ...toExitSummary(row),
    lines: lines.map(({ itemId, ...l }) => ({
      ...l,
      description: items.get(itemId)?.description ?? l.itemNo,
    })),
    photos: files
      .filter((f) => f.kind === 'image')
      .map((f) => ({
        id: f.id,
        lineNo: f.lineNo,
        caption: f.caption,
        url: `/api/v2.0/ExitOrders/${row.id}/files/${f.id}`,
      })),
    documents: [
      ...documents.map(documentOf),
      ...files
        .filter((f) => f.kind === 'document')
        .map((f) => ({
          id: f.id,
          title: f.caption ?? f.fileName,
          category: 'ExitOrder',
          date: f.createdAt,
          url: `/api/v2.0/ExitOrders/${row.id}/files/${f.id}`,
        })),
    ],
  };
}

/** GET ExitOrders/{id}/files/{fileId}: a photo or document of an exit order, under the exit order's access. */
export async function readExitOrderFile(
  ctx: Ctx,
  storage: FileStorage,
  id: string,
  fileId: string,
): Promise<{ bytes: Buffer; contentType: string; fileName: string }> {
  const row = await requireAccess(ctx, {
    permission: 'exitOrder.read',
    load: () => selectExitOrder(ctx.db, { id }),
    notFound: () => notFound(id),
  });
  const file = await selectExitFile(ctx.db, row.id, fileId);
  const bytes = file ? await storage.get(file.storageKey) : null;
  if (!file || !bytes) throw notFound(fileId);
  return { bytes, contentType: file.contentType, fileName: file.fileName };
}
