import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter } from 'react-router';
import { createGuards } from './guards';
import { toRouteObjects } from './routes';
import { AppLayout } from './shell/AppLayout';
import { LoadingScreen } from './shell/LoadingScreen';
import { RouteError } from './shell/RouteError';

export function createAppRouter(queryClient: QueryClient) {
  return createBrowserRouter([
    {
      id: 'root',
      Component: AppLayout,
      ErrorBoundary: RouteError,
      HydrateFallback: LoadingScreen,
      children: toRouteObjects(createGuards(queryClient), queryClient),
    },
  ]);
}
