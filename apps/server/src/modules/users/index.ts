// The users area's public face: what other areas may use. Everything else in this folder is private.
export { usersRoutes } from './users.routes.ts';
