import { Drawer, NavLink, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NavLink as RouterNavLink, useLocation } from 'react-router';
import { CountBadge, itemLabel, type NavItem } from './nav-items';

/** The navigation drawer below tablet width (its own chunk: desktops never load it). */
export default function MobileMenu({
  opened,
  onClose,
  items,
}: {
  opened: boolean;
  onClose: () => void;
  items: NavItem[];
}) {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      size={300}
      title={t('nav.menu')}
      hiddenFrom="md"
      closeButtonProps={{ 'aria-label': t('nav.sluiten') }}
    >
      <nav aria-label={t('nav.menu')}>
        <Stack gap={2}>
          {items.map((item) => (
            <NavLink
              key={item.key}
              component={RouterNavLink}
              to={item.to}
              end={item.key === 'home'}
              label={t(item.labelKey)}
              aria-label={itemLabel(t, item)}
              leftSection={item.icon}
              rightSection={<CountBadge count={item.count} />}
              h={48}
              style={{ borderRadius: 'var(--mantine-radius-md)' }}
              active={item.key === 'home' ? location.pathname === '/' : location.pathname.startsWith(item.to)}
            />
          ))}
        </Stack>
      </nav>
    </Drawer>
  );
}
