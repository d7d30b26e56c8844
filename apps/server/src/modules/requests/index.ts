// The requests' public face: what other areas and the workflows may use. Everything else in this folder
// is private.

export { legacyOrderForm, toOrderForm } from './requests.legacy.ts';
export { requestsRoutes } from './requests.routes.ts';
export {
  checkOrderForm,
  type OrderLine,
  queueOrderConfirmation,
  recordOrderRequest,
  resolveDestination,
  type SubmitDeps,
} from './requests.submit.ts';
