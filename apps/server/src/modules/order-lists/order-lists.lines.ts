import { randomUUID } from 'node:crypto';
import { type AddOrderListLinesInput, MAX_LINE_AMOUNT, type OrderList } from '@mp/contract/api/order-lists';
import { piecesOf, scaledPartAmount } from '@mp/contract/rules/order-list';
import { requireAccess } from '../../platform/auth/access.ts';
import { AppError, fieldErrors } from '../../platform/errors.ts';
import { type Ctx, requireUser } from '../../platform/http/context.ts';
import type { Tx } from '../../platform/http/idempotency.ts';
import {
  accessoriesOf,
  cachedItemRows,
  type ExpandedSetLine,
  type ItemInfo,
  itemsById,
  itemsByNo,
  orderableSet,
  priceDisplayFor,
  requireKnownItems,
  toItemInfo,
  toSetInfo,
} from '../catalogue/index.ts';
import { getSetting } from '../settings/index.ts';
import { followItemLine, type PlannedAccessory, plannedAccessories } from './order-lists.accessories.ts';
import {
  countLines,
  defaultListIdFor,
  deleteLines,
  insertLines,
  type LineRow,
  type NewLine,
  nextSort,
  selectAddContext,
  selectLineInTree,
  selectLines,
  selectOrderList,
  selectTopLevelItemLine,
  updateLine,
  writeAddedLines,
} from './order-lists.queries.ts';
import {
  amountTooLarge,
  changeList,
  type EditRules,
  editRules,
  lineNotFound,
  listNotFound,
  MAX_LIST_LINES,
  mayEdit,
  notEditable,
  ownList,
} from './order-lists.shared.ts';
import { composeView, view } from './order-lists.view.ts';

// Adding, changing and removing the lines of an order list (items, and sets with their components).

export interface LineChange {
  lineId: string;
  amount?: number;
  comment?: string | null;
}

// ── lines ────────────────────────────────────────────────────────────────────────────────────

export async function applyLineChange(
  tx: Tx,
  listId: string,
  change: LineChange,
  rules: EditRules,
  field: string,
) {
  const line = await selectLineInTree(tx, listId, change.lineId);
  if (!line) throw lineNotFound(change.lineId);
  if (change.amount !== undefined && change.amount !== line.amount) {
    if (!mayEdit(line.parentKind, rules)) throw notEditable(line.parentKind, { lineId: line.id });
    // a set's parts and an item's delivered-with items follow it
    if (line.hasChildren) await rescaleChildren(tx, listId, line, change.amount, field);
    await updateLine(tx, line.id, { amount: change.amount });
  }
  if (change.comment !== undefined)
    await updateLine(tx, line.id, { comment: change.comment?.trim() || null });
}

/**
 * A set line's (or an item line's with delivered-with items) amount changes: every line below it scales along
 * (rules/order-list.ts scaledPartAmount).
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
  for (const l of all) {
    if (l.id === setLine.id || !below.has(l.id)) continue;
    const scaled = scaledPartAmount(l.amount, setLine.amount, newAmount);
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
  const { list, location } = await requireAccess(ctx, ownList(ctx, locationNo, id, 'write'));
  const rules = await editRules(ctx);
  await changeList(ctx, id, (tx) => applyLineChange(tx, id, { lineId, ...input }, rules, 'amount'));
  return view(ctx, list, location);
}

export async function deleteOrderListLine(
  ctx: Ctx,
  locationNo: string,
  id: string,
  lineId: string,
): Promise<OrderList> {
  const { list, location } = await requireAccess(ctx, ownList(ctx, locationNo, id, 'write'));
  const rules = await editRules(ctx);
  await changeList(ctx, id, async (tx) => {
    const line = await selectLineInTree(tx, id, lineId);
    if (!line) throw lineNotFound(lineId);
    if (!mayEdit(line.parentKind, rules)) throw notEditable(line.parentKind, { lineId });
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
  | {
      kind: 'item';
      itemId: string;
      itemNo: string;
      amount: number;
      comment: string | null;
      field: string;
      /** What is delivered with it (the line's `accessories`), or null: the item alone. */
      accessories: PlannedAccessory[] | null;
    }
  | ({ kind: 'set' } & PlannedSet);

/**
 * Adds items and sets. An item already on the list (at the top level) gets the amount added to it.
 * A set becomes a set line with its components below it (parentLineId), at the set's own amounts × the
 * number of sets, or at the amounts in the body with ?childLinesIncluded=true (only with Sets_AllowEdit).
 * With Sets_UseAsQuickList the components are added as loose item lines instead. An item line with
 * `accessories` gets the items delivered with it below it (order-lists.accessories.ts).
 */
export async function addOrderListLines(
  ctx: Ctx,
  locationNo: string,
  id: string,
  input: AddOrderListLinesInput,
  childLinesIncluded: boolean,
): Promise<OrderList> {
  if (input.lines.every((l) => l.type === 'item' && !l.accessories)) {
    const added = await addItemLines(ctx, locationNo, id, input.lines as ItemLineInput[]);
    if (added) return added;
  }
  const { list, location } = await requireAccess(ctx, ownList(ctx, locationNo, id, 'write'));
  const [rules, quickList] = await Promise.all([editRules(ctx), getSetting(ctx, 'Sets_UseAsQuickList')]);
  const allowEdit = rules.setParts;

  const itemNos = input.lines.flatMap((l) =>
    l.type === 'item'
      ? [l.itemNo, ...(l.accessories ?? []).map((a) => a.itemNo)]
      : (l.childLines ?? []).map((c) => c.itemNo),
  );
  const items = await itemsByNo(ctx.db, ctx.locale, itemNos);
  requireKnownItems(
    items,
    input.lines.filter((l) => l.type === 'item').map((l) => l.itemNo),
  );
  const withAccessories = input.lines.flatMap((l) =>
    l.type === 'item' && l.accessories ? [(items.get(l.itemNo) as ItemInfo).id] : [],
  );
  const accessories = await accessoriesOf(ctx.db, withAccessories);

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
        accessories: plannedAccessories(line, i, accessories.get(item.id) ?? [], items, rules),
      });
      continue;
    }
    if (!childLinesIncluded && line.childLines) {
      throw fieldErrors('invalid', 'error.ongeldige_invoer', {
        [`lines.${i}.childLines`]: 'validation.onbekend_veld',
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
          accessories: null,
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
        const lineId = existing?.id ?? randomUUID();
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
              id: lineId,
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
        const before = existing?.amount ?? 0;
        const below = await followItemLine(
          tx,
          id,
          { id: lineId, before, after: before + p.amount },
          p.accessories,
          rules,
          p.field,
        );
        grow(below.length);
        if (below.length)
          await insertLines(
            tx,
            below.map((l) => ({ ...l, sort: sort++ })),
          );
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

type ItemLineInput = Extract<AddOrderListLinesInput['lines'][number], { type: 'item' }>;

/**
 * Adding item lines, the common case, in two statements and without a lock (docs/decisions/0011): one
 * reads the list, its lines and the items, the rules of addOrderListLines decide here, and one writes —
 * only while the list row is still the version read. Null when the list changed in between (nothing was
 * written): the caller then runs the locked path, which decides again on the fresh list.
 */
async function addItemLines(
  ctx: Ctx,
  locationNo: string,
  id: string,
  input: ItemLineInput[],
): Promise<OrderList | null> {
  const user = requireUser(ctx);
  const itemNos = input.map((l) => l.itemNo);
  const state = await selectAddContext(ctx.db, {
    listId: id,
    locale: ctx.locale,
    locationNo,
    userId: user.id,
  });
  // The default list not stored yet: the locked path stores it (ownList) and adds, after the same checks.
  if (!state.list && state.location && id === defaultListIdFor(user.id, state.location.id)) return null;
  // The location was read in the same statement as the list (docs/decisions/0011).
  const { list, location } = await requireAccess(ctx, {
    permission: 'orderList.write',
    area: 'AppBestellijst',
    location: state.location,
    load: async () => state.list,
    notFound: () => listNotFound(id),
  });
  const lineItemIds = state.lines.flatMap((l) => (l.itemId ? [l.itemId] : []));
  const infos = (await cachedItemRows(ctx.db, ctx.locale, lineItemIds, itemNos)).map(toItemInfo);
  const byNo = new Map(infos.map((i) => [i.itemNo, i]));
  requireKnownItems(byNo, itemNos);

  // The same steps as the locked path: an item already on the list (top level) gets the amount added,
  // another becomes a new line at the end; amounts above MAX_LINE_AMOUNT and lists above MAX_LIST_LINES refused.
  const rows = state.lines.map((l) => ({ ...l }));
  let sort = (rows.length ? Math.max(...rows.map((r) => r.sort)) : 0) + 1;
  let total = rows.length;
  const inserted = new Map<string, LineRow>();
  const changed = new Map<string, LineRow>();
  for (const [i, line] of input.entries()) {
    const item = byNo.get(line.itemNo) as ItemInfo;
    const comment = line.comment?.trim() || null;
    const existing = rows.find((r) => r.kind === 'item' && r.itemId === item.id && r.parentLineId === null);
    // Delivered-with items below it follow its amount: the locked path scales them.
    if (existing && rows.some((r) => r.parentLineId === existing.id)) return null;
    if (existing) {
      const amount = existing.amount + line.amount;
      if (amount > MAX_LINE_AMOUNT) throw amountTooLarge(`lines.${i}.amount`, item.itemNo);
      existing.amount = amount;
      if (comment && !existing.comment) existing.comment = comment;
      if (!inserted.has(existing.id)) changed.set(existing.id, existing);
      continue;
    }
    total += 1;
    if (total > MAX_LIST_LINES)
      throw new AppError('rule', 'error.lijst_vol', { params: { max: MAX_LIST_LINES } });
    const row: LineRow = {
      id: randomUUID(),
      orderListId: id,
      parentLineId: null,
      kind: 'item',
      itemId: item.id,
      setId: null,
      amount: line.amount,
      comment,
      sort: sort++,
    };
    rows.push(row);
    inserted.set(row.id, row);
  }

  const news = [...inserted.values()];
  const changes = [...changed.values()];
  const written = await writeAddedLines(
    ctx.db,
    id,
    list.version,
    new Date(),
    news.map((l) => ({
      id: l.id,
      itemId: l.itemId as string,
      amount: l.amount,
      comment: l.comment,
      sort: l.sort,
    })),
    changes.map((l) => ({ id: l.id, amount: l.amount, comment: l.comment })),
  );
  if (!written.updatedAt) return null;
  if (written.inserted !== news.length || written.changed !== changes.length) {
    // why: a line went meanwhile without the list changing (its item was deleted): answer what is stored.
    const fresh = await selectOrderList(ctx.db, id);
    if (!fresh) throw listNotFound(id);
    return view(ctx, fresh, location);
  }
  const [display, rules] = await Promise.all([priceDisplayFor(ctx, true), editRules(ctx)]);
  const top = rows.filter((r) => r.parentLineId === null);
  return composeView(location, {
    summary: {
      id,
      name: list.name,
      locationNo: location.locationNo,
      isDefault: state.isDefault,
      lineCount: top.length,
      totalAmount: piecesOf(rows.map((r) => ({ type: r.kind, amount: r.amount }))),
      hasDraft: list.hasDraft,
      createdAt: list.createdAt.toISOString(),
      updatedAt: written.updatedAt.toISOString(),
    },
    rows,
    items: new Map(infos.map((i) => [i.id, i])),
    sets: new Map(state.sets.map(toSetInfo).map((s) => [s.id, s])),
    display,
    rules,
    savedRequestNo: state.savedRequestNo,
  });
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
    throw fieldErrors('rule', 'error.set_leeg', {
      [`lines.${index}.childLines`]: 'validation.aantal_verplicht',
    });
  }
  return out;
}
