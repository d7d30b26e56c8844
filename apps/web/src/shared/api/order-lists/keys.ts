/** Query keys of the order lists (summaries per location, one list, its wizard draft). */
export const orderListKeys = {
  all: ['order-lists'] as const,
  lists: () => [...orderListKeys.all, 'list'] as const,
  list: (locationNo: string) => [...orderListKeys.lists(), locationNo] as const,
  details: () => [...orderListKeys.all, 'detail'] as const,
  detail: (locationNo: string, id: string) => [...orderListKeys.details(), locationNo, id] as const,
  drafts: () => [...orderListKeys.all, 'draft'] as const,
  draft: (locationNo: string, id: string) => [...orderListKeys.drafts(), locationNo, id] as const,
};
