import { type ComponentType, lazy, Suspense, startTransition, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration } from 'react-router';
import { useCorporateIdentity } from '../../shared/api/get-corporate-identity';
import { useRouteHandle } from '../../shared/lib/route-handle';
import { useOnline } from '../../shared/offline/online';
import { LocationPickerContext } from '../../shared/ui/location-picker';
import { SnackbarHost } from '../../shared/ui/snackbar/SnackbarHost';
import { Banner } from './Banner';
import { Footer } from './Footer';
import { MainBar } from './MainBar';
import { NavigationEffects, NavigationProgress } from './NavigationEffects';
import { NoticeLocationPicker } from './NoticeLocationPicker';
import { ServiceMessageNotice } from './ServiceMessageNotice';
import classes from './shell.module.css';
import { TopBar } from './TopBar';
import { UpdateAvailableModal } from './UpdateAvailableModal';

// offline only (decision 0031): its code is not part of the first page
// why the catch: offline, its chunk may not be on the phone yet (no service worker, or it had not precached it); a
// failed load must leave the page as it is, not end in the error page (the banner is then missing, nothing else)
const withoutFailing = <P,>(load: () => Promise<{ default: ComponentType<P> }>) =>
  lazy(() => load().catch(() => ({ default: (() => null) as ComponentType<P> })));
const OfflineBanner = withoutFailing(() => import('../../shared/offline/OfflineBanner'));
// the offline queue (decision 0031): started after the first render, shows only while something waits or was refused
const QueueNotice = withoutFailing(() => import('../../shared/offline/QueueNotice'));

/** The shell around every page. */
export function AppLayout() {
  const { t } = useTranslation();
  const handle = useRouteHandle();
  const isNotFound = handle?.name === 'NotFound';
  const favicon = useCorporateIdentity().data?.faviconUrl;
  const online = useOnline();
  // The first render is the header and the banner (the largest thing on the first screen); the page, the
  // footer and the notices follow in the next render, so the first paint does not wait for them.
  const [complete, setComplete] = useState(false);
  useEffect(() => startTransition(() => setComplete(true)), []);
  // the corporate identity's favicon replaces the default one
  useEffect(() => {
    const link = document.querySelector('link[rel="icon"]');
    if (!favicon || !link) return;
    link.removeAttribute('type');
    link.setAttribute('href', favicon);
  }, [favicon]);
  return (
    <div className={classes.app}>
      <a href="#main" className="skip-link">
        {t('shared.naar_inhoud')}
      </a>
      <NavigationProgress />
      <header className={classes.header}>
        <TopBar />
        <MainBar />
      </header>
      {!online && (
        <Suspense fallback={null}>
          <OfflineBanner />
        </Suspense>
      )}
      {!isNotFound && <Banner variant={handle?.banner ?? 'small'} />}
      <main id="main" tabIndex={-1} className={classes.main}>
        <div className={`${classes.container} ${classes.page}`}>
          {/* service messages in the flow of the page, above it: they never lie over its actions (decision 0003) */}
          {complete && <ServiceMessageNotice />}
          {complete && (
            <Suspense fallback={null}>
              <QueueNotice />
            </Suspense>
          )}
          {complete && (
            <LocationPickerContext.Provider value={NoticeLocationPicker}>
              <Outlet />
            </LocationPickerContext.Provider>
          )}
        </div>
      </main>
      {complete && (
        <>
          <Footer />
          <SnackbarHost />
          <UpdateAvailableModal />
          {/* with the page there: a restored scroll position is not cut short by a page still empty */}
          <ScrollRestoration />
        </>
      )}
      <NavigationEffects />
    </div>
  );
}
