import { useDisclosure } from '@mantine/hooks';
import { IconMenu2, IconSearch, IconShoppingCart, IconX } from '@tabler/icons-react';
import { lazy, type RefObject, Suspense, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink as RouterNavLink, useLocation } from 'react-router';
import { PRODUCT_SEARCH_INPUT_ID } from '../../features/search/components/ProductSearchBox';
import { useCorporateIdentity } from '../../shared/api/get-corporate-identity';
import { useOrderListCount } from '../../shared/api/order-lists/get-order-lists';
import { paths } from '../../shared/lib/paths';
import { DefaultLogo } from './DefaultLogo';
import { CountBadge, CountDot, itemLabel, useNavItems } from './nav-items';
import classes from './shell.module.css';

const MobileMenu = lazy(() => import('./MobileMenu'));

function focusSearch() {
  const input = document.getElementById(PRODUCT_SEARCH_INPUT_ID) as HTMLInputElement | null;
  if (!input) return;
  input.scrollIntoView({ block: 'center' });
  input.focus();
}

/** How the navigation's items fit the room the bar leaves them: names beside icons, names under them, icons only. */
export type NavFit = 'names' | 'stacked' | 'icons';

/**
 * How the navigation's items fit (more items for the department and admins, longer names in French or German, a
 * narrow desktop): with their names beside the icons when there is room; else the names small under the icons (still
 * read at a glance, about half the width); only when that does not fit either, icons alone, their names kept as the
 * links' accessible names and tooltips. Each way's width is measured while it shows, again whenever the items or
 * their language change; a resize picks the widest way that fits.
 */
function useNavFit(nav: RefObject<HTMLElement | null>, key: string): NavFit {
  const [state, setState] = useState<{ key: string; fit: NavFit }>({ key, fit: 'names' });
  // new items or another language render with their names first, to be measured
  const fit = state.key === key ? state.fit : 'names';
  const widths = useRef<{ key: string; names?: number; stacked?: number }>({ key });
  useLayoutEffect(() => {
    const el = nav.current;
    const list = el?.firstElementChild as HTMLElement | null | undefined;
    if (!el || !list) return;
    if (widths.current.key !== key) widths.current = { key };
    if (fit !== 'icons') widths.current[fit] = list.scrollWidth;
    const check = () => {
      const room = el.clientWidth;
      const { names, stacked } = widths.current;
      const next: NavFit =
        names === undefined || names <= room
          ? 'names'
          : stacked === undefined || stacked <= room
            ? 'stacked'
            : 'icons';
      setState((s) => (s.key === key && s.fit === next ? s : { key, fit: next }));
    };
    check();
    const observer = new ResizeObserver(check);
    observer.observe(el);
    return () => observer.disconnect();
  }, [nav, key, fit]);
  return fit;
}

/** The main bar: logo → Home, the navigation (a drawer below tablet width), search shortcut and cart. */
export function MainBar() {
  const { t, i18n } = useTranslation();
  const items = useNavItems();
  const identity = useCorporateIdentity();
  const cartCount = useOrderListCount();
  const [opened, { toggle, close }] = useDisclosure(false);
  // the drawer's code loads the first time the menu is opened
  const [mounted, setMounted] = useState(false);
  if (opened && !mounted) setMounted(true);
  const location = useLocation();
  const nav = useRef<HTMLElement>(null);
  const fit = useNavFit(nav, `${i18n.language}|${items.map((i) => i.key).join(',')}`);

  // a navigation closes the drawer (not the first render: nothing to close, and no second render for it)
  const shownPath = useRef(location.pathname);
  useEffect(() => {
    if (shownPath.current === location.pathname) return;
    shownPath.current = location.pathname;
    close();
  }, [location.pathname, close]);

  return (
    <div className={classes.mainBar}>
      <div className={`${classes.container} ${classes.barRow}`}>
        <div className={classes.cluster}>
          <button
            type="button"
            onClick={toggle}
            className={`${classes.iconButton} ${classes.burger}`}
            aria-label={opened ? t('nav.sluiten') : t('nav.menu')}
            aria-expanded={opened}
            data-testid="nav-burger"
          >
            {opened ? <IconX size={24} aria-hidden /> : <IconMenu2 size={24} aria-hidden />}
          </button>
          <Link to={paths.home.to()} aria-label={t('nav.logo')} className={classes.logo}>
            {identity.data?.logoUrl ? (
              <img src={identity.data.logoUrl} alt="" className={classes.logoImage} />
            ) : (
              <DefaultLogo />
            )}
          </Link>
        </div>

        <nav aria-label={t('nav.menu')} className={classes.desktopNav} ref={nav} data-fit={fit}>
          <ul className={classes.navList}>
            {items.map((item) => (
              <li key={item.key}>
                <RouterNavLink
                  to={item.to}
                  end={item.key === 'home'}
                  className={({ isActive }) =>
                    isActive ? `${classes.navLink} ${classes.navLinkActive}` : classes.navLink
                  }
                  aria-label={itemLabel(t, item)}
                  title={fit === 'icons' ? t(item.labelKey) : undefined}
                  data-testid={`nav-${item.key}`}
                >
                  {item.icon}
                  <span>{t(item.labelKey)}</span>
                  <CountBadge count={item.count} />
                </RouterNavLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className={classes.cluster}>
          <button
            type="button"
            className={classes.iconButton}
            onClick={focusSearch}
            aria-label={t('nav.zoeken')}
          >
            <IconSearch size={22} aria-hidden />
          </button>
          <Link
            to={paths.bestellijst.to()}
            className={classes.iconButton}
            aria-label={t('nav.winkelwagen_aantal', { count: cartCount })}
            data-testid="cart-link"
          >
            <CountDot count={cartCount}>
              <IconShoppingCart size={22} aria-hidden />
            </CountDot>
          </Link>
        </div>
      </div>

      {mounted && (
        <Suspense fallback={null}>
          <MobileMenu opened={opened} onClose={close} items={items} />
        </Suspense>
      )}
    </div>
  );
}
