import type { OrderList, OrderListLine, OrderListSummary } from '@mp/contract/api/order-lists';
import type { PriceDisplay } from '@mp/contract/rules/prices';
import type { LocationAccess } from '../../platform/auth/access.ts';
import { readTogether } from '../../platform/db/together.ts';
import { sumDecimal } from '../../platform/decimal.ts';
import type { Ctx } from '../../platform/http/context.ts';
import {
  type ItemInfo,
  itemsById,
  priceDisplayFor,
  pricesOf,
  type SetInfo,
  setsById,
} from '../catalogue/index.ts';
import {
  type LineRow,
  type OrderListRow,
  type OrderListSummaryRow,
  selectLastRequestNo,
  selectLines,
  selectOrderLists,
} from './order-lists.queries.ts';
import { type EditRules, editRules, mayEdit } from './order-lists.shared.ts';

// An order list as the API shows it.

export function summaryOf(
  row: OrderListSummaryRow,
  locationNo: string,
  isDefault: boolean,
): OrderListSummary {
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
export function treeOrder(lines: LineRow[]): LineRow[] {
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
  kindOf: Map<string, 'item' | 'set'>,
  items: Map<string, ItemInfo>,
  sets: Map<string, SetInfo>,
  display: PriceDisplay,
  rules: EditRules,
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
    editable: mayEdit(l.parentLineId ? (kindOf.get(l.parentLineId) ?? 'set') : null, rules),
    rentalType: item?.rentalType ?? null,
    rentalUnit: item?.rentalUnit ?? null,
    ...pricesOf(item, display),
    weightPerPiece: item?.weight ?? null,
    imageUrl: item?.imageUrl ?? set?.imageUrl ?? null,
  };
}

/** The full list as the API shows it. */
export async function view(ctx: Ctx, list: OrderListRow, location: LocationAccess): Promise<OrderList> {
  // at once on the pool; in turn inside a transaction (one connection)
  const [summaries, rows, display, rules, savedRequestNo] = await readTogether(ctx.db, [
    () => selectOrderLists(ctx.db, list.userId, list.locationId),
    () => selectLines(ctx.db, list.id),
    () => priceDisplayFor(ctx, true),
    () => editRules(ctx),
    () => selectLastRequestNo(ctx.db, list.id),
  ]);
  const summary = summaries.find((s) => s.id === list.id) ?? { ...list, lineCount: 0, totalAmount: 0 };
  const [items, sets] = await readTogether(ctx.db, [
    () =>
      itemsById(
        ctx.db,
        ctx.locale,
        rows.filter((r) => r.itemId).map((r) => r.itemId as string),
      ),
    () =>
      setsById(
        ctx.db,
        ctx.locale,
        rows.filter((r) => r.setId).map((r) => r.setId as string),
      ),
  ]);
  return composeView(location, {
    summary: summaryOf(summary, location.locationNo, (summaries[0]?.id ?? list.id) === list.id),
    rows,
    items,
    sets,
    display,
    rules,
    savedRequestNo,
  });
}

/** The view of a list from its parts (rows in selectLines order). */
export function composeView(
  location: LocationAccess,
  v: {
    summary: OrderListSummary;
    rows: LineRow[];
    items: Map<string, ItemInfo>;
    sets: Map<string, SetInfo>;
    display: PriceDisplay;
    rules: EditRules;
    savedRequestNo: string | null;
  },
): OrderList {
  const { rows, items, sets } = v;
  const withChildren = new Set(rows.filter((r) => r.parentLineId).map((r) => r.parentLineId as string));
  const kindOf = new Map(rows.map((r) => [r.id, r.kind]));
  const lines = treeOrder(rows).map((l) =>
    lineView(l, withChildren, kindOf, items, sets, v.display, v.rules),
  );
  return {
    ...v.summary,
    lines,
    savedRequestNo: v.savedRequestNo,
    canSubmit: lines.length > 0 && lines.every((l) => l.amount > 0) && !location.blocked && location.writable,
    totalWeight: sumDecimal(
      rows
        .filter((r) => r.kind === 'item' && r.itemId)
        .map((r) => [r.amount, items.get(r.itemId as string)?.weight ?? null]),
    ),
  };
}
