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

/**
 * Whether the navigation's items, with their names, are wider than the room the bar leaves them (more items for the
 * department and admins, longer names in French or German, a narrow desktop): then they show as icons, their names
 * kept as the links' accessible names and tooltips. The width with names is measured while they show, again
 * whenever the items or their language change.
 */
function useCompactNav(nav: RefObject<HTMLElement | null>, key: string): boolean {
  const [state, setState] = useState({ key, compact: false });
  // new items or another language render with their names first, to be measured
  const compact = state.key === key && state.compact;
  const full = useRef(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: measured again only for new items or language (key)
  useLayoutEffect(() => {
    const el = nav.current;
    const list = el?.firstElementChild as HTMLElement | null | undefined;
    if (!el || !list) return;
    if (!compact) full.current = list.scrollWidth;
    const check = () => {
      const next = full.current > el.clientWidth;
      setState((s) => (s.key === key && s.compact === next ? s : { key, compact: next }));
    };
    check();
    const observer = new ResizeObserver(check);
    observer.observe(el);
    return () => observer.disconnect();
  }, [nav, key]);
  return compact;
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
  const compact = useCompactNav(nav, `${i18n.language}|${items.map((i) => i.key).join(',')}`);

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

        <nav
          aria-label={t('nav.menu')}
          className={classes.desktopNav}
          ref={nav}
          data-compact={compact || undefined}
        >
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
                  title={compact ? t(item.labelKey) : undefined}
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
