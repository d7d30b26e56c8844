// The statistics area's public face: what other areas may use. Everything else in this folder is private.
export { statisticsRoutes } from './statistics.routes.ts';
