import { type OrderDraft, type OrderList, orderDraft } from '@mp/contract/api/order-lists';
import { translate } from '@mp/contract/i18n';
import { requireAccess } from '../../platform/auth/access.ts';
import { AppError } from '../../platform/errors.ts';
import { type Ctx, requireUser } from '../../platform/http/context.ts';
import { getSetting } from '../settings/index.ts';
import { applyLineChange, type LineChange } from './order-lists.lines.ts';
import {
  deleteLines,
  deleteOrderList as deleteOrderListRow,
  ensureDefaultOrderList,
  insertOrderList,
  type OrderListSummaryRow,
  selectOrderList,
  selectOrderLists,
  updateDraft,
  updateOrderListName,
} from './order-lists.queries.ts';
import {
  changeList,
  editRules,
  listNotFound,
  multipleListsOff,
  ownList,
  unsavedDefaultList,
} from './order-lists.shared.ts';
import { summaryOf, view } from './order-lists.view.ts';

// ── lists ────────────────────────────────────────────────────────────────────────────────────

/**
 * The user's lists on the location. Without any, the default list as it is before it is stored (empty): a read
 * never writes; the first write to its id stores it (ownList).
 */
export async function listOrderLists(ctx: Ctx, locationNo: string) {
  const location = await requireAccess(ctx, {
    permission: 'location.read',
    area: 'AppBestellijst',
    locationNo,
  });
  const user = requireUser(ctx);
  let rows: OrderListSummaryRow[] = await selectOrderLists(ctx.db, user.id, location.locationId);
  if (rows.length === 0)
    rows = [{ ...unsavedDefaultList(ctx, user.id, location.locationId), lineCount: 0, totalAmount: 0 }];
  return {
    orderLists: rows.map((r, i) => summaryOf(r, location.locationNo, i === 0)),
    multipleLists: await getSetting(ctx, 'Bestellen_EnableMeerdereBestellijsten'),
  };
}

export async function getOrderList(ctx: Ctx, locationNo: string, id: string): Promise<OrderList> {
  const { list, location } = await requireAccess(ctx, ownList(ctx, locationNo, id, 'read'));
  return view(ctx, list, location);
}

/** A list by id, or the default list (made on first use) when no id is given (legacy GetBestelLijst). */
export async function getOrDefaultOrderList(
  ctx: Ctx,
  locationNo: string,
  id?: string | null,
): Promise<OrderList> {
  if (id) return getOrderList(ctx, locationNo, id);
  const { orderLists } = await listOrderLists(ctx, locationNo);
  return getOrderList(ctx, locationNo, orderLists[0].id);
}

export async function createOrderList(ctx: Ctx, locationNo: string, name: string): Promise<OrderList> {
  const location = await requireAccess(ctx, {
    permission: 'location.write',
    area: 'AppBestellijst',
    locationNo,
  });
  const user = requireUser(ctx);
  if (!(await getSetting(ctx, 'Bestellen_EnableMeerdereBestellijsten'))) throw multipleListsOff();
  const existing = await selectOrderLists(ctx.db, user.id, location.locationId);
  // why: the default list stays the first: stored before a second list is made.
  if (existing.length === 0)
    await ensureDefaultOrderList(
      ctx.db,
      user.id,
      location.locationId,
      translate(ctx.locale, 'Bestellijst.titel'),
    );
  if (existing.length >= 50) throw new AppError('rule', 'error.te_veel_lijsten', { params: { max: 50 } });
  const id = await insertOrderList(ctx.db, { userId: user.id, locationId: location.locationId, name });
  const list = await selectOrderList(ctx.db, id);
  if (!list) throw listNotFound(id);
  return view(ctx, list, location);
}
/** Rename (only with several lists) and/or save several lines at once (the list page's autosave). */
export async function updateOrderList(
  ctx: Ctx,
  locationNo: string,
  id: string,
  input: { name?: string; lines?: LineChange[] },
): Promise<OrderList> {
  const { list, location } = await requireAccess(ctx, ownList(ctx, locationNo, id, 'write'));
  if (input.name !== undefined && input.name !== list.name) {
    if (!(await getSetting(ctx, 'Bestellen_EnableMeerdereBestellijsten'))) throw multipleListsOff();
  }
  const rules = await editRules(ctx);
  await changeList(ctx, id, async (tx) => {
    if (input.name !== undefined && input.name !== list.name) await updateOrderListName(tx, id, input.name);
    for (const [i, change] of (input.lines ?? []).entries())
      await applyLineChange(tx, id, change, rules, `lines.${i}.amount`);
  });
  const fresh = await selectOrderList(ctx.db, id);
  if (!fresh) throw listNotFound(id);
  return view(ctx, fresh, location);
}

/** Deletes a list (only with several lists); the next visit makes a new default when none is left. */
export async function deleteOrderList(ctx: Ctx, locationNo: string, id: string): Promise<void> {
  await requireAccess(ctx, ownList(ctx, locationNo, id, 'write'));
  if (!(await getSetting(ctx, 'Bestellen_EnableMeerdereBestellijsten'))) throw multipleListsOff();
  await deleteOrderListRow(ctx.db, id);
}

/** Removes every line (RemoveAllBestelLijst); the list itself stays. */
export async function clearOrderList(ctx: Ctx, locationNo: string, id: string): Promise<OrderList> {
  const { list, location } = await requireAccess(ctx, ownList(ctx, locationNo, id, 'write'));
  await changeList(ctx, id, async (tx) => {
    await deleteLines(tx, id);
  });
  return view(ctx, list, location);
}

// ── the saved request draft (savedAanvraagDTO) ─────────────────────────────────────────────

export async function getDraft(ctx: Ctx, locationNo: string, id: string) {
  const { list } = await requireAccess(ctx, ownList(ctx, locationNo, id, 'read'));
  const parsed = orderDraft.safeParse(list.draft ?? null);
  return {
    draft: list.draft && parsed.success ? parsed.data : null,
    updatedAt: list.draftUpdatedAt ? list.draftUpdatedAt.toISOString() : null,
  };
}

export async function saveDraft(ctx: Ctx, locationNo: string, id: string, draft: OrderDraft | null) {
  await requireAccess(ctx, ownList(ctx, locationNo, id, 'write'));
  await updateDraft(
    ctx.db,
    id,
    draft ? (JSON.parse(JSON.stringify(draft)) as Record<string, unknown>) : null,
  );
  return getDraft(ctx, locationNo, id);
}
