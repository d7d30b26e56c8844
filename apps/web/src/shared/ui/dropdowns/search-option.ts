import type { QuickSearchResult } from '@mp/contract/api/shell';

/** A quick result's value in the dropdown: sets and items apart (a set and an item may share a number). */
export const optionValue = (r: QuickSearchResult) => `${r.isSet ? 'set' : 'item'}:${r.materieelSoort}`;
