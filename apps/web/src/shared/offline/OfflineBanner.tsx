import { IconCloudOff } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../ui/format';
import { isPageRead } from './kept-reads';
import classes from './offline.module.css';

/**
 * When the page's data shown now was fetched: the oldest fetch time of the kept page reads (stock, order list,
 * removal list) the open page uses and has data of; null when it shows none.
 */
export function useShownReadsUpdatedAt(): number | null {
  const queryClient = useQueryClient();
  const cache = queryClient.getQueryCache();
  const read = useCallback(() => {
    const times = cache
      .findAll({ type: 'active', predicate: (q) => isPageRead(q.queryKey) && q.state.data !== undefined })
      .map((q) => q.state.dataUpdatedAt)
      .filter((at) => at > 0);
    return times.length ? Math.min(...times) : null;
  }, [cache]);
  return useSyncExternalStore(cache.subscribe.bind(cache), read, read);
}

/**
 * The shell's offline banner (decision 0031), over every page while the browser has no network: "offline — last
 * updated at …" with the time the page's data was fetched (in the user's language, the device's time zone) when the
 * page shows kept data, and that the rest of the portal needs a connection. A lazy chunk: mounted only offline.
 */
export default function OfflineBanner() {
  const { t } = useTranslation();
  const format = useFormat();
  const updatedAt = useShownReadsUpdatedAt();
  return (
    <div className={classes.banner} role="status" data-testid="offline-banner">
      <IconCloudOff size={20} aria-hidden className={classes.icon} />
      <div>
        {updatedAt !== null && (
          <strong className={classes.updated} data-testid="offline-updated-at">
            {t('Offline.bijgewerkt', { time: format.dateTime(new Date(updatedAt).toISOString()) })}
          </strong>
        )}
        <span>{t('Offline.banner')}</span>
      </div>
    </div>
  );
}
