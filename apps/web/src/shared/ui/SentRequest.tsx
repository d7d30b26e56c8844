import { Button, Group } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { paths } from '../lib/paths';
import { EmptyView } from './StateViews';

/** What a wizard hands its done page in the navigation state: the request it has just sent. */
export interface SentRequest {
  requestNo: string;
  requestId: string;
}

/**
 * What a done page (`/…/voltooid`) may show, decided by how it was opened:
 * - `sent`: the wizard has just sent this request (the navigation state, kept over a reload and back/forward);
 * - `named`: the address names a request (`?aanvraag=`) but nothing was just sent here — a bookmark, a link, another
 *   tab: that request's own page shows it (and checks whether this user may see it);
 * - `none`: opened directly: nothing was sent, and nothing is thanked for.
 */
export type SentState = { sent: SentRequest } | { named: string } | { none: true };

export function useSentRequest(): SentState {
  const state = useLocation().state as Partial<SentRequest> | null;
  const [search] = useSearchParams();
  const named = search.get('aanvraag');
  if (state?.requestNo && state.requestId && (!named || named === state.requestId))
    return { sent: { requestNo: state.requestNo, requestId: state.requestId } };
  if (named) return { named };
  return { none: true };
}

/**
 * A done page opened without a request just sent: says so, with the way to start one and the requests already
 * sent (never a thank-you for a request that does not exist).
 */
export function NothingSent({ startTo, startLabel }: { startTo: string; startLabel: string }) {
  const { t } = useTranslation();
  return (
    <div data-testid="nothing-submitted">
      <EmptyView
        title={t('shared.niets_verstuurd_titel')}
        description={t('shared.niets_verstuurd_tekst')}
        icon={<IconSend size={28} aria-hidden />}
      >
        <Group gap="sm" justify="center" mt="md">
          <Button component={Link} to={startTo} mih={44}>
            {startLabel}
          </Button>
          <Button component={Link} to={paths.aanvragen.to()} variant="default" mih={44}>
            {t('Bestellen.naar_aanvragen')}
          </Button>
        </Group>
      </EmptyView>
    </div>
  );
}
