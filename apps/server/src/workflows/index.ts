import type { FastifyInstance } from 'fastify';
import type { Deps } from '../platform/deps.ts';
import { deregisterLocationRoutes } from './deregister-location.routes.ts';
import { processRequestRoutes } from './process-request.routes.ts';
import { submitOrderListRoutes } from './submit-order-list.routes.ts';
import { submitRemovalRoutes } from './submit-removal.routes.ts';
import { submitTransferRoutes } from './submit-transfer.routes.ts';

/*
 * Workflows: steps that span business areas (submitting an order list as a request; later, executing a
 * request into orders and stock). A workflow composes the areas' public services (modules/<area>/index.ts)
 * in one place, as medusa's workflows do, and owns the HTTP entry points of those steps. Modules never
 * import a workflow.
 */

/** The workflows' routes, registered after the modules' (app.ts). */
export const workflowRoutes: Array<(app: FastifyInstance, deps: Deps) => Promise<void> | void> = [
  submitOrderListRoutes,
  submitRemovalRoutes,
  submitTransferRoutes,
  processRequestRoutes,
  deregisterLocationRoutes,
];
