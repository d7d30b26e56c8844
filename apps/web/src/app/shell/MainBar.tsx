import { useDisclosure } from '@mantine/hooks';
import { IconMenu2, IconSearch, IconShoppingCart, IconX } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
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

/** The main bar: logo → Home, the navigation (a drawer below tablet width), search shortcut and cart. */
export function MainBar() {
  const { t } = useTranslation();
  const items = useNavItems();
  const identity = useCorporateIdentity();
  const cartCount = useOrderListCount();
  const [opened, { toggle, close }] = useDisclosure(false);
  // the drawer's code loads the first time the menu is opened
  const [mounted, setMounted] = useState(false);
  if (opened && !mounted) setMounted(true);
  const location = useLocation();

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

        <nav aria-label={t('nav.menu')} className={classes.desktopNav}>
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
