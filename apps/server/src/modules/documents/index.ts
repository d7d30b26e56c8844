// The documents area's public face: what other areas may use. Everything else in this folder is private.
export { documentsRoutes } from './documents.routes.ts';
