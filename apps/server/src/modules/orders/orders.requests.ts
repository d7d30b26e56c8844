import { requireAccess } from '../../platform/auth/access.ts';
import { AppError, fieldErrors } from '../../platform/errors.ts';
import { storeFile } from '../../platform/files/files.ts';
import type { FileStorage } from '../../platform/files/storage.ts';
import { extensionOf, reencodeImage, type UploadedFile } from '../../platform/files/uploads.ts';
import type { Ctx } from '../../platform/http/context.ts';
import type { Tx } from '../../platform/http/idempotency.ts';
import {
  insertExitOrder,
  insertExitOrderFile,
  insertOrder,
  linkOrders,
  type NewExitOrder,
  type NewExitOrderLine,
  type NewOrder,
  type NewOrderCost,
  type NewOrderLine,
  selectExitLineOfRequest,
  selectOrdersOfRequest,
} from './orders.queries.ts';

/*
 * The orders of requests (issue #12, decision 0018): what the department's execution of a request records — a plant
 * order with its lines and costs, a move's two linked orders, a removal's exit order — the orders a request shows,
 * and the photos of what came back with a removal. The execution itself is workflows/execute-request.ts.
 */

export type { NewExitOrderLine, NewOrder, NewOrderCost, NewOrderLine };

export interface RecordedOrder {
  id: string;
  orderNo: string;
  /** The lines' ids, in the order they were given. */
  lineIds: string[];
}

/** A plant order with its lines and costs, on the execution's transaction. */
export function recordOrder(
  tx: Tx,
  order: NewOrder,
  lines: readonly NewOrderLine[],
  costs: readonly NewOrderCost[],
): Promise<RecordedOrder> {
  return insertOrder(tx, order, lines, costs);
}

/**
 * A move between two locations as a `move_from` order on the source (with the costs) and a `move_to` order on the
 * target, the same lines on both, linked to each other.
 */
export async function recordMove(
  tx: Tx,
  head: Omit<NewOrder, 'kind' | 'locationId' | 'counterpartLocationId'>,
  move: { fromLocationId: string; toLocationId: string },
  lines: readonly NewOrderLine[],
  costs: readonly NewOrderCost[],
): Promise<{ from: RecordedOrder; to: RecordedOrder }> {
  const from = await insertOrder(
    tx,
    { ...head, kind: 'move_from', locationId: move.fromLocationId, counterpartLocationId: move.toLocationId },
    lines,
    costs,
  );
  const to = await insertOrder(
    tx,
    { ...head, kind: 'move_to', locationId: move.toLocationId, counterpartLocationId: move.fromLocationId },
    lines,
    [],
  );
  await linkOrders(tx, from.id, to.id);
  return { from, to };
}

/** A removal's exit order: what left the location for good, each line's condition, remarks and damage. */
export function recordExitOrder(
  tx: Tx,
  exit: NewExitOrder,
  lines: readonly NewExitOrderLine[],
): Promise<{ id: string; exitOrderNo: string }> {
  return insertExitOrder(tx, exit, lines);
}

/** The orders a request became, oldest first (the request's detail links them). */
export function ordersOfRequest(db: Tx | { execute: Tx['execute'] }, requestId: string) {
  return selectOrdersOfRequest(db, requestId);
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * POST Department/requests/{id}/photos: a photo of what came back with an executed removal (part 4), for the whole
 * exit order or one of its lines (the request line's id); re-encoded (metadata dropped), stored through the file
 * storage and listed with the exit order. 409 error.nog_niet_afgevoerd before the removal is executed.
 */
export async function addReturnPhoto(
  ctx: Ctx,
  storage: FileStorage,
  requestId: string,
  upload: UploadedFile | undefined,
  fields: { lineId?: string; caption?: string },
): Promise<{ id: string; fileId: string; lineId: string | null }> {
  const user = await requireAccess(ctx, { permission: 'department' });
  const invalid = (field: string, code: string) =>
    fieldErrors('invalid', 'error.ongeldige_invoer', { [field]: code });
  if (!upload) throw invalid('file', 'validation.verplicht');
  const lineId = fields.lineId?.trim() || null;
  if (lineId && !uuidPattern.test(lineId)) throw invalid('lineId', 'validation.ongeldig_formaat');
  const caption = fields.caption?.trim().slice(0, 200) || null;
  const exit = await selectExitLineOfRequest(ctx.db, requestId, lineId);
  if (!exit) throw new AppError('conflict', 'error.nog_niet_afgevoerd');
  if (lineId && !exit.lineId) throw invalid('lineId', 'validation.onbekende_waarde');
  const image = await reencodeImage(upload.bytes, { maxDimension: 2000 });
  const file = await storeFile(ctx.db, storage, {
    prefix: 'exit-orders',
    extension: extensionOf[image.kind],
    bytes: image.bytes,
    contentType: image.contentType,
    fileName: upload.displayName,
    uploadedBy: user.id,
    meta: { width: image.width, height: image.height, purpose: 'return-photo' },
  });
  const row = await insertExitOrderFile(ctx.db, {
    exitOrderId: exit.exitOrderId,
    lineId: exit.lineId,
    kind: 'image',
    fileId: file.id,
    caption,
  });
  return { id: row.id, fileId: file.id, lineId };
}
