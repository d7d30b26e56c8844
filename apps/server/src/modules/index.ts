import type { FastifyInstance } from 'fastify';
import type { Deps } from '../platform/deps.ts';
import { platformRoutes } from './platform/platform.routes.ts';
import { settingsRoutes } from './settings/settings.routes.ts';
import { translationsRoutes } from './translations/translations.routes.ts';

export type ModuleRegistrar = (app: FastifyInstance, deps: Deps) => Promise<void> | void;

/** Every business area's routes, registered in this order. */
export const modules: ModuleRegistrar[] = [platformRoutes, settingsRoutes, translationsRoutes];
