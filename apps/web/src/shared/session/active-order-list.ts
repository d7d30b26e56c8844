import { createStore } from '../lib/store';
import { onSessionEnd } from './session';

// The active order list (Bestellijsten: the list the user switched to; else the default), per location.
const ACTIVE_KEY = 'mp.activeOrderList';

function readActive(): Record<string, string> {
  try {
    const raw = JSON.parse(localStorage.getItem(ACTIVE_KEY) ?? '{}') as unknown;
    return typeof raw === 'object' && raw !== null && !Array.isArray(raw)
      ? (raw as Record<string, string>)
      : {};
  } catch {
    return {};
  }
}

/** Per location number: the id of the order list the user works on (only set after switching lists). */
export const activeOrderListStore = createStore<Record<string, string>>(readActive());

export function setActiveOrderList(locationNo: string, id: string | null): void {
  const next = { ...activeOrderListStore.get() };
  if (id) next[locationNo] = id;
  else delete next[locationNo];
  try {
    localStorage.setItem(ACTIVE_KEY, JSON.stringify(next));
  } catch {}
  activeOrderListStore.set(next);
}

onSessionEnd(() => {
  try {
    localStorage.removeItem(ACTIVE_KEY);
  } catch {}
  activeOrderListStore.set({});
});
