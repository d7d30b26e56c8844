import { Text } from '@mantine/core';
import { IconBell, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useServiceMessages } from '../../shared/api/get-service-messages';
import { useSettings } from '../../shared/api/get-settings';
import { localeStore } from '../../shared/i18n/locale';
import { htmlToText } from '../../shared/lib/html-text';
import { paths } from '../../shared/lib/paths';
import { useStore } from '../../shared/lib/store';
import { sessionStore } from '../../shared/session/session';
import { DeferredMenu } from '../../shared/ui/dropdowns/DeferredMenu';
import { CountDot } from './nav-items';
import { serviceMessageStateStore } from './service-message-state';
import classes from './shell.module.css';

/** The service-message bell: a dropdown of the news; each item opens its content page. */
export function NewsBell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const locale = useStore(localeStore);
  const signedIn = useStore(sessionStore, (s) => s !== null);
  const settings = useSettings();
  const allowed = signedIn || settings.bool('AllowAnonymousUsers');
  const messages = useServiceMessages(allowed);
  const viewed = useStore(serviceMessageStateStore, (s) => s.viewedIds);
  if (!allowed) return null;
  const list = messages.data ?? [];
  const unread = list.filter((m) => !viewed.includes(m.id)).length;

  return (
    <DeferredMenu
      width={320}
      target={(props) => (
        <button
          type="button"
          {...props}
          className={classes.barButton}
          aria-label={unread > 0 ? `${t('topbar.nieuws')} (${unread})` : t('topbar.nieuws')}
          data-testid="news-bell"
        >
          <CountDot count={unread}>
            <IconBell size={20} aria-hidden />
          </CountDot>
        </button>
      )}
    >
      {(Menu) => (
        <>
          <Menu.Label>{t('topbar.nieuws')}</Menu.Label>
          {list.length === 0 ? (
            <Text size="sm" c="dimmed" px="sm" py="xs">
              {t('topbar.geen_nieuws')}
            </Text>
          ) : (
            list.map((m) => (
              <Menu.Item
                key={m.id}
                disabled={!m.pageId}
                rightSection={m.pageId ? <IconChevronRight size={14} aria-hidden /> : null}
                onClick={() => m.pageId && navigate(paths.contentPage.to(m.pageId, locale))}
                mih={44}
              >
                <Text size="sm" lineClamp={3}>
                  {htmlToText(m.message)}
                </Text>
              </Menu.Item>
            ))
          )}
        </>
      )}
    </DeferredMenu>
  );
}
