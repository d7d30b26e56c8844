import { Anchor, Container, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useAppConfig } from '../../shared/api/get-app-config';
import { useStore } from '../../shared/lib/store';
import { sessionStore } from '../../shared/session/session';
import { LanguagePicker } from './LanguagePicker';
import { NewsBell } from './NewsBell';
import classes from './shell.module.css';
import { UserMenu } from './UserMenu';

/** The thin bar on top: (the /v2 link,) language picker, news bell, login link or user menu. */
export function TopBar() {
  const { t } = useTranslation();
  const signedIn = useStore(sessionStore, (s) => s !== null);
  const config = useAppConfig();
  return (
    <div className={classes.topBar}>
      <Container size="xl" h="100%">
        <Group h="100%" justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="xs">
            {config.data?.angularEnabled && signedIn && (
              <Anchor href="/v2" c="var(--mp-primary-text)" size="sm" py={10}>
                {t('nav.nieuwe_interface')}
              </Anchor>
            )}
          </Group>
          <Group gap={4} wrap="nowrap">
            <LanguagePicker />
            <NewsBell />
            <UserMenu />
          </Group>
        </Group>
      </Container>
    </div>
  );
}
