import { createStore } from '../lib/store';

/**
 * Item ids selected in Details, Zoeken or Catalogus (for adding several at once). Cleared when a quick-search
 * result is chosen and when leaving those pages for any page other than Details (product §2, §4).
 */
export const selectedItemIdsStore = createStore<readonly string[]>([]);

export function clearSelectedItemIds(): void {
  if (selectedItemIdsStore.get().length > 0) selectedItemIdsStore.set([]);
}
