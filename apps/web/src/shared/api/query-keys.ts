/*
 * The query-key factories of the resources more than one feature reads or refreshes (CONVENTIONS 7, medusa's
 * query-key factory): a wizard that sends a request refreshes the requests and the stock, Home reads the department's
 * queues, so their keys cannot live inside one feature. Each is `all / lists / list(params) / details / detail(id)`
 * as far as the resource has them; never an ad-hoc array. The order lists' and removal lists' keys live beside their
 * shared operations (`order-lists/keys.ts`, `removal-lists.ts`); a resource only its own feature uses keeps its
 * factory in that feature's `api/`.
 */

/** A request (PlantRequests): the location's list and one request as its customer sees it. */
export const requestKeys = {
  all: ['requests'] as const,
  lists: () => [...requestKeys.all, 'list'] as const,
  list: (params: object) => [...requestKeys.lists(), params] as const,
  details: () => [...requestKeys.all, 'detail'] as const,
  detail: (id: string) => [...requestKeys.details(), id] as const,
};

/** The stock on site (Materieelvoorraad) and what hangs off it: plants, inspections, history, scans, labels. */
export const stockKeys = {
  all: ['stock'] as const,
  lists: () => [...stockKeys.all, 'list'] as const,
  list: (params: object) => [...stockKeys.lists(), params] as const,
  plants: () => [...stockKeys.all, 'plant'] as const,
  plant: (locationNo: string, itemNo: string, plantNo: string) =>
    [...stockKeys.plants(), locationNo, itemNo, plantNo] as const,
  everywhere: (categoryId: string, query: string) =>
    [...stockKeys.all, 'locations', categoryId, query] as const,
  inspections: (locationNo: string | null) => [...stockKeys.all, 'inspections', locationNo] as const,
  histories: () => [...stockKeys.all, 'history'] as const,
  history: (locationNo: string, itemNo: string, plantNo: string | null) =>
    [...stockKeys.histories(), locationNo, itemNo, plantNo] as const,
  scan: (code: string | null) => [...stockKeys.all, 'scan', code] as const,
  labels: (locationNo: string | undefined) => [...stockKeys.all, 'labels', locationNo] as const,
};

/** The equipment department's queue of every customer's requests, and one request as the department sees it. */
export const departmentKeys = {
  all: ['department'] as const,
  queues: () => [...departmentKeys.all, 'queue'] as const,
  queue: (params: object) => [...departmentKeys.queues(), params] as const,
  request: (id: string) => [...departmentKeys.all, 'request', id] as const,
};

/** Complaints: the customer's lists and pages, and the department's queue. */
export const complaintKeys = {
  all: ['complaints'] as const,
  lists: () => [...complaintKeys.all, 'list'] as const,
  list: (params: object) => [...complaintKeys.lists(), params] as const,
  options: (locationNo: string) => [...complaintKeys.all, 'options', locationNo] as const,
  details: () => [...complaintKeys.all, 'detail'] as const,
  detail: (id: string) => [...complaintKeys.details(), id] as const,
  management: () => [...complaintKeys.all, 'management-probe'] as const,
  queue: (params: object) => [...complaintKeys.all, 'queue', params] as const,
  queueDetail: (id: string) => [...complaintKeys.all, 'queue-detail', id] as const,
  file: (url: string) => [...complaintKeys.all, 'file', url] as const,
};
