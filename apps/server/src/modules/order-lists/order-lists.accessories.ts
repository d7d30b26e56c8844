import { type AddOrderListLinesInput, MAX_LINE_AMOUNT } from '@mp/contract/api/order-lists';
import { scaledPartAmount } from '@mp/contract/rules/order-list';
import { AppError, fieldErrors } from '../../platform/errors.ts';
import type { Tx } from '../../platform/http/idempotency.ts';
import type { Accessory, ItemInfo } from '../catalogue/index.ts';
import { type LineRow, selectChildLines, updateLine } from './order-lists.queries.ts';
import { amountTooLarge, type EditRules } from './order-lists.shared.ts';

// The items delivered with an item (its accessories, MeegeleverdeItems; issue #31 item 20, decision 0007) on an
// order list: lines below the item's line that follow its amount. MeegeleverdeAantalWijzigen decides whether the
// user may choose their amounts.

type ItemLineInput = Extract<AddOrderListLinesInput['lines'][number], { type: 'item' }>;

/** An accessory to put below an item line: how many come with one piece, and the amount asked for. */
export interface PlannedAccessory extends Accessory {
  amount: number;
}

/**
 * The accessories an added item line asks for, checked: each must be delivered with the item (else 422
 * error.onbekend_materieel naming it); without MeegeleverdeAantalWijzigen every one of them at its amount per piece ×
 * the line's amount (else 422 error.meegeleverd_niet_wijzigbaar on that field); with it any amount, 0 leaving one
 * out. Null when the line asks for none (the item alone).
 */
export function plannedAccessories(
  line: ItemLineInput,
  index: number,
  defined: readonly Accessory[],
  items: Map<string, ItemInfo>,
  rules: EditRules,
): PlannedAccessory[] | null {
  if (!line.accessories) return null;
  const definedById = new Map(defined.map((d) => [d.itemId, d]));
  const asked = new Map<string, { amount: number; at: number }>();
  const foreign: string[] = [];
  for (const [at, a] of line.accessories.entries()) {
    const item = items.get(a.itemNo);
    if (!item || item.blocked || !definedById.has(item.id)) {
      foreign.push(a.itemNo);
      continue;
    }
    const amount = (asked.get(item.id)?.amount ?? 0) + a.amount;
    if (amount > MAX_LINE_AMOUNT) throw amountTooLarge(`lines.${index}.accessories.${at}.amount`, a.itemNo);
    asked.set(item.id, { amount, at });
  }
  if (foreign.length) {
    throw new AppError('rule', 'error.onbekend_materieel', {
      details: { itemNos: foreign },
      params: { itemNo: foreign.join(', ') },
    });
  }
  if (!rules.accessories) {
    for (const d of defined) {
      const want = d.perPiece * line.amount;
      const got = asked.get(d.itemId);
      if (got?.amount === want) continue;
      const field = got ? `lines.${index}.accessories.${got.at}.amount` : `lines.${index}.accessories`;
      throw fieldErrors(
        'rule',
        'error.meegeleverd_niet_wijzigbaar',
        { [field]: { code: 'validation.meegeleverd_aantal_vast', params: { amount: want } } },
        { details: { itemNo: d.itemNo } },
      );
    }
  }
  return defined.flatMap((d) => {
    const amount = asked.get(d.itemId)?.amount ?? 0;
    return amount > 0 ? [{ ...d, amount }] : [];
  });
}

/**
 * The lines below an item line once its amount went from `before` (0: a new line) to `after`. Without accessories
 * asked for, those already there scale along (as a set's parts do). With them: without MeegeleverdeAantalWijzigen
 * each is its amount per piece × `after` (so an item added before without them gets them for all its pieces);
 * with it the amounts asked for are added to those there. Answers the new lines, for the caller to insert.
 */
export async function followItemLine(
  tx: Tx,
  listId: string,
  parent: { id: string; before: number; after: number },
  accessories: PlannedAccessory[] | null,
  rules: EditRules,
  field: string,
): Promise<Array<Omit<LineRow, 'id' | 'sort'>>> {
  const children = parent.before > 0 ? await selectChildLines(tx, listId, parent.id) : [];
  const set = async (line: LineRow, amount: number) => {
    if (amount > MAX_LINE_AMOUNT) throw amountTooLarge(field);
    if (amount !== line.amount) await updateLine(tx, line.id, { amount });
  };
  if (accessories === null) {
    for (const c of children) await set(c, scaledPartAmount(c.amount, parent.before, parent.after));
    return [];
  }
  const added: Array<Omit<LineRow, 'id' | 'sort'>> = [];
  for (const a of accessories) {
    const there = children.find((c) => c.itemId === a.itemId);
    const amount = rules.accessories ? (there?.amount ?? 0) + a.amount : a.perPiece * parent.after;
    if (there) await set(there, amount);
    else {
      if (amount > MAX_LINE_AMOUNT) throw amountTooLarge(field, a.itemNo);
      added.push({
        orderListId: listId,
        parentLineId: parent.id,
        kind: 'item',
        itemId: a.itemId,
        setId: null,
        amount,
        comment: null,
      });
    }
  }
  return added;
}
