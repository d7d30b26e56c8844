import { ActionIcon, Burger, Container, Group, Image, Indicator, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconSearch, IconShoppingCart } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink as RouterNavLink, useLocation } from 'react-router';
import { PRODUCT_SEARCH_INPUT_ID } from '../../features/search/components/ProductSearchBox';
import { useCorporateIdentity } from '../../shared/api/get-corporate-identity';
import { useOrderListCount } from '../../shared/api/order-lists/get-order-lists';
import { paths } from '../../shared/lib/paths';
import { DefaultLogo } from './DefaultLogo';
import { CountBadge, itemLabel, useNavItems } from './nav-items';
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
  const label = (item: Parameters<typeof itemLabel>[1]) => itemLabel(t, item);
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
      <Container size="xl" h="100%">
        <Group h="100%" justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="xs" wrap="nowrap">
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="md"
              size="sm"
              aria-label={opened ? t('nav.sluiten') : t('nav.menu')}
              aria-expanded={opened}
              className={classes.burger}
              data-testid="nav-burger"
            />
            <UnstyledButton
              component={Link}
              to={paths.home.to()}
              aria-label={t('nav.logo')}
              className={classes.logo}
            >
              {identity.data?.logoUrl ? (
                <Image src={identity.data.logoUrl} alt="" h={40} w="auto" fit="contain" maw={180} />
              ) : (
                <DefaultLogo />
              )}
            </UnstyledButton>
          </Group>

          <nav aria-label={t('nav.menu')} className={classes.desktopNav}>
            <Group gap={2} wrap="nowrap" component="ul" className={classes.navList}>
              {items.map((item) => (
                <li key={item.key}>
                  <RouterNavLink
                    to={item.to}
                    end={item.key === 'home'}
                    className={({ isActive }) =>
                      isActive ? `${classes.navLink} ${classes.navLinkActive}` : classes.navLink
                    }
                    aria-label={label(item)}
                    data-testid={`nav-${item.key}`}
                  >
                    {item.icon}
                    <span>{t(item.labelKey)}</span>
                    <CountBadge count={item.count} />
                  </RouterNavLink>
                </li>
              ))}
            </Group>
          </nav>

          <Group gap={4} wrap="nowrap">
            <ActionIcon
              variant="subtle"
              color="gray.8"
              size={44}
              onClick={focusSearch}
              aria-label={t('nav.zoeken')}
            >
              <IconSearch size={22} aria-hidden />
            </ActionIcon>
            <ActionIcon
              component={Link}
              to={paths.bestellijst.to()}
              variant="subtle"
              color="gray.8"
              size={44}
              aria-label={t('nav.winkelwagen_aantal', { count: cartCount })}
              data-testid="cart-link"
            >
              <Indicator
                label={cartCount}
                size={16}
                disabled={cartCount === 0}
                color="secondary"
                offset={2}
                inline
                aria-hidden
              >
                <IconShoppingCart size={22} aria-hidden />
              </Indicator>
            </ActionIcon>
          </Group>
        </Group>
      </Container>

      {mounted && (
        <Suspense fallback={null}>
          <MobileMenu opened={opened} onClose={close} items={items} />
        </Suspense>
      )}
    </div>
  );
}
