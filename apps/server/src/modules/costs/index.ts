// The cost on site's public face (issue #37 point 1, decision 0033): its routes and what equipment costs per day
// (for idle equipment's "returning it now saves …"). Everything else in this folder is private.
export { dailyCosts, projectEnd } from './cost.rates.ts';
export { costsRoutes } from './costs.routes.ts';
