import { Center, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOnline } from '../offline/online';
import { NotAvailableOffline } from './StateViews';

/** Delay message after 3000 ms (product §9). */
export const LOADING_DELAY_MS = 3000;

/**
 * A loading block that tells the user after 3 s that it takes longer than usual. Offline nothing loads (a kept read
 * with nothing kept waits for the network): it says the page is not available offline instead (decision 0031).
 */
export function LoadingBlock({ label, minHeight = 160 }: { label?: string; minHeight?: number }) {
  const { t } = useTranslation();
  const online = useOnline();
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    const id = setTimeout(() => setSlow(true), LOADING_DELAY_MS);
    return () => clearTimeout(id);
  }, []);
  if (!online) return <NotAvailableOffline />;
  return (
    <Center mih={minHeight} role="status" aria-live="polite">
      <Stack align="center" gap="sm">
        <Loader aria-hidden />
        <Text size="sm" c="dimmed">
          {label ?? t('shared.laden')}
        </Text>
        {slow && (
          <Text size="sm" c="dimmed" data-testid="loading-delay">
            {t('shared.laden_vertraagd')}
          </Text>
        )}
      </Stack>
    </Center>
  );
}
