// The mail templates area's public face: what other areas may use. Everything else in this folder is private.
export { mailTemplatesRoutes } from './mail-templates.routes.ts';
