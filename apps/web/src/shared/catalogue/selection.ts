import { MAX_LINE_AMOUNT } from '@mp/contract/rules/limits';
import { createStore } from '../lib/store';
import { selectedItemIdsStore } from '../session/selected-items';

/**
 * Catalogue selections (product §2, §4, §5): an amount per item card. A null, empty or zero amount removes
 * the selection. The item numbers mirror into selectedItemIdsStore, which the shell clears when the user
 * leaves Details/Zoeken/Catalogus for another page; the amounts follow.
 */
export const selectionStore = createStore<ReadonlyMap<string, number>>(new Map());

function publish(next: ReadonlyMap<string, number>) {
  selectionStore.set(next);
  const ids = [...next.keys()];
  const current = selectedItemIdsStore.get();
  if (ids.length !== current.length || ids.some((id, i) => id !== current[i])) selectedItemIdsStore.set(ids);
}

/** Normalises what an amount input gives (number, '' or a typed string) to a line amount, or null. */
export function toAmount(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : Number(String(value).replace(',', '.'));
  if (!Number.isFinite(n)) return null;
  const whole = Math.trunc(n);
  if (whole < 1) return null;
  return Math.min(whole, MAX_LINE_AMOUNT);
}

export function setSelectedAmount(itemNo: string, value: number | string | null | undefined): void {
  const amount = toAmount(value);
  const next = new Map(selectionStore.get());
  if (amount === null) next.delete(itemNo);
  else next.set(itemNo, amount);
  publish(next);
}

export function clearSelection(): void {
  if (selectionStore.get().size > 0) publish(new Map());
}

/** The selection as order-list lines (items only). */
export function selectionLines(selection: ReadonlyMap<string, number>) {
  return [...selection].map(([itemNo, amount]) => ({ type: 'item' as const, itemNo, amount }));
}

selectedItemIdsStore.subscribe(() => {
  if (selectedItemIdsStore.get().length === 0 && selectionStore.get().size > 0) selectionStore.set(new Map());
});
