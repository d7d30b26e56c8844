import { type AddOrderListLinesInput, MAX_LINE_AMOUNT } from '@mp/contract/api/order-lists';
import { AppError, fieldErrors } from '../../platform/errors.ts';
import type { ExpandedSetLine, ItemInfo } from '../catalogue/index.ts';
import { amountTooLarge } from './order-lists.shared.ts';

// A set added to an order list (addOrderListLines): its components as they will stand below the set line, at the
// set's own amounts × the number of sets, or at the amounts the user chose (Sets_AllowEdit).

export interface PlannedSet {
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

/** The set's components at its own amounts × the number of sets; child sets stay set lines with theirs below. */
export function definedComponents(
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
export function editedComponents(
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
