// The ERP's public face (issue #33, decision 0027): its routes and what other areas may ask of it.
export { erpRoutes } from './erp.routes.ts';
