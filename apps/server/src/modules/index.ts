import type { FastifyInstance } from 'fastify';
import type { Deps } from '../platform/deps.ts';
import { authRoutes } from './auth/auth.routes.ts';
import { catalogueRoutes } from './catalogue/catalogue.routes.ts';
import { contentRoutes } from './content/content.routes.ts';
import { documentsRoutes } from './documents/documents.routes.ts';
import { favouritesRoutes } from './favourites/favourites.routes.ts';
import { imagesRoutes } from './images/images.routes.ts';
import { locationsRoutes } from './locations/locations.routes.ts';
import { orderListsRoutes } from './order-lists/order-lists.routes.ts';
import { platformRoutes } from './platform/platform.routes.ts';
import { requestsRoutes } from './requests/requests.routes.ts';
import { searchRoutes } from './search/search.routes.ts';
import { setsRoutes } from './sets/sets.routes.ts';
import { settingsRoutes } from './settings/settings.routes.ts';
import { statisticsRoutes } from './statistics/statistics.routes.ts';
import { translationsRoutes } from './translations/translations.routes.ts';
import { usersRoutes } from './users/users.routes.ts';

export type ModuleRegistrar = (app: FastifyInstance, deps: Deps) => Promise<void> | void;

/** Every business area's routes, registered in this order. */
export const modules: ModuleRegistrar[] = [
  platformRoutes,
  settingsRoutes,
  translationsRoutes,
  authRoutes,
  usersRoutes,
  locationsRoutes,
  contentRoutes,
  imagesRoutes,
  statisticsRoutes,
  catalogueRoutes,
  documentsRoutes,
  searchRoutes,
  favouritesRoutes,
  setsRoutes,
  orderListsRoutes,
  requestsRoutes,
];
