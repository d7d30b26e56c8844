import type { PublicUser } from '@mp/contract/api/auth';
import { useMatches } from 'react-router';
import { sessionStore } from '../session/session';
import { useStore } from './store';

export type RouteAccess = 'open' | 'auth' | 'settings-data';

/** Who may open a page beyond its access rule (e.g. Settings: administrators); absent: whoever passes the rule. */
export type OpensFor = (user: PublicUser) => boolean;

export interface Crumb {
  /** Translation key of the label. */
  labelKey: string;
  to: string;
  /** The crumb's page is only for some users: for the others it is left out (it would lead to a no-access page). */
  opensFor?: OpensFor;
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

/** The crumbs this user may follow: a crumb whose page is not for them is left out. */
export function crumbsFor(crumbs: readonly Crumb[], user: PublicUser | null): Crumb[] {
  return crumbs.filter((c) => !c.opensFor || (user !== null && c.opensFor(user)));
}

/** The breadcrumb above the current page (Home first), as far as the signed-in user may follow it. */
export function useRouteCrumbs(): Crumb[] {
  const crumbs = useRouteHandle()?.crumbs;
  const user = useStore(sessionStore, (s) => s?.user ?? null);
  return crumbsFor(crumbs ?? [], user);
}
