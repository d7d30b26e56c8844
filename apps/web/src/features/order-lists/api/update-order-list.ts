// The call lives in shared/api (the offline queue sends it too); the feature's own name for it stays.
export {
  type UpdateOrderListInput,
  updateOrderList,
} from '../../../shared/api/order-lists/update-order-list';
