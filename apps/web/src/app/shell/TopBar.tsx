import { useTranslation } from 'react-i18next';
import { useAppConfig } from '../../shared/api/get-app-config';
import { useStore } from '../../shared/lib/store';
import { sessionStore } from '../../shared/session/session';
import { LanguagePicker } from './LanguagePicker';
import { NewsBell } from './NewsBell';
import classes from './shell.module.css';
import { UserMenu } from './UserMenu';

/**
 * The thin bar on top: (the /v2 link,) language picker, news bell, login link or user menu. The shell's bars
 * are plain elements with CSS: they are on every first paint, where each Mantine layout component costs time.
 */
export function TopBar() {
  const { t } = useTranslation();
  const signedIn = useStore(sessionStore, (s) => s !== null);
  const config = useAppConfig();
  return (
    <div className={classes.topBar}>
      <div className={`${classes.container} ${classes.barRow}`}>
        <div className={classes.cluster}>
          {config.data?.angularEnabled && signedIn && (
            <a href="/v2" className={classes.barButton}>
              {t('nav.nieuwe_interface')}
            </a>
          )}
        </div>
        <div className={classes.cluster}>
          <LanguagePicker />
          <NewsBell />
          <UserMenu />
        </div>
      </div>
    </div>
  );
}
