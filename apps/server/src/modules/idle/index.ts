// The idle area's public face (issue #37 points 2 and 3, decision 0034): idle equipment, its weekly digest.
export { idleRoutes } from './idle.routes.ts';
