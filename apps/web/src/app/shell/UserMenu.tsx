import { Text } from '@mantine/core';
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
  IconPlugConnected,
  IconSettings,
  IconTruckDelivery,
  IconUserCircle,
  IconUsers,
  IconWebhook,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { logout } from '../../features/auth/api/logout';
import { paths } from '../../shared/lib/paths';
import { useStore } from '../../shared/lib/store';
import { sessionStore } from '../../shared/session/session';
import { DeferredMenu } from '../../shared/ui/dropdowns/DeferredMenu';
import { snackbar } from '../../shared/ui/snackbar/snackbar-store';
import classes from './shell.module.css';

type SessionUser = NonNullable<ReturnType<typeof sessionStore.get>>['user'];
const departmentOrAdmin = (u: SessionUser) => u.isAdmin || u.isDepartment === true;

/** The user menu's links, in their order, each with whom it shows for. */
const menuLinks: {
  to: string;
  icon: typeof IconUsers;
  label: string;
  testId?: string;
  shows: (u: SessionUser) => boolean;
}[] = [
  {
    to: paths.materieeldienst.to(),
    icon: IconTruckDelivery,
    label: 'routes.Materieeldienst',
    testId: 'menu-department',
    shows: departmentOrAdmin,
  },
  {
    to: paths.materieeldienstFacturatie.to(),
    icon: IconFileInvoice,
    label: 'routes.MaterieeldienstFacturatie',
    testId: 'menu-invoicing',
    shows: departmentOrAdmin,
  },
  {
    to: paths.materieeldienstKlachten.to(),
    icon: IconMessageReport,
    label: 'Klachten.dienst.titel',
    testId: 'menu-department-complaints',
    shows: departmentOrAdmin,
  },
  {
    to: paths.materieeldienstLocatieAanvragen.to(),
    icon: IconMapPin,
    label: 'Locatie.aanvragen.dienst.titel',
    testId: 'menu-department-location-requests',
    shows: departmentOrAdmin,
  },
  { to: paths.settings.to(), icon: IconSettings, label: 'topbar.instellingen', shows: (u) => u.isAdmin },
  {
    to: paths.corporateIdentity.to(),
    icon: IconPalette,
    label: 'routes.CorporateIdentity',
    testId: 'menu-corporate-identity',
    shows: (u) => !u.isAdmin && u.canCorporateIdentity === true,
  },
  {
    // admins reach it through Settings
    to: paths.koppelingen.to(),
    icon: IconPlugConnected,
    label: 'routes.Koppelingen',
    testId: 'menu-erp',
    shows: (u) => !u.isAdmin && u.canErp === true,
  },
  {
    to: paths.rapportages.to(),
    icon: IconChartBar,
    label: 'Rapportages.titel',
    testId: 'menu-reports',
    shows: (u) => u.isAdmin || u.canReport === true,
  },
  {
    to: paths.gebruikers.to(),
    icon: IconUsers,
    label: 'Gebruikers.titel',
    testId: 'menu-users',
    shows: (u) => u.isAdmin || u.isKeyUser === true,
  },
  {
    to: paths.webhooks.to(),
    icon: IconWebhook,
    label: 'routes.Webhooks',
    testId: 'menu-webhooks',
    shows: (u) => u.isAdmin || u.isKeyUser === true,
  },
];

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
      {(Menu) => (
        <>
          <Menu.Label>
            <Text size="sm" fw={600} c="var(--mantine-color-text)">
              {user.name}
            </Text>
            <Text size="xs" c="dimmed">
              {user.email}
            </Text>
          </Menu.Label>
          <Menu.Divider />
          {menuLinks
            .filter((l) => l.shows(user))
            .map((l) => (
              <Menu.Item
                key={l.to}
                component={Link}
                to={l.to}
                leftSection={<l.icon size={16} aria-hidden />}
                mih={44}
                data-testid={l.testId}
              >
                {t(l.label)}
              </Menu.Item>
            ))}
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
        </>
      )}
    </DeferredMenu>
  );
}
