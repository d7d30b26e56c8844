import { randomUUID } from 'node:crypto';
import { type AddOrderListLinesInput, MAX_LINE_AMOUNT, type OrderList } from '@mp/contract/api/order-lists';
import { scaledPartAmount } from '@mp/contract/rules/order-list';
import { requireAccess } from '../../platform/auth/access.ts';
import { AppError, fieldErrors } from '../../platform/errors.ts';
import type { Ctx } from '../../platform/http/context.ts';
import type { Tx } from '../../platform/http/idempotency.ts';
import {
  accessoriesOf,
  type ItemInfo,
  itemsById,
  itemsByNo,
  orderableSet,
  requireKnownItems,
} from '../catalogue/index.ts';
import { getSetting } from '../settings/index.ts';
import { followItemLine, type PlannedAccessory, plannedAccessories } from './order-lists.accessories.ts';
import { addItemLines, type ItemLineInput } from './order-lists.add-items.ts';
import {
  countLines,
  deleteLines,
  insertLines,
  type LineRow,
  type NewLine,
  nextSort,
  selectLineInTree,
  selectLines,
  selectTopLevelItemLine,
  updateLine,
} from './order-lists.queries.ts';
import { definedComponents, editedComponents, type PlannedSet } from './order-lists.set-lines.ts';
import {
  amountTooLarge,
  changeList,
  type EditRules,
  editRules,
  lineNotFound,
  MAX_LIST_LINES,
  mayEdit,
  notEditable,
  ownList,
} from './order-lists.shared.ts';
import { view } from './order-lists.view.ts';

// Adding, changing and removing the lines of an order list (items, and sets with their components). The common
// add of item lines alone goes without a lock first (order-lists.add-items.ts); a set's components are planned in
// order-lists.set-lines.ts.

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
