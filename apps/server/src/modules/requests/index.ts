// The requests' public face: the steps other areas and the workflows may take, and their types. Everything else in
// this folder is private; a request's status changes only through requests.status.ts.

export { getDepartmentRequest, listQueue } from './requests.department.ts';
export { legacyOrderForm, toOrderForm } from './requests.legacy.ts';
export { planRequest, type WorkUnit, workOf } from './requests.plan.ts';
export { requestsRoutes } from './requests.routes.ts';
export { erpCodesFor } from './requests.shared.ts';
export {
  changeRequestStatus,
  changeStatus,
  type LockedRequest,
  lockRequest,
  movePlannedDay,
  refuseChange,
  type StatusMail,
} from './requests.status.ts';
export {
  checkOrderForm,
  mailLineOf,
  type NewRequest,
  type OrderLine,
  orderConfirmationMails,
  queueConfirmation,
  recordOrderRequest,
  recordRequest,
  resolveDestination,
  type SubmitDeps,
} from './requests.submit.ts';
