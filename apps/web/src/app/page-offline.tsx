import { Center, Stack, Text, Title } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import { type ComponentType, type LazyExoticComponent, lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { isOnline } from '../shared/offline/online';

/*
 * A page whose code is not on the phone while offline (decision 0031, "A page's code offline"): without a service
 * worker (before it has installed, or a browser without one) only the code already loaded is there. The route then
 * shows, inside the shell, that the page needs a connection — not the error page, which says a new version is
 * available — and loads the page when reception returns. In the entry (the router's), so it needs nothing loaded.
 */

/** Resolves once the portal has reception again (online.ts announces an unreachable server's return as `online`). */
function onlineAgain(): Promise<void> {
  return new Promise((resolve) => {
    if (isOnline()) return resolve();
    const on = () => {
      if (!isOnline()) return;
      window.removeEventListener('online', on);
      resolve();
    };
    window.addEventListener('online', on);
  });
}

/** What shows until then: the words of the pages' own "not available offline" (StateViews' NotAvailableOffline). */
export function PageCodeOffline() {
  const { t } = useTranslation();
  return (
    <Center py={48} px="md">
      <Stack align="center" gap="xs" maw={520} ta="center" role="status" data-testid="not-available-offline">
        <IconCloudOff size={32} aria-hidden color="var(--mantine-color-gray-6)" />
        {/* the page's heading: its own title comes with its code */}
        <Title order={1} size="h3">
          {t('Offline.niet_beschikbaar_titel')}
        </Title>
        <Text c="dimmed">{t('Offline.niet_beschikbaar')}</Text>
      </Stack>
    </Center>
  );
}

/**
 * The code of a route's page that failed to load offline, loaded again when reception returns (for PageWhenOnline).
 * A load that fails then too goes to the route's error page, as any failed load online.
 */
export function loadWhenOnline(load: () => Promise<ComponentType>): LazyExoticComponent<ComponentType> {
  return lazy(async () => {
    await onlineAgain();
    return { default: await load() };
  });
}

/** The route's page whose code failed to load offline: PageCodeOffline until reception returns, then the page. */
export function PageWhenOnline({ page: Page }: { page: LazyExoticComponent<ComponentType> }) {
  return (
    <Suspense fallback={<PageCodeOffline />}>
      <Page />
    </Suspense>
  );
}
