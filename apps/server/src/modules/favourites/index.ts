// The favourites area's public face: what other areas may use. Everything else in this folder is private.
export { favouritesRoutes } from './favourites.routes.ts';
