// The images area's public face: what other areas may use. Everything else in this folder is private.
export { imagesRoutes } from './images.routes.ts';
export { corporateLogo } from './images.service.ts';
