// The numeric limits of ordering and the catalogue, without zod: the web app's pages take them from here, so
// a page that only needs a bound does not load the payload schemas (and zod) with it. api/order-lists.ts, api/requests.ts and
// api/catalogue.ts build their schemas on them and export them too.

/** Largest amount on one line (aantal): a sane bound that still fits every real order. */
export const MAX_LINE_AMOUNT = 9999;
/** Most lines one add call may carry. */
export const MAX_LINES_PER_CALL = 200;
/** opmerking of a request. */
export const MAX_REQUEST_COMMENT = 2000;
export const MAX_LINE_COMMENT = 500;

/** Spec §2/§9: page sizes of the catalogue; 50 is the default. */
export const pageSizes = [50, 100, 250] as const;
export const DEFAULT_PAGE_SIZE = 50;
/** Most items one GET Items?itemNos= call returns (Home: recently viewed keeps 10). */
export const MAX_ITEM_CARDS = 50;
/** Results of the quick search dropdown. */
export const QUICK_SEARCH_LIMIT = 10;
/** Full search: default and largest result count. */
export const SEARCH_DEFAULT_LIMIT = 250;
export const SEARCH_MAX_LIMIT = 1000;
/** lading of a transport request: what is carried, described in words. */
export const MAX_CARGO = 1000;
