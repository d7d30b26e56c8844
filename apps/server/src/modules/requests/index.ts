// The requests' public face: what other areas and the workflows may use. Everything else in this folder
// is private.

export { selectDepotBulk } from './requests.department.queries.ts';
export {
  checkVersion,
  getDepartmentRequest,
  listQueue,
  lockRequest,
  recordDepartmentChange,
  replacePicks,
  selectPicks,
  selectPlantsByNo,
  selectWorkLines,
} from './requests.department.ts';
export { legacyOrderForm, toOrderForm } from './requests.legacy.ts';
export { deletePicks, insertRequest, type NewRequest } from './requests.queries.ts';
export { requestsRoutes } from './requests.routes.ts';
export { erpCodesFor, fieldError } from './requests.shared.ts';
export { queueStatusMail } from './requests.status-mail.ts';
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
