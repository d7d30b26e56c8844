import { useEffect, useRef } from 'react';
import { useLocation, useNavigate, useNavigation } from 'react-router';
import { useSettings } from '../../shared/api/get-settings';
import { postPageView } from '../../shared/api/post-page-view';
import { paths } from '../../shared/lib/paths';
import { useRouteHandle } from '../../shared/lib/route-handle';
import { useStore } from '../../shared/lib/store';
import { clearSelectedItemIds } from '../../shared/session/selected-items';
import { onSessionEnd, sessionStore } from '../../shared/session/session';
import { snackbar } from '../../shared/ui/snackbar/snackbar-store';
import classes from './shell.module.css';

const keepsSelection = new Set(['Details', 'Zoeken', 'Catalogus']);

/**
 * What happens around every navigation: page tracking (EnablePageTracking), clearing selected item ids when
 * leaving Details/Zoeken/Catalogus for anything but Details, focus to the new page for screen readers, and
 * back to Inloggen when the session ends on a signed-in page.
 */
export function NavigationEffects() {
  const location = useLocation();
  const navigate = useNavigate();
  const handle = useRouteHandle();
  const settings = useSettings();
  const signedIn = useStore(sessionStore, (s) => s !== null);
  const previous = useRef<string | null>(null);
  const firstRender = useRef(true);
  const current = useRef({ handle, location });
  current.current = { handle, location };

  useEffect(() => {
    const name = handle?.name ?? null;
    if (previous.current && keepsSelection.has(previous.current) && name !== 'Details')
      clearSelectedItemIds();
    previous.current = name;
  }, [handle?.name]);

  const tracking = settings.bool('EnablePageTracking');
  useEffect(() => {
    if (!tracking || !signedIn) return;
    void postPageView(location.pathname).catch(() => undefined);
  }, [location.pathname, tracking, signedIn]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every path change
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [location.pathname]);

  useEffect(
    () =>
      onSessionEnd((reason) => {
        // A call was refused and renewing failed while the user is on a page that needs a session.
        if (reason !== 'expired' || current.current.handle?.access !== 'auth') return;
        snackbar.info('info.token_verlopen');
        const here = `${current.current.location.pathname}${current.current.location.search}`;
        navigate(paths.inloggen.to(here), { replace: true });
      }),
    [navigate],
  );
  return null;
}

/** A thin bar at the top while a page (or its code) loads. */
export function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return <div className={classes.progress} role="progressbar" aria-label="…" aria-busy="true" />;
}
