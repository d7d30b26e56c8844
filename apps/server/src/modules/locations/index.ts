// The locations' public face: what other areas and the workflows may use. Everything else in this folder
// is private. (Access to a location is checked in platform/auth/access.ts, not here.)

export { deregistrationState, recordDeregistration } from './locations.deregistration.ts';
export {
  type MailDeps as LocationMailDeps,
  queueDepartmentMail,
} from './locations.manage.ts';
export { locationsRoutes } from './locations.routes.ts';
export { listDepots, listMyLocations, listWorkAddresses } from './locations.service.ts';
