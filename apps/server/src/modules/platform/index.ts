// The platform area's public face: what other areas may use. Everything else in this folder is private.
export { platformRoutes } from './platform.routes.ts';
