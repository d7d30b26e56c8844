import { randomUUID } from 'node:crypto';
import {
  type AddOrderListLinesInput,
  MAX_LINE_AMOUNT,
  type OrderDraft,
  type OrderList,
  type OrderListLine,
  type OrderListSummary,
  orderDraft,
} from '@mp/contract/api/ordering';
import { translate } from '@mp/contract/i18n';
import type { PriceDisplay } from '@mp/contract/rules/prices';
import {
  type LocationAccess,
  requireArea,
  requireLocation,
  requireLocationById,
} from '../../platform/auth/access.ts';
import { AppError } from '../../platform/errors.ts';
import { type Ctx, requireUser } from '../../platform/http/context.ts';
import type { Tx } from '../../platform/http/idempotency.ts';
import { type ExpandedSetLine, orderableSet } from '../sets/sets.service.ts';
import { getSetting } from '../settings/settings.service.ts';
import {
  type ItemInfo,
  itemsById,
  itemsByNo,
  priceDisplayFor,
  pricesOf,
  requireKnownItems,
  type SetInfo,
  setsById,
  sumDecimal,
} from './item-lookup.ts';
import {
  countLines,
  deleteLines,
  deleteOrderList as deleteOrderListRow,
  ensureDefaultOrderList,
  insertLines,
  insertOrderList,
  type LineRow,
  type NewLine,
  nextSort,
  type OrderListRow,
  type OrderListSummaryRow,
  type Q,
  selectLastRequestNo,
  selectLine,
  selectLines,
  selectOrderList,
  selectOrderLists,
  selectTopLevelItemLine,
  touchOrderList,
  updateDraft,
  updateLine,
  updateOrderListName,
} from './order-lists.queries.ts';

/** Most lines (set components included) one order list may hold. */
export const MAX_LIST_LINES = 1000;

const listNotFound = (id: string) =>
  new AppError('not_found', 'error.niet_gevonden', { details: { orderListId: id } });
const lineNotFound = (id: string) =>
  new AppError('not_found', 'error.niet_gevonden', { details: { lineId: id } });

function amountTooLarge(field: string, itemNo?: string): AppError {
  return new AppError('invalid', 'error.ongeldige_invoer', {
    details: {
      fields: { [field]: { code: 'validation.te_groot', params: { max: MAX_LINE_AMOUNT } } },
      ...(itemNo ? { itemNo } : {}),
    },
  });
}

function multipleListsOff(): AppError {
  return new AppError('rule', 'error.meerdere_bestellijsten_uit');
}

/** The user's own list on that location; anything else (another user's, another location's) is 404. */
async function ownList(ctx: Ctx, locationNo: string, id: string, action: 'read' | 'write') {
  await requireArea(ctx, 'AppBestellijst', action);
  const user = requireUser(ctx);
  const location = await requireLocation(ctx, locationNo, action);
  const list = await selectOrderList(ctx.db, id);
  if (!list || list.userId !== user.id || list.locationId !== location.locationId) throw listNotFound(id);
  return { user, location, list };
}

/** Runs list changes in one transaction with the list row locked (concurrent adds never make two lines). */
async function changeList<T>(ctx: Ctx, listId: string, work: (tx: Tx) => Promise<T>): Promise<T> {
  return ctx.db.transaction(async (tx) => {
    const locked = await selectOrderList(tx, listId, { forUpdate: true });
    if (!locked) throw listNotFound(listId);
    const result = await work(tx);
    await touchOrderList(tx, listId);
    return result;
  });
}

function summaryOf(row: OrderListSummaryRow, locationNo: string, isDefault: boolean): OrderListSummary {
  return {
    id: row.id,
    name: row.name,
    locationNo,
    isDefault,
    lineCount: row.lineCount,
    totalAmount: row.totalAmount,
    hasDraft: row.draft !== null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Lines as a flat list in tree order: each line followed by its child lines. */
function treeOrder(lines: LineRow[]): LineRow[] {
  const byParent = new Map<string | null, LineRow[]>();
  for (const l of lines) {
    const key = l.parentLineId ?? null;
    if (!byParent.has(key)) byParent.set(key, []);
    byParent.get(key)?.push(l);
  }
  const out: LineRow[] = [];
  const visit = (parent: string | null) => {
    for (const l of byParent.get(parent) ?? []) {
      out.push(l);
      visit(l.id);
    }
  };
  visit(null);
  return out;
}

function lineView(
  l: LineRow,
  children: Set<string>,
  items: Map<string, ItemInfo>,
  sets: Map<string, SetInfo>,
  display: PriceDisplay,
  allowEdit: boolean,
): OrderListLine {
  const item = l.itemId ? items.get(l.itemId) : undefined;
  const set = l.setId ? sets.get(l.setId) : undefined;
  return {
    lineId: l.id,
    parentLineId: l.parentLineId,
    type: l.kind,
    itemNo: item?.itemNo ?? set?.setNo ?? '',
    description: item?.description ?? set?.description ?? '',
    amount: l.amount,
    comment: l.comment,
    childLinesIncluded: l.kind === 'set' && children.has(l.id),
    editable: l.parentLineId === null || allowEdit,
    rentalType: item?.rentalType ?? null,
    rentalUnit: item?.rentalUnit ?? null,
    ...pricesOf(item, display),
    weightPerPiece: item?.weight ?? null,
    imageUrl: item?.imageUrl ?? set?.imageUrl ?? null,
  };
}

/** The full list as the API shows it. */
async function view(ctx: Ctx, list: OrderListRow, location: LocationAccess): Promise<OrderList> {
  const [summaries, rows, display, allowEdit, savedRequestNo] = await Promise.all([
    selectOrderLists(ctx.db, list.userId, list.locationId),
    selectLines(ctx.db, list.id),
    priceDisplayFor(ctx, true),
    getSetting(ctx, 'Sets_AllowEdit'),
    selectLastRequestNo(ctx.db, list.id),
  ]);
  const summary = summaries.find((s) => s.id === list.id) ?? { ...list, lineCount: 0, totalAmount: 0 };
  const [items, sets] = await Promise.all([
    itemsById(
      ctx.db,
      ctx.locale,
      rows.filter((r) => r.itemId).map((r) => r.itemId as string),
    ),
    setsById(
      ctx.db,
      ctx.locale,
      rows.filter((r) => r.setId).map((r) => r.setId as string),
    ),
  ]);
  const withChildren = new Set(rows.filter((r) => r.parentLineId).map((r) => r.parentLineId as string));
  const lines = treeOrder(rows).map((l) => lineView(l, withChildren, items, sets, display, allowEdit));
  const writable = location.role !== 'administration' || ctx.user?.role === 'admin';
  return {
    ...summaryOf(summary, location.locationNo, summaries[0]?.id === list.id),
    lines,
    savedRequestNo,
    canSubmit: lines.length > 0 && lines.every((l) => l.amount > 0) && !location.blocked && writable,
    totalWeight: sumDecimal(
      rows
        .filter((r) => r.kind === 'item' && r.itemId)
        .map((r) => [r.amount, items.get(r.itemId as string)?.weight ?? null]),
    ),
  };
}

// ── lists ────────────────────────────────────────────────────────────────────────────────────

/** The user's lists on the location; the default list is made on first use. */
export async function listOrderLists(ctx: Ctx, locationNo: string) {
  await requireArea(ctx, 'AppBestellijst', 'read');
  const user = requireUser(ctx);
  const location = await requireLocation(ctx, locationNo, 'read');
  let rows = await selectOrderLists(ctx.db, user.id, location.locationId);
  if (rows.length === 0) {
    await ensureDefaultOrderList(
      ctx.db,
      user.id,
      location.locationId,
      translate(ctx.locale, 'Bestellijst.titel'),
    );
    rows = await selectOrderLists(ctx.db, user.id, location.locationId);
  }
  return {
    orderLists: rows.map((r, i) => summaryOf(r, location.locationNo, i === 0)),
    multipleLists: await getSetting(ctx, 'Bestellen_EnableMeerdereBestellijsten'),
  };
}

export async function getOrderList(ctx: Ctx, locationNo: string, id: string): Promise<OrderList> {
  const { list, location } = await ownList(ctx, locationNo, id, 'read');
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
  await requireArea(ctx, 'AppBestellijst', 'write');
  const user = requireUser(ctx);
  const location = await requireLocation(ctx, locationNo, 'write');
  if (!(await getSetting(ctx, 'Bestellen_EnableMeerdereBestellijsten'))) throw multipleListsOff();
  const existing = await selectOrderLists(ctx.db, user.id, location.locationId);
  if (existing.length >= 50) throw new AppError('rule', 'error.te_veel_lijsten', { params: { max: 50 } });
  const id = await insertOrderList(ctx.db, { userId: user.id, locationId: location.locationId, name });
  const list = await selectOrderList(ctx.db, id);
  if (!list) throw listNotFound(id);
  return view(ctx, list, location);
}

export interface LineChange {
  lineId: string;
  amount?: number;
  comment?: string | null;
}

/** Rename (only with several lists) and/or save several lines at once (the list page's autosave). */
export async function updateOrderList(
  ctx: Ctx,
  locationNo: string,
  id: string,
  input: { name?: string; lines?: LineChange[] },
): Promise<OrderList> {
  const { list, location } = await ownList(ctx, locationNo, id, 'write');
  if (input.name !== undefined && input.name !== list.name) {
    if (!(await getSetting(ctx, 'Bestellen_EnableMeerdereBestellijsten'))) throw multipleListsOff();
  }
  const allowEdit = await getSetting(ctx, 'Sets_AllowEdit');
  await changeList(ctx, id, async (tx) => {
    if (input.name !== undefined && input.name !== list.name) await updateOrderListName(tx, id, input.name);
    for (const [i, change] of (input.lines ?? []).entries())
      await applyLineChange(tx, id, change, allowEdit, `lines.${i}.amount`);
  });
  const fresh = await selectOrderList(ctx.db, id);
  if (!fresh) throw listNotFound(id);
  return view(ctx, fresh, location);
}

/** Deletes a list (only with several lists); the next visit makes a new default when none is left. */
export async function deleteOrderList(ctx: Ctx, locationNo: string, id: string): Promise<void> {
  await ownList(ctx, locationNo, id, 'write');
  if (!(await getSetting(ctx, 'Bestellen_EnableMeerdereBestellijsten'))) throw multipleListsOff();
  await deleteOrderListRow(ctx.db, id);
}

/** Removes every line (RemoveAllBestelLijst); the list itself stays. */
export async function clearOrderList(ctx: Ctx, locationNo: string, id: string): Promise<OrderList> {
  const { list, location } = await ownList(ctx, locationNo, id, 'write');
  await changeList(ctx, id, async (tx) => {
    await deleteLines(tx, id);
  });
  return view(ctx, list, location);
}

// ── lines ────────────────────────────────────────────────────────────────────────────────────

async function applyLineChange(
  tx: Tx,
  listId: string,
  change: LineChange,
  allowEdit: boolean,
  field: string,
) {
  const line = await selectLine(tx, listId, change.lineId);
  if (!line) throw lineNotFound(change.lineId);
  if (change.amount !== undefined && change.amount !== line.amount) {
    if (line.parentLineId && !allowEdit) {
      throw new AppError('rule', 'error.set_niet_wijzigbaar', { details: { lineId: line.id } });
    }
    if (line.kind === 'set') await rescaleChildren(tx, listId, line, change.amount, field);
    await updateLine(tx, line.id, { amount: change.amount });
  }
  if (change.comment !== undefined)
    await updateLine(tx, line.id, { comment: change.comment?.trim() || null });
}

/**
 * A set line's amount changes from a to b: every line below it scales by b / a (rounded, at least 1).
 * Components at the set's own amounts stay exact multiples; amounts the user edited scale along.
 */
async function rescaleChildren(tx: Tx, listId: string, setLine: LineRow, newAmount: number, field: string) {
  const all = await selectLines(tx, listId);
  const below = new Set<string>([setLine.id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const l of all) {
      if (l.parentLineId && below.has(l.parentLineId) && !below.has(l.id)) {
        below.add(l.id);
        grew = true;
      }
    }
  }
  const old = Math.max(1, setLine.amount);
  for (const l of all) {
    if (l.id === setLine.id || !below.has(l.id)) continue;
    const scaled = Math.max(1, Math.round((l.amount * newAmount) / old));
    if (scaled > MAX_LINE_AMOUNT) throw amountTooLarge(field);
    await updateLine(tx, l.id, { amount: scaled });
  }
}

export async function updateOrderListLine(
  ctx: Ctx,
  locationNo: string,
  id: string,
  lineId: string,
  input: { amount?: number; comment?: string | null },
): Promise<OrderList> {
  const { list, location } = await ownList(ctx, locationNo, id, 'write');
  const allowEdit = await getSetting(ctx, 'Sets_AllowEdit');
  await changeList(ctx, id, (tx) => applyLineChange(tx, id, { lineId, ...input }, allowEdit, 'amount'));
  return view(ctx, list, location);
}

export async function deleteOrderListLine(
  ctx: Ctx,
  locationNo: string,
  id: string,
  lineId: string,
): Promise<OrderList> {
  const { list, location } = await ownList(ctx, locationNo, id, 'write');
  const allowEdit = await getSetting(ctx, 'Sets_AllowEdit');
  await changeList(ctx, id, async (tx) => {
    const line = await selectLine(tx, id, lineId);
    if (!line) throw lineNotFound(lineId);
    if (line.parentLineId && !allowEdit) {
      throw new AppError('rule', 'error.set_niet_wijzigbaar', { details: { lineId } });
    }
    await deleteLines(tx, id, [lineId]);
  });
  return view(ctx, list, location);
}

interface PlannedSet {
  setId: string;
  amount: number;
  comment: string | null;
  /** Children: key, parent key (null = under the set line), item or child set, amount. */
  children: Array<{
    key: string;
    parentKey: string | null;
    kind: 'item' | 'set';
    itemId: string | null;
    setId: string | null;
    amount: number;
  }>;
}

type Planned =
  | { kind: 'item'; itemId: string; itemNo: string; amount: number; comment: string | null; field: string }
  | ({ kind: 'set' } & PlannedSet);

/**
 * Adds items and sets. An item already on the list (at the top level) gets the amount added to it.
 * A set becomes a set line with its components below it (parentLineId), at the set's own amounts × the
 * number of sets, or at the amounts in the body with ?childLinesIncluded=true (only with Sets_AllowEdit).
 * With Sets_UseAsQuickList the components are added as loose item lines instead.
 */
export async function addOrderListLines(
  ctx: Ctx,
  locationNo: string,
  id: string,
  input: AddOrderListLinesInput,
  childLinesIncluded: boolean,
): Promise<OrderList> {
  const { list, location } = await ownList(ctx, locationNo, id, 'write');
  const [allowEdit, quickList] = await Promise.all([
    getSetting(ctx, 'Sets_AllowEdit'),
    getSetting(ctx, 'Sets_UseAsQuickList'),
  ]);

  const itemNos = input.lines.flatMap((l) =>
    l.type === 'item' ? [l.itemNo] : (l.childLines ?? []).map((c) => c.itemNo),
  );
  const items = await itemsByNo(ctx.db, ctx.locale, itemNos);
  requireKnownItems(
    items,
    input.lines.filter((l) => l.type === 'item').map((l) => l.itemNo),
  );

  const planned: Planned[] = [];
  for (const [i, line] of input.lines.entries()) {
    if (line.type === 'item') {
      const item = items.get(line.itemNo) as ItemInfo;
      planned.push({
        kind: 'item',
        itemId: item.id,
        itemNo: item.itemNo,
        amount: line.amount,
        comment: line.comment?.trim() || null,
        field: `lines.${i}.amount`,
      });
      continue;
    }
    if (!childLinesIncluded && line.childLines) {
      throw new AppError('invalid', 'error.ongeldige_invoer', {
        details: { fields: { [`lines.${i}.childLines`]: { code: 'validation.onbekend_veld' } } },
      });
    }
    const set = await orderableSet(ctx, line.itemNo);
    const setItems = await itemsById(
      ctx.db,
      ctx.locale,
      set.lines.filter((l) => l.itemId).map((l) => l.itemId as string),
    );
    const blocked = [...setItems.values()].filter((it) => it.blocked).map((it) => it.itemNo);
    if (blocked.length) {
      throw new AppError('rule', 'error.onbekend_materieel', {
        details: { itemNos: blocked },
        params: { itemNo: blocked.join(', ') },
      });
    }
    const children = childLinesIncluded
      ? editedComponents(line, i, set.lines, setItems, items, allowEdit)
      : definedComponents(set.lines, line.amount, `lines.${i}.amount`, setItems);
    if (quickList) {
      for (const c of children) {
        if (c.kind !== 'item' || !c.itemId) continue;
        const item = setItems.get(c.itemId) as ItemInfo;
        planned.push({
          kind: 'item',
          itemId: c.itemId,
          itemNo: item.itemNo,
          amount: c.amount,
          comment: null,
          field: `lines.${i}.amount`,
        });
      }
    } else {
      planned.push({
        kind: 'set',
        setId: set.id,
        amount: line.amount,
        comment: line.comment?.trim() || null,
        children,
      });
    }
  }

  await changeList(ctx, id, async (tx) => {
    let sort = await nextSort(tx, id);
    let total = await countLines(tx, id);
    const grow = (n: number) => {
      total += n;
      if (total > MAX_LIST_LINES)
        throw new AppError('rule', 'error.lijst_vol', { params: { max: MAX_LIST_LINES } });
    };
    for (const p of planned) {
      if (p.kind === 'item') {
        const existing = await selectTopLevelItemLine(tx, id, p.itemId);
        if (existing) {
          const amount = existing.amount + p.amount;
          if (amount > MAX_LINE_AMOUNT) throw amountTooLarge(p.field, p.itemNo);
          await updateLine(tx, existing.id, {
            amount,
            ...(p.comment && !existing.comment ? { comment: p.comment } : {}),
          });
        } else {
          grow(1);
          await insertLines(tx, [
            {
              orderListId: id,
              parentLineId: null,
              kind: 'item',
              itemId: p.itemId,
              setId: null,
              amount: p.amount,
              comment: p.comment,
              sort: sort++,
            },
          ]);
        }
        continue;
      }
      grow(1 + p.children.length);
      const setLineId = randomUUID();
      const ids = new Map<string, string>();
      const rows: NewLine[] = [
        {
          id: setLineId,
          orderListId: id,
          parentLineId: null,
          kind: 'set',
          itemId: null,
          setId: p.setId,
          amount: p.amount,
          comment: p.comment,
          sort: sort++,
        },
      ];
      for (const c of p.children) {
        const lineId = randomUUID();
        ids.set(c.key, lineId);
        rows.push({
          id: lineId,
          orderListId: id,
          parentLineId: c.parentKey ? (ids.get(c.parentKey) ?? setLineId) : setLineId,
          kind: c.kind,
          itemId: c.itemId,
          setId: c.setId,
          amount: c.amount,
          comment: null,
          sort: sort++,
        });
      }
      await insertLines(tx, rows);
    }
  });
  return view(ctx, list, location);
}

/** The set's components at its own amounts × the number of sets; child sets stay set lines with theirs below. */
function definedComponents(
  lines: ExpandedSetLine[],
  sets: number,
  field: string,
  setItems: Map<string, ItemInfo>,
): PlannedSet['children'] {
  return lines.map((l) => {
    const amount = l.amountPerSet * sets;
    if (amount > MAX_LINE_AMOUNT)
      throw amountTooLarge(field, l.itemId ? setItems.get(l.itemId)?.itemNo : undefined);
    return { key: l.key, parentKey: l.ownerSetKey, kind: l.type, itemId: l.itemId, setId: l.setId, amount };
  });
}

/** The components with the amounts the user chose (flat under the set line); 0 leaves one out. */
function editedComponents(
  line: Extract<AddOrderListLinesInput['lines'][number], { type: 'set' }>,
  index: number,
  setLines: ExpandedSetLine[],
  setItems: Map<string, ItemInfo>,
  items: Map<string, ItemInfo>,
  allowEdit: boolean,
): PlannedSet['children'] {
  if (!allowEdit)
    throw new AppError('rule', 'error.set_niet_wijzigbaar', { details: { itemNo: line.itemNo } });
  const inSet = new Set(setLines.filter((l) => l.itemId).map((l) => l.itemId as string));
  const amounts = new Map<string, number>();
  const foreign: string[] = [];
  for (const c of line.childLines ?? []) {
    const item = items.get(c.itemNo);
    if (!item || !inSet.has(item.id)) {
      foreign.push(c.itemNo);
      continue;
    }
    amounts.set(item.id, (amounts.get(item.id) ?? 0) + c.amount);
  }
  if (foreign.length) {
    throw new AppError('rule', 'error.onbekend_materieel', {
      details: { itemNos: foreign },
      params: { itemNo: foreign.join(', ') },
    });
  }
  const out: PlannedSet['children'] = [];
  for (const [itemId, amount] of amounts) {
    if (amount === 0) continue;
    if (amount > MAX_LINE_AMOUNT)
      throw amountTooLarge(`lines.${index}.childLines`, setItems.get(itemId)?.itemNo);
    out.push({ key: itemId, parentKey: null, kind: 'item', itemId, setId: null, amount });
  }
  if (out.length === 0) {
    throw new AppError('rule', 'error.set_leeg', {
      details: { fields: { [`lines.${index}.childLines`]: { code: 'validation.aantal_verplicht' } } },
    });
  }
  return out;
}

// ── the saved request draft (savedAanvraagDTO) ─────────────────────────────────────────────

export async function getDraft(ctx: Ctx, locationNo: string, id: string) {
  const { list } = await ownList(ctx, locationNo, id, 'read');
  const parsed = orderDraft.safeParse(list.draft ?? null);
  return {
    draft: list.draft && parsed.success ? parsed.data : null,
    updatedAt: list.draftUpdatedAt ? list.draftUpdatedAt.toISOString() : null,
  };
}

export async function saveDraft(ctx: Ctx, locationNo: string, id: string, draft: OrderDraft | null) {
  await ownList(ctx, locationNo, id, 'write');
  await updateDraft(
    ctx.db,
    id,
    draft ? (JSON.parse(JSON.stringify(draft)) as Record<string, unknown>) : null,
  );
  return getDraft(ctx, locationNo, id);
}

// ── for the order submit (requests module) ───────────────────────────────────────────────────

/** The list is the user's and its location still readable by them; 404 otherwise (checked before a submit). */
export async function requireOwnListOnReadableLocation(ctx: Ctx, id: string): Promise<void> {
  const user = requireUser(ctx);
  const list = await selectOrderList(ctx.db, id);
  if (!list || list.userId !== user.id) throw listNotFound(id);
  try {
    await requireLocationById(ctx, list.locationId, 'read');
  } catch (e) {
    if (e instanceof AppError && e.type === 'not_found') throw listNotFound(id);
    throw e;
  }
}

/** The selected list of a location for callers that name none (the default: the user's first). */
export async function defaultOrderListId(ctx: Ctx, locationNo: string): Promise<string> {
  return (await listOrderLists(ctx, locationNo)).orderLists[0].id;
}

/** The list row locked for the submit, and its lines in tree order. */
export async function lockListForSubmit(
  tx: Tx,
  id: string,
): Promise<{ list: OrderListRow; lines: LineRow[] } | null> {
  const list = await selectOrderList(tx, id, { forUpdate: true });
  if (!list) return null;
  return { list, lines: treeOrder(await selectLines(tx, id)) };
}

/** After a submit: the lines and the draft go; the list stays for the next order. */
export async function emptyAfterSubmit(tx: Tx, id: string): Promise<void> {
  await deleteLines(tx, id);
  await updateDraft(tx, id, null);
  await touchOrderList(tx, id);
}

export type { LineRow, OrderListRow, Q };
