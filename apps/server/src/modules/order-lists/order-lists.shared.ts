import { MAX_LINE_AMOUNT } from '@mp/contract/api/ordering';
import { requireArea, requireLocation } from '../../platform/auth/access.ts';
import { AppError } from '../../platform/errors.ts';
import { type Ctx, requireUser } from '../../platform/http/context.ts';
import type { Tx } from '../../platform/http/idempotency.ts';
import { selectOrderList, touchOrderList } from './order-lists.queries.ts';

// What the order-list services of this folder share: errors, the own-list check and the locked change.

/** Most lines (set components included) one order list may hold. */
export const MAX_LIST_LINES = 1000;

export const listNotFound = (id: string) =>
  new AppError('not_found', 'error.niet_gevonden', { details: { orderListId: id } });
export const lineNotFound = (id: string) =>
  new AppError('not_found', 'error.niet_gevonden', { details: { lineId: id } });

export function amountTooLarge(field: string, itemNo?: string): AppError {
  return new AppError('invalid', 'error.ongeldige_invoer', {
    details: {
      fields: { [field]: { code: 'validation.te_groot', params: { max: MAX_LINE_AMOUNT } } },
      ...(itemNo ? { itemNo } : {}),
    },
  });
}

export function multipleListsOff(): AppError {
  return new AppError('rule', 'error.meerdere_bestellijsten_uit');
}

/** The user's own list on that location; anything else (another user's, another location's) is 404. */
export async function ownList(ctx: Ctx, locationNo: string, id: string, action: 'read' | 'write') {
  await requireArea(ctx, 'AppBestellijst', action);
  const user = requireUser(ctx);
  const location = await requireLocation(ctx, locationNo, action);
  const list = await selectOrderList(ctx.db, id);
  if (!list || list.userId !== user.id || list.locationId !== location.locationId) throw listNotFound(id);
  return { user, location, list };
}

/** Runs list changes in one transaction with the list row locked (concurrent adds never make two lines). */
export async function changeList<T>(ctx: Ctx, listId: string, work: (tx: Tx) => Promise<T>): Promise<T> {
  return ctx.db.transaction(async (tx) => {
    const locked = await selectOrderList(tx, listId, { forUpdate: true });
    if (!locked) throw listNotFound(listId);
    const result = await work(tx);
    await touchOrderList(tx, listId);
    return result;
  });
}
