/** Query keys of the favourite lists (the user's own lists plus those of the selected location). */
export const favouriteListKeys = {
  all: ['favourite-lists'] as const,
  lists: () => [...favouriteListKeys.all, 'list'] as const,
  list: (locationNo: string | null) => [...favouriteListKeys.lists(), locationNo ?? ''] as const,
};
