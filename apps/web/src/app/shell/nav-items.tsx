import {
  IconBook2,
  IconClipboardList,
  IconHeart,
  IconHome,
  IconInfoCircle,
  IconMapPin,
  IconTruckDelivery,
  IconTruckReturn,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useRemovalListCount } from '../../features/removal-list/api/get-removal-list';
import { useContentPages } from '../../shared/api/get-content-pages';
import { useSettings } from '../../shared/api/get-settings';
import { useOrderListCount } from '../../shared/api/order-lists/get-order-lists';
import { localeStore } from '../../shared/i18n/locale';
import { paths } from '../../shared/lib/paths';
import { useStore } from '../../shared/lib/store';
import { sessionStore } from '../../shared/session/session';
import classes from './shell.module.css';

export interface NavItem {
  key: string;
  to: string;
  labelKey: string;
  icon: ReactNode;
  count?: number;
}

/** The id of the Info content page: the InfoContentPageId setting, else the first page of kind 'info'. */
export function useInfoPageId(): string | null {
  const settings = useSettings();
  const signedIn = useStore(sessionStore, (s) => s !== null);
  const enabled = settings.bool('InfoEnabled');
  const configured = settings.str('InfoContentPageId');
  const pages = useContentPages(enabled && !configured && (signedIn || settings.bool('AllowAnonymousUsers')));
  if (!enabled) return null;
  if (configured) return configured;
  return pages.data?.find((p) => p.kind === 'info')?.id ?? null;
}

/**
 * Main-bar items (product §2 Shell): Project, Favorieten, Afvoerlijst and Bestellijst only when signed in; the
 * equipment department's queue for the department (admins included; issue #31 item 14).
 */
export function useNavItems(): NavItem[] {
  const signedIn = useStore(sessionStore, (s) => s !== null);
  const department = useStore(sessionStore, (s) => s?.user.isAdmin === true || s?.user.isDepartment === true);
  const locale = useStore(localeStore);
  const orderCount = useOrderListCount();
  const removalCount = useRemovalListCount();
  const infoId = useInfoPageId();
  const items: NavItem[] = [
    { key: 'home', to: paths.home.to(), labelKey: 'nav.home', icon: <IconHome size={18} aria-hidden /> },
    {
      key: 'materieel',
      to: paths.materieel.to(),
      labelKey: 'nav.materieelboek',
      icon: <IconBook2 size={18} aria-hidden />,
    },
  ];
  if (department)
    items.push({
      key: 'materieeldienst',
      to: paths.materieeldienst.to(),
      labelKey: 'nav.materieeldienst',
      icon: <IconTruckDelivery size={18} aria-hidden />,
    });
  if (signedIn) {
    items.push(
      {
        key: 'project',
        to: paths.locatie.to(),
        labelKey: 'nav.project',
        icon: <IconMapPin size={18} aria-hidden />,
      },
      {
        key: 'favorieten',
        to: paths.favorieten.to(),
        labelKey: 'nav.favorieten',
        icon: <IconHeart size={18} aria-hidden />,
      },
      {
        key: 'afvoerlijst',
        to: paths.afvoerlijst.to(),
        labelKey: 'nav.afvoerlijst',
        icon: <IconTruckReturn size={18} aria-hidden />,
        count: removalCount,
      },
      {
        key: 'bestellijst',
        to: paths.bestellijst.to(),
        labelKey: 'nav.bestellijst',
        icon: <IconClipboardList size={18} aria-hidden />,
        count: orderCount,
      },
    );
  }
  if (infoId) {
    items.push({
      key: 'info',
      to: paths.contentPage.to(infoId, locale),
      labelKey: 'nav.info',
      icon: <IconInfoCircle size={18} aria-hidden />,
    });
  }
  return items;
}

/** The count next to a navigation item (its number is in the link's name: hidden from screen readers). */
export function CountBadge({ count }: { count?: number }) {
  if (count === undefined) return null;
  return (
    <span className={classes.countBadge} data-zero={count === 0 || undefined} aria-hidden>
      {count}
    </span>
  );
}

/** An icon with its count on the top right corner (nothing while the count is 0). */
export function CountDot({ count, children }: { count: number; children: ReactNode }) {
  return (
    <span className={classes.countDot}>
      {children}
      {count > 0 && (
        <span className={classes.countDotLabel} aria-hidden>
          {count}
        </span>
      )}
    </span>
  );
}

/** "Afvoerlijst, 3": the count is part of the link's name for screen readers. */
export function itemLabel(t: (key: string) => string, item: NavItem): string {
  return item.count !== undefined ? `${t(item.labelKey)}, ${item.count}` : t(item.labelKey);
}
