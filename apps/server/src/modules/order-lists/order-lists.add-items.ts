import { randomUUID } from 'node:crypto';
import { type AddOrderListLinesInput, MAX_LINE_AMOUNT, type OrderList } from '@mp/contract/api/order-lists';
import { piecesOf } from '@mp/contract/rules/order-list';
import { requireAccess } from '../../platform/auth/access.ts';
import { AppError } from '../../platform/errors.ts';
import { type Ctx, requireUser } from '../../platform/http/context.ts';
import {
  cachedItemRows,
  type ItemInfo,
  priceDisplayFor,
  requireKnownItems,
  toItemInfo,
  toSetInfo,
} from '../catalogue/index.ts';
import {
  defaultListIdFor,
  type LineRow,
  selectAddContext,
  selectOrderList,
  writeAddedLines,
} from './order-lists.queries.ts';
import { amountTooLarge, editRules, listNotFound, MAX_LIST_LINES } from './order-lists.shared.ts';
import { composeView, view } from './order-lists.view.ts';

export type ItemLineInput = Extract<AddOrderListLinesInput['lines'][number], { type: 'item' }>;

/**
 * Adding item lines, the common case, in two statements and without a lock (docs/decisions/0011): one
 * reads the list, its lines and the items, the rules of addOrderListLines decide here, and one writes —
 * only while the list row is still the version read. Null when the list changed in between (nothing was
 * written): the caller then runs the locked path, which decides again on the fresh list.
 */
export async function addItemLines(
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
