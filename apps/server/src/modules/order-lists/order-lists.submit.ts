import { type LocationAccess, requireAccess } from '../../platform/auth/access.ts';
import { AppError } from '../../platform/errors.ts';
import { type Ctx, requireUser } from '../../platform/http/context.ts';
import type { Tx } from '../../platform/http/idempotency.ts';
import { type ItemInfo, type SetInfo, toItemInfo, toSetInfo } from '../catalogue/index.ts';
import {
  defaultListIdFor,
  type LineRow,
  selectAllLocationIds,
  selectLastRequestNo,
} from './order-lists.queries.ts';
import { listOrderLists } from './order-lists.service.ts';
import { listNotFound } from './order-lists.shared.ts';
import {
  type LockedList,
  lockListWithAccess,
  selectListAccess,
  takeLinesWithCatalogue,
} from './order-lists.submit.queries.ts';

export { insertKeyAndLockList, type LockedList } from './order-lists.submit.queries.ts';

import { treeOrder } from './order-lists.view.ts';

// The order list's part of submitting it as a request (workflows/submit-order-list.ts).

/** A line of a list being submitted, in tree order (a parent before its children). */
export type SubmittedLine = Pick<
  LineRow,
  'id' | 'parentLineId' | 'kind' | 'itemId' | 'setId' | 'amount' | 'comment'
>;

/** The list is the user's and its location still readable by them; 404 otherwise (checked before a submit). */
export async function requireOwnListOnReadableLocation(ctx: Ctx, id: string): Promise<void> {
  const user = requireUser(ctx);
  await requireAccess(ctx, {
    permission: 'orderList.read',
    // One statement: the list's owner and its location with the caller's role (docs/decisions/0011).
    load: async () =>
      (await selectListAccess(ctx.db, id, user.id)) ?? (await refuseUnsavedDefaultList(ctx, id)),
    notFound: () => listNotFound(id),
  });
}

/**
 * A default list not stored yet (ownList) is empty: its submit is refused as an empty list's would be, after
 * the same location checks (403 read-only, 422 blocked). Returns null when `id` is no such list (the caller's 404).
 * On a submit's transaction it runs there (`ctx.db` is `tx`).
 */
async function refuseUnsavedDefaultList(ctx: Ctx, id: string): Promise<null> {
  const user = requireUser(ctx);
  const ids = await requireAccess(ctx, { permission: 'locations.read' });
  const candidates = ids === 'all' ? await selectAllLocationIds(ctx.db) : ids;
  const locationId = candidates.find((l) => defaultListIdFor(user.id, l) === id);
  if (!locationId) return null;
  await requireAccess(ctx, { permission: 'location.write', locationId, unblocked: true });
  throw new AppError('rule', 'error.lijst_leeg', { details: { orderListId: id } });
}

/** The selected list of a location for callers that name none (the default: the user's first). */
export async function defaultOrderListId(ctx: Ctx, locationNo: string): Promise<string> {
  return (await listOrderLists(ctx, locationNo)).orderLists[0].id;
}

/**
 * The list locked on the submit's transaction (`txCtx.db` is `tx`), when it may be submitted: the
 * caller's own list (404 otherwise; the unsaved default list answers as an empty one), write access to its
 * location (a lost location answers the list's 404), the location not blocked, and lines that all have an amount.
 * This is the submit's only access check of the list (a replay checks requireOwnListOnReadableLocation). Its lines
 * are taken off it (the list and its draft are left empty for the next order; a refused submit rolls back) and come
 * in tree order, with their items and sets in the locale: two statements (docs/decisions/0011).
 */
export async function takeListForSubmit(
  txCtx: Ctx,
  tx: Tx,
  orderListId: string,
  /** The list as insertKeyAndLockList locked it (null: no such list); locked here when not given. */
  locked?: LockedList | null,
): Promise<{
  location: LocationAccess;
  lines: SubmittedLine[];
  items: Map<string, ItemInfo>;
  sets: Map<string, SetInfo>;
}> {
  const user = requireUser(txCtx);
  const { location } = await requireAccess(txCtx, {
    permission: 'orderList.write',
    // The lock reads the list's location with the caller's role in the same statement.
    load: async () =>
      (locked === undefined ? await lockListWithAccess(tx, orderListId, user.id) : locked) ??
      (await refuseUnsavedDefaultList(txCtx, orderListId)),
    notFound: () => listNotFound(orderListId),
    unblocked: true,
  });
  // why: read after the lock (a statement of its own), so a change committed while this waited is seen.
  const read = await takeLinesWithCatalogue(tx, orderListId, txCtx.locale, new Date());
  const lines = treeOrder(read.lines);
  if (lines.length === 0) {
    // emptied by a submit (a second click, another tab, a retry under a new key): a state conflict, not bad input
    const requestNo = await selectLastRequestNo(tx, orderListId);
    if (requestNo)
      throw new AppError('conflict', 'error.bestellijst_al_verstuurd', {
        details: { orderListId, requestNo },
        params: { requestNo },
      });
    throw new AppError('rule', 'error.lijst_leeg', { details: { orderListId } });
  }
  const empty = lines.filter((l) => l.amount <= 0).map((l) => l.id);
  if (empty.length)
    throw new AppError('rule', 'Bestellijst.aantal_verplicht', { details: { lineIds: empty } });
  return {
    location,
    lines,
    items: new Map(read.items.map(toItemInfo).map((i) => [i.id, i])),
    sets: new Map(read.sets.map(toSetInfo).map((x) => [x.id, x])),
  };
}
