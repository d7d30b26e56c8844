import type { FastifyInstance } from 'fastify';
import type { Deps } from '../platform/deps.ts';
import { authRoutes } from './auth/index.ts';
import { catalogueRoutes, searchRoutes, setsRoutes } from './catalogue/index.ts';
import { complaintsRoutes } from './complaints/index.ts';
import { contentRoutes } from './content/index.ts';
import { costsRoutes } from './costs/index.ts';
import { customersRoutes } from './customers/index.ts';
import { documentsRoutes } from './documents/index.ts';
import { erpOutboxRoutes, erpRoutes } from './erp/index.ts';
import { favouritesRoutes } from './favourites/index.ts';
import { idleRoutes } from './idle/index.ts';
import { imagesRoutes } from './images/index.ts';
import { invoicesRoutes } from './invoices/index.ts';
import { locationsRoutes } from './locations/index.ts';
import { mailTemplatesRoutes } from './mail-templates/index.ts';
import { orderListsRoutes } from './order-lists/index.ts';
import { ordersRoutes } from './orders/index.ts';
import { platformRoutes } from './platform/index.ts';
import { removalListsRoutes } from './removal-lists/index.ts';
import { reportsRoutes } from './reports/index.ts';
import { requestsRoutes } from './requests/index.ts';
import { settingsRoutes } from './settings/index.ts';
import { statisticsRoutes } from './statistics/index.ts';
import { stockRoutes } from './stock/index.ts';
import { translationsRoutes } from './translations/index.ts';
import { usersRoutes } from './users/index.ts';
import { webhooksRoutes } from './webhooks/index.ts';

export type ModuleRegistrar = (app: FastifyInstance, deps: Deps) => Promise<void> | void;

/**
 * Every business area's routes, registered in this order (workflows/index.ts adds the routes of the
 * steps that span areas). Each area is imported through its public face, modules/<area>/index.ts.
 */
export const modules: ModuleRegistrar[] = [
  platformRoutes,
  settingsRoutes,
  translationsRoutes,
  authRoutes,
  usersRoutes,
  locationsRoutes,
  customersRoutes,
  contentRoutes,
  mailTemplatesRoutes,
  imagesRoutes,
  statisticsRoutes,
  catalogueRoutes,
  documentsRoutes,
  searchRoutes,
  favouritesRoutes,
  setsRoutes,
  orderListsRoutes,
  requestsRoutes,
  stockRoutes,
  idleRoutes,
  removalListsRoutes,
  ordersRoutes,
  invoicesRoutes,
  costsRoutes,
  complaintsRoutes,
  reportsRoutes,
  erpRoutes,
  erpOutboxRoutes,
  webhooksRoutes,
];
