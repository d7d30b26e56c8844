// The content area's public face: what other areas may use. Everything else in this folder is private.
export { contentRoutes } from './content.routes.ts';
