// The translations area's public face: what other areas may use. Everything else in this folder is private.
export { translationsRoutes } from './translations.routes.ts';
