import { Button, CloseButton, Text } from '@mantine/core';
import type { ServiceMessage } from '@mp/contract/api/shell';
import { localDay, markShown, markViewed, serviceMessagesToShow } from '@mp/contract/rules/service-messages';
import { IconSpeakerphone } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useServiceMessages } from '../../shared/api/get-service-messages';
import { useSettings } from '../../shared/api/get-settings';
import { localeStore } from '../../shared/i18n/locale';
import { htmlToText } from '../../shared/lib/html-text';
import { paths } from '../../shared/lib/paths';
import { useStore } from '../../shared/lib/store';
import { sessionStore } from '../../shared/session/session';
import { saveServiceMessageState, serviceMessageStateStore } from './service-message-state';
import classes from './shell.module.css';

/**
 * Service messages (product §2): one at a time with a read-more button, once per locale per day until viewed;
 * every message of the sequence is marked viewed when the sequence ends. A notice in the flow of the page, above its
 * content (decision 0003, issue #31 item 18): it never lies over the page's actions, and it changes only when the
 * user closes it (the next message, or none), so the page never moves under the pointer by itself.
 */
export function ServiceMessageNotice() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const locale = useStore(localeStore);
  const signedIn = useStore(sessionStore, (s) => s !== null);
  const settings = useSettings();
  const allowed = settings.loaded && (signedIn || settings.bool('AllowAnonymousUsers'));
  const messages = useServiceMessages(allowed);
  const [sequence, setSequence] = useState<ServiceMessage[]>([]);
  const [index, setIndex] = useState(0);
  const started = useRef(new Set<string>());

  useEffect(() => {
    if (!messages.data || started.current.has(locale)) return;
    started.current.add(locale);
    const today = localDay(new Date());
    const state = serviceMessageStateStore.get();
    const toShow = serviceMessagesToShow(messages.data, state, locale, today);
    if (toShow.length === 0) return;
    saveServiceMessageState(markShown(state, locale, today));
    setSequence(toShow);
    setIndex(0);
  }, [messages.data, locale]);

  const current = sequence[index];
  const next = () => {
    if (index + 1 < sequence.length) setIndex(index + 1);
    else {
      saveServiceMessageState(
        markViewed(
          serviceMessageStateStore.get(),
          sequence.map((m) => m.id),
        ),
      );
      setSequence([]);
      setIndex(0);
    }
  };

  return (
    <div role="status" aria-live="polite">
      {current && (
        <section
          key={current.id}
          className={classes.serviceNotice}
          aria-label={t('service_messages.titel')}
          data-testid="service-message"
        >
          <IconSpeakerphone size={22} aria-hidden className={classes.serviceNoticeIcon} />
          <div className={classes.serviceNoticeBody}>
            <Text size="sm">{htmlToText(current.message)}</Text>
            {(current.pageId || sequence.length > 1) && (
              <div className={classes.serviceNoticeActions}>
                {current.pageId && (
                  <Button
                    size="compact-md"
                    variant="light"
                    onClick={() => {
                      navigate(paths.contentPage.to(current.pageId as string, locale));
                      next();
                    }}
                  >
                    {t('shared.lees_meer')}
                  </Button>
                )}
                {sequence.length > 1 && (
                  <Text size="xs" c="dimmed">
                    {index + 1} / {sequence.length}
                  </Text>
                )}
              </div>
            )}
          </div>
          <CloseButton onClick={next} aria-label={t('shared.sluiten')} size="lg" />
        </section>
      )}
    </div>
  );
}
