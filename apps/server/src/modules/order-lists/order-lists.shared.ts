import { MAX_LINE_AMOUNT } from '@mp/contract/api/order-lists';
import { translate } from '@mp/contract/i18n';
import type { Action } from '@mp/contract/permissions';
import type { OrderListRequest } from '../../platform/auth/access.ts';
import { AppError, fieldErrors } from '../../platform/errors.ts';
import type { Ctx } from '../../platform/http/context.ts';
import type { Tx } from '../../platform/http/idempotency.ts';
import { getSetting } from '../settings/index.ts';
import {
  defaultListIdFor,
  ensureDefaultOrderList,
  type OrderListRow,
  selectOrderList,
  touchOrderList,
} from './order-lists.queries.ts';

// What the order-list services of this folder share: errors, the own-list check and the locked change.

/** Most lines (set components included) one order list may hold. */
export const MAX_LIST_LINES = 1000;

export const listNotFound = (id: string) =>
  new AppError('not_found', 'error.niet_gevonden', { details: { orderListId: id } });
export const lineNotFound = (id: string) =>
  new AppError('not_found', 'error.niet_gevonden', { details: { lineId: id } });

export function amountTooLarge(field: string, itemNo?: string): AppError {
  return fieldErrors(
    'invalid',
    'error.ongeldige_invoer',
    { [field]: { code: 'validation.te_groot', params: { max: MAX_LINE_AMOUNT } } },
    itemNo ? { details: { itemNo } } : {},
  );
}

/**
 * Which lines below another line the user may change or remove: a set's components (Sets_AllowEdit), the items
 * delivered with an item (MeegeleverdeAantalWijzigen, decision 0007). Lines at the top always.
 */
export interface EditRules {
  setParts: boolean;
  accessories: boolean;
}

export async function editRules(ctx: Ctx): Promise<EditRules> {
  const [setParts, accessories] = await Promise.all([
    getSetting(ctx, 'Sets_AllowEdit'),
    getSetting(ctx, 'MeegeleverdeAantalWijzigen'),
  ]);
  return { setParts, accessories };
}

/** Whether a line hanging under a line of `parentKind` (null: at the top) may be changed or removed. */
export function mayEdit(parentKind: 'item' | 'set' | null, rules: EditRules): boolean {
  if (parentKind === null) return true;
  return parentKind === 'item' ? rules.accessories : rules.setParts;
}

/** 422 for a change of a line its rule keeps fixed: a set's component, or an item delivered with another. */
export function notEditable(parentKind: 'item' | 'set' | null, details: Record<string, unknown>): AppError {
  return new AppError(
    'rule',
    parentKind === 'item' ? 'error.meegeleverd_niet_wijzigbaar' : 'error.set_niet_wijzigbaar',
    { details },
  );
}

export function multipleListsOff(): AppError {
  return new AppError('rule', 'error.meerdere_bestellijsten_uit');
}

/** The user's default list on a location as it is before anything was stored in it (empty, no draft). */
export function unsavedDefaultList(ctx: Ctx, userId: string, locationId: string): OrderListRow {
  const now = new Date();
  return {
    id: defaultListIdFor(userId, locationId),
    userId,
    locationId,
    name: translate(ctx.locale, 'Bestellijst.titel'),
    draft: null,
    draftUpdatedAt: null,
    createdAt: now,
    updatedAt: now,
  };
}

/**
 * What requireAccess needs for the caller's own list on that location (platform/auth/resolvers/resources.ts decides:
 * the area, the location, then the list; another user's, another location's is 404). The default list's id
 * (defaultListIdFor) is the user's before it is stored: a read answers it empty, a write stores it first (when the
 * user has no list there yet).
 */
export function ownList(
  ctx: Ctx,
  locationNo: string,
  id: string,
  action: Action,
): OrderListRequest<OrderListRow> {
  return {
    permission: action === 'read' ? 'orderList.read' : 'orderList.write',
    area: 'AppBestellijst',
    locationNo,
    notFound: () => listNotFound(id),
    load: async (location, user) => {
      const list = await selectOrderList(ctx.db, id);
      if (list || id !== defaultListIdFor(user.id, location.locationId)) return list;
      if (action === 'read') return unsavedDefaultList(ctx, user.id, location.locationId);
      const name = translate(ctx.locale, 'Bestellijst.titel');
      await ensureDefaultOrderList(ctx.db, user.id, location.locationId, name);
      return selectOrderList(ctx.db, id);
    },
  };
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
