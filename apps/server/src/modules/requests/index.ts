// The requests' public face: what other areas and the workflows may use. Everything else in this folder
// is private.

export { legacyOrderForm, toOrderForm } from './requests.legacy.ts';
export { insertRequest, type NewRequest } from './requests.queries.ts';
export { requestsRoutes } from './requests.routes.ts';
export { fieldError } from './requests.shared.ts';
export {
  checkOrderForm,
  mailLineOf,
  type OrderLine,
  queueConfirmation,
  queueOrderConfirmation,
  recordOrderRequest,
  resolveDestination,
  type SubmitDeps,
} from './requests.submit.ts';
