import { decideAuthRoute, decideOpenRoute, decideSettingsDataRoute } from '@mp/contract/rules/session';
import type { QueryClient } from '@tanstack/react-query';
import { type LoaderFunctionArgs, redirect } from 'react-router';
import { type SettingsPayload, settingsQueryOptions } from '../shared/api/get-settings';
import { paths } from '../shared/lib/paths';
import { endSession, refreshSession, sessionStore } from '../shared/session/session';
import { snackbar } from '../shared/ui/snackbar/snackbar-store';

const snapshot = () => {
  const s = sessionStore.get();
  return { authenticated: s !== null, expiresAt: s?.expiresAt ?? null };
};

/** Inloggen with the page to come back to. */
export function loginRedirect(request: Request): Response {
  const url = new URL(request.url);
  return redirect(paths.inloggen.to(`${url.pathname}${url.search}`));
}

/**
 * The token-expired action: the access token has expired, so renew it with the refresh token; when that
 * fails the session is over (location, order list and removal list are cleared) and the visitor goes on
 * anonymously.
 */
export async function tokenExpiredAction(): Promise<boolean> {
  const outcome = await refreshSession();
  // without an answer the session stays: the next call or navigation tries again
  if (outcome === 'ok' || outcome === 'offline') return true;
  endSession('refresh-failed');
  return false;
}

export interface Guards {
  open: () => Promise<null>;
  auth: (args: LoaderFunctionArgs) => Promise<Response | null>;
  settingsData: (args: LoaderFunctionArgs) => Promise<Response | null>;
}

/** The route guards of product §4, as loaders; the decisions themselves are the pure rules in @mp/contract. */
export function createGuards(queryClient: QueryClient, now: () => number = Date.now): Guards {
  async function open(): Promise<null> {
    if (decideOpenRoute(snapshot(), now()) === 'token-expired') await tokenExpiredAction();
    return null;
  }

  async function auth({ request }: LoaderFunctionArgs): Promise<Response | null> {
    const decision = decideAuthRoute(snapshot(), now());
    if (decision === 'allow') return null;
    if (decision === 'login') return loginRedirect(request);
    // expired: a silent renewal first; when the session cannot be renewed, tell the user and sign in again
    if (await tokenExpiredAction()) return null;
    snackbar.info('info.token_verlopen');
    return loginRedirect(request);
  }

  async function settingsData({ request }: LoaderFunctionArgs): Promise<Response | null> {
    await open();
    const authenticated = sessionStore.get() !== null;
    const options = settingsQueryOptions('anonymous');
    let settings = authenticated ? undefined : queryClient.getQueryData<SettingsPayload>(options.queryKey);
    let decision = decideSettingsDataRoute({
      authenticated,
      allowAnonymous: settings?.boolValues.AllowAnonymousUsers,
    });
    if (decision === 'fetch-settings') {
      try {
        settings = await queryClient.fetchQuery(options);
        decision = decideSettingsDataRoute({
          authenticated,
          allowAnonymous: settings.boolValues.AllowAnonymousUsers ?? false,
        });
      } catch {
        decision = decideSettingsDataRoute({ authenticated, allowAnonymous: undefined, fetchFailed: true });
      }
    }
    if (decision === 'login') return loginRedirect(request);
    if (decision === 'not-found') return redirect(paths.notFound.to());
    return null;
  }

  return { open, auth, settingsData };
}
