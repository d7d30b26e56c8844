import { createStore } from '../lib/store';

export type ListView = 'cards' | 'table';

// why its own key: the shared preferences record (mp.preferences) only keeps the fields it knows.
const KEY = 'mp.preferences.catalogueView';

function read(): ListView {
  try {
    return localStorage.getItem(KEY) === 'table' ? 'table' : 'cards';
  } catch {
    return 'cards';
  }
}

/** Cards (the default) or table, for the catalogue and the search results; kept across visits. */
export const listViewStore = createStore<ListView>(read());

export function setListView(view: ListView): void {
  try {
    localStorage.setItem(KEY, view);
  } catch {}
  listViewStore.set(view);
}
