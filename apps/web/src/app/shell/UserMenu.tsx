import { Menu, Text } from '@mantine/core';
import {
  IconChartBar,
  IconChevronDown,
  IconFileInvoice,
  IconKey,
  IconLogin2,
  IconLogout,
  IconMapPin,
  IconMessageReport,
  IconPalette,
  IconSettings,
  IconTruckDelivery,
  IconUserCircle,
  IconUsers,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { logout } from '../../features/auth/api/logout';
import { paths } from '../../shared/lib/paths';
import { useStore } from '../../shared/lib/store';
import { sessionStore } from '../../shared/session/session';
import { snackbar } from '../../shared/ui/snackbar/snackbar-store';
import { DeferredMenu } from './DeferredMenu';
import classes from './shell.module.css';

/** The login link, or the user menu: name, Settings (admins), change password, log out (→ Inloggen). */
export function UserMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const user = useStore(sessionStore, (s) => s?.user ?? null);

  if (!user) {
    const here = `${location.pathname}${location.search}`;
    const onLogin = location.pathname.toLowerCase() === paths.inloggen.pattern;
    return (
      <Link
        className={classes.barButton}
        to={
          onLogin ? `${location.pathname}${location.search}` : paths.inloggen.to(here === '/' ? null : here)
        }
        data-testid="login-link"
      >
        <IconLogin2 size={18} aria-hidden />
        {t('topbar.inloggen')}
      </Link>
    );
  }

  const signOut = async () => {
    await logout();
    navigate(paths.inloggen.to(), { replace: true });
    snackbar.info('info.uitgelogd');
  };

  return (
    <DeferredMenu
      width={240}
      target={(props) => (
        <button
          type="button"
          {...props}
          className={classes.barButton}
          aria-label={`${t('topbar.gebruikersmenu')}: ${user.name}`}
          data-testid="user-menu"
        >
          <IconUserCircle size={20} aria-hidden />
          <span className={classes.userName}>{user.name}</span>
          <IconChevronDown size={14} aria-hidden />
        </button>
      )}
    >
      <Menu.Label>
        <Text size="sm" fw={600} c="var(--mantine-color-text)">
          {user.name}
        </Text>
        <Text size="xs" c="dimmed">
          {user.email}
        </Text>
      </Menu.Label>
      <Menu.Divider />
      {(user.isAdmin || user.isDepartment) && (
        <Menu.Item
          component={Link}
          to={paths.materieeldienst.to()}
          leftSection={<IconTruckDelivery size={16} aria-hidden />}
          mih={44}
          data-testid="menu-department"
        >
          {t('routes.Materieeldienst')}
        </Menu.Item>
      )}
      {(user.isAdmin || user.isDepartment) && (
        <Menu.Item
          component={Link}
          to={paths.materieeldienstFacturatie.to()}
          leftSection={<IconFileInvoice size={16} aria-hidden />}
          mih={44}
          data-testid="menu-invoicing"
        >
          {t('routes.MaterieeldienstFacturatie')}
        </Menu.Item>
      )}
      {(user.isAdmin || user.isDepartment) && (
        <Menu.Item
          component={Link}
          to={paths.materieeldienstKlachten.to()}
          leftSection={<IconMessageReport size={16} aria-hidden />}
          mih={44}
          data-testid="menu-department-complaints"
        >
          {t('Klachten.dienst.titel')}
        </Menu.Item>
      )}
      {(user.isAdmin || user.isDepartment) && (
        <Menu.Item
          component={Link}
          to={paths.materieeldienstLocatieAanvragen.to()}
          leftSection={<IconMapPin size={16} aria-hidden />}
          mih={44}
          data-testid="menu-department-location-requests"
        >
          {t('Locatie.aanvragen.dienst.titel')}
        </Menu.Item>
      )}
      {user.isAdmin && (
        <Menu.Item
          component={Link}
          to={paths.settings.to()}
          leftSection={<IconSettings size={16} aria-hidden />}
          mih={44}
        >
          {t('topbar.instellingen')}
        </Menu.Item>
      )}
      {!user.isAdmin && user.canCorporateIdentity && (
        <Menu.Item
          component={Link}
          to={paths.corporateIdentity.to()}
          leftSection={<IconPalette size={16} aria-hidden />}
          mih={44}
          data-testid="menu-corporate-identity"
        >
          {t('routes.CorporateIdentity')}
        </Menu.Item>
      )}
      {(user.isAdmin || user.canReport) && (
        <Menu.Item
          component={Link}
          to={paths.rapportages.to()}
          leftSection={<IconChartBar size={16} aria-hidden />}
          mih={44}
          data-testid="menu-reports"
        >
          {t('Rapportages.titel')}
        </Menu.Item>
      )}
      {(user.isAdmin || user.isKeyUser) && (
        <Menu.Item
          component={Link}
          to={paths.gebruikers.to()}
          leftSection={<IconUsers size={16} aria-hidden />}
          mih={44}
          data-testid="menu-users"
        >
          {t('Gebruikers.titel')}
        </Menu.Item>
      )}
      <Menu.Item
        component={Link}
        to={paths.wachtwoordWijzigen.to()}
        leftSection={<IconKey size={16} aria-hidden />}
        mih={44}
      >
        {t('topbar.wachtwoord_wijzigen')}
      </Menu.Item>
      <Menu.Item
        onClick={() => void signOut()}
        leftSection={<IconLogout size={16} aria-hidden />}
        mih={44}
        data-testid="logout"
      >
        {t('topbar.uitloggen')}
      </Menu.Item>
    </DeferredMenu>
  );
}
