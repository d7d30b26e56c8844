// The plant orders' public face (materieelorders: what the department executes for a request, issue #12).
// Everything else in this folder is private.
export {
  insertExitOrder,
  insertExitOrderFile,
  insertOrder,
  linkOrders,
  type NewExitOrderLine,
  type NewOrderCost,
  type NewOrderLine,
  selectExitLineOfRequest,
  selectOrdersOfRequest,
} from './orders.queries.ts';
export { ordersRoutes } from './orders.routes.ts';
