// The order lists' public face: what other areas and the workflows may use. Everything else in this
// folder is private.
export { addOrderListLines } from './order-lists.lines.ts';
export { orderListsRoutes } from './order-lists.routes.ts';
export { listOrderLists } from './order-lists.service.ts';
export {
  defaultOrderListId,
  insertKeyAndLockList,
  type LockedList,
  requireOwnListOnReadableLocation,
  type SubmittedLine,
  takeListForSubmit,
} from './order-lists.submit.ts';
