import { randomUUID } from 'node:crypto';
import { type AddOrderListLinesInput, MAX_LINE_AMOUNT, type OrderList } from '@mp/contract/api/order-lists';
import { piecesOf } from '@mp/contract/rules/order-list';
import { type LocationAccess, requireAccess } from '../../platform/auth/access.ts';
import { AppError } from '../../platform/errors.ts';
import { type Ctx, requireUser } from '../../platform/http/context.ts';
import {
  cachedItemRows,
  type ItemInfo,
  priceDisplayFor,
  requireKnownItems,
  type SetRow,
  toItemInfo,
  toSetInfo,
} from '../catalogue/index.ts';
import { writeAddedLines } from './order-lists.add.queries.ts';
import {
  forgetAddContext,
  type KeptAddContext,
  keepAddContext,
  keptAddContext,
} from './order-lists.add-cache.ts';
import {
  type AddContext,
  defaultListIdFor,
  type LineRow,
  selectAddContext,
  selectOrderList,
} from './order-lists.queries.ts';
import { amountTooLarge, editRules, listNotFound, MAX_LIST_LINES } from './order-lists.shared.ts';
import { composeView, view } from './order-lists.view.ts';

export type ItemLineInput = Extract<AddOrderListLinesInput['lines'][number], { type: 'item' }>;

/**
 * Adding item lines, the common case, in two statements and without a lock (docs/decisions/0011): one
 * reads the list, its lines and the items, the rules of addOrderListLines decide here, and one writes —
 * only while the list row is still the version read. Null when the list changed in between (nothing was
 * written): the caller then runs the locked path, which decides again on the fresh list. When this process
 * added to the list before, in one statement on what it kept (order-lists.add-cache.ts), else as above.
 */
export async function addItemLines(
  ctx: Ctx,
  locationNo: string,
  id: string,
  input: ItemLineInput[],
): Promise<OrderList | null> {
  const user = requireUser(ctx);
  const k = keptAddContext(id, locationNo, user.id);
  if (k) {
    const added = await addOnKept(ctx, k, input);
    if (added) return added;
    forgetAddContext(id, locationNo, user.id);
  }
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

  const plan = planItemLines(id, state.lines, input, byNo);
  if (!plan) return null;
  const written = await writeAddedLines(ctx.db, id, list.version, new Date(), plan.news, plan.changes);
  if (!written.updatedAt || !written.version) return null;
  if (written.inserted !== plan.news.length || written.changed !== plan.changes.length) {
    // why: a line went meanwhile without the list changing (its item was deleted): answer what is stored.
    const fresh = await selectOrderList(ctx.db, id);
    if (!fresh) throw listNotFound(id);
    return view(ctx, fresh, location);
  }
  if (state.location)
    keepAddContext(locationNo, user.id, {
      location: state.location,
      list: { ...list, updatedAt: written.updatedAt, version: written.version },
      lines: plan.rows,
    });
  return answer(ctx, location, list, plan.rows, infos, state.sets, {
    updatedAt: written.updatedAt,
    isDefault: state.isDefault,
    savedRequestNo: state.savedRequestNo,
  });
}

/** The add on a kept context in one statement; null when it was not written (the caller reads again). */
async function addOnKept(ctx: Ctx, k: KeptAddContext, input: ItemLineInput[]): Promise<OrderList | null> {
  const user = requireUser(ctx);
  const itemNos = input.map((l) => l.itemNo);
  let decided: {
    list: KeptAddContext['list'];
    location: LocationAccess;
    infos: ItemInfo[];
    plan: Plan | null;
  };
  try {
    const { list, location } = await requireAccess(ctx, {
      permission: 'orderList.write',
      area: 'AppBestellijst',
      location: k.location,
      load: async () => k.list,
      notFound: () => listNotFound(k.list.id),
    });
    const lineItemIds = k.lines.flatMap((l) => (l.itemId ? [l.itemId] : []));
    const infos = (await cachedItemRows(ctx.db, ctx.locale, lineItemIds, itemNos)).map(toItemInfo);
    const byNo = new Map(infos.map((i) => [i.itemNo, i]));
    requireKnownItems(byNo, itemNos);
    decided = { list, location, infos, plan: planItemLines(k.list.id, k.lines, input, byNo) };
  } catch {
    // why: what the kept context refuses (access, a rule) is decided again on fresh rows by the caller
    return null;
  }
  const { list, location, infos, plan } = decided;
  if (!plan) return null;
  const written = await writeAddedLines(
    ctx.db,
    k.list.id,
    k.list.version,
    new Date(),
    plan.news,
    plan.changes,
    {
      lineCount: k.lines.length,
      locationNo: k.location.locationNo,
      userId: user.id,
      location: k.location,
    },
  );
  if (!written.updatedAt || !written.version) return null;
  if (written.inserted !== plan.news.length || written.changed !== plan.changes.length) return null;
  keepAddContext(k.location.locationNo, user.id, {
    location: k.location,
    list: { ...list, updatedAt: written.updatedAt, version: written.version },
    lines: plan.rows,
  });
  return answer(ctx, location, list, plan.rows, infos, [], {
    updatedAt: written.updatedAt,
    isDefault: written.isDefault,
    savedRequestNo: written.savedRequestNo,
  });
}

interface Plan {
  rows: LineRow[];
  news: Array<{ id: string; itemId: string; amount: number; comment: string | null; sort: number }>;
  changes: Array<{ id: string; amount: number; comment: string | null }>;
}

/**
 * The same steps as the locked path: an item already on the list (top level) gets the amount added,
 * another becomes a new line at the end; amounts above MAX_LINE_AMOUNT and lists above MAX_LIST_LINES
 * refused. Null when the locked path must decide (delivered-with items below a line follow its amount).
 */
function planItemLines(
  id: string,
  lines: readonly LineRow[],
  input: ItemLineInput[],
  byNo: Map<string, ItemInfo>,
): Plan | null {
  const rows = lines.map((l) => ({ ...l }));
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
  return {
    rows,
    news: [...inserted.values()].map((l) => ({
      id: l.id,
      itemId: l.itemId as string,
      amount: l.amount,
      comment: l.comment,
      sort: l.sort,
    })),
    changes: [...changed.values()].map((l) => ({ id: l.id, amount: l.amount, comment: l.comment })),
  };
}

/** The list as the add answers it, composed from what was read (or kept) and written. */
async function answer(
  ctx: Ctx,
  location: LocationAccess,
  list: NonNullable<AddContext['list']>,
  rows: LineRow[],
  infos: ItemInfo[],
  sets: SetRow[],
  w: { updatedAt: Date; isDefault: boolean; savedRequestNo: string | null },
): Promise<OrderList> {
  const [display, rules] = await Promise.all([priceDisplayFor(ctx, true), editRules(ctx)]);
  const top = rows.filter((r) => r.parentLineId === null);
  return composeView(location, {
    summary: {
      id: list.id,
      name: list.name,
      locationNo: location.locationNo,
      isDefault: w.isDefault,
      lineCount: top.length,
      totalAmount: piecesOf(rows.map((r) => ({ type: r.kind, amount: r.amount }))),
      hasDraft: list.hasDraft,
      createdAt: list.createdAt.toISOString(),
      updatedAt: w.updatedAt.toISOString(),
    },
    rows,
    items: new Map(infos.map((i) => [i.id, i])),
    sets: new Map(sets.map(toSetInfo).map((s) => [s.id, s])),
    display,
    rules,
    savedRequestNo: w.savedRequestNo,
  });
}
