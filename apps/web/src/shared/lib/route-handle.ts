import { useMatches } from 'react-router';

export type RouteAccess = 'open' | 'auth' | 'settings-data';

export interface Crumb {
  /** Translation key of the label. */
  labelKey: string;
  to: string;
}

/** What the route table (src/app/routes.tsx) tells the shell and the pages about a route. */
export interface RouteHandle {
  name: string;
  titleKey: string;
  access: RouteAccess;
  banner: 'large' | 'small';
  /** Ancestors for the breadcrumb (Home first); the page itself is the last, unlinked crumb. */
  crumbs: Crumb[];
}

export function isRouteHandle(h: unknown): h is RouteHandle {
  return typeof h === 'object' && h !== null && typeof (h as RouteHandle).titleKey === 'string';
}

/** The handle of the deepest matched route. */
export function useRouteHandle(): RouteHandle | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const h = matches[i].handle;
    if (isRouteHandle(h)) return h;
  }
  return undefined;
}
