// The plant orders' public face (materieelorders: what the department executes for a request, issue #12): the steps
// other areas and the workflows may take, and their types. Everything else in this folder is private.

export {
  addReturnPhoto,
  type NewExitOrderLine,
  type NewOrder,
  type NewOrderCost,
  type NewOrderLine,
  ordersOfRequest,
  type RecordedOrder,
  recordExitOrder,
  recordMove,
  recordOrder,
} from './orders.requests.ts';
export { ordersRoutes } from './orders.routes.ts';
