import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { AddOrderListLinesInput } from '@mp/contract/api/ordering';
import { IconLogin } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { paths } from '../../lib/paths';
import { snackbar } from '../snackbar/snackbar-store';
import { isLocalRefusal, NOT_SIGNED_IN, useAddToOrderList } from './order-lists';

/** Anonymous visitors may browse; putting something on the order list asks them to sign in first. */
export function SignInPrompt({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('Catalogus.inloggen_titel')}
      centered
      closeButtonProps={{ 'aria-label': t('shared.sluiten') }}
    >
      <Stack gap="md">
        <Text>{t('Catalogus.inloggen_tekst')}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} mih={44}>
            {t('shared.annuleren')}
          </Button>
          <Button
            component={Link}
            to={paths.inloggen.to(`${location.pathname}${location.search}`)}
            leftSection={<IconLogin size={18} aria-hidden />}
            mih={44}
          >
            {t('routes.Inloggen')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * Adding to the order list with the page's own snackbars (spec §8: catalogue, details and sets each have
 * theirs): success key, failure key; the local refusals (sign in, no location, nothing filled in) explained.
 */
export function useOrderListAdder({ successKey, errorKey }: { successKey: string; errorKey: string }) {
  const mutation = useAddToOrderList();
  const [askSignIn, setAskSignIn] = useState(false);

  async function add(input: AddOrderListLinesInput, childLinesIncluded = false): Promise<boolean> {
    if (mutation.isPending) return false;
    try {
      await mutation.mutateAsync({ input, childLinesIncluded });
      snackbar.success(successKey);
      return true;
    } catch (e) {
      if (isLocalRefusal(e)) {
        if (e.code === NOT_SIGNED_IN) setAskSignIn(true);
        else snackbar.warning(e.code);
      } else snackbar.danger(errorKey);
      return false;
    }
  }

  return {
    add,
    pending: mutation.isPending,
    prompt: <SignInPrompt opened={askSignIn} onClose={() => setAskSignIn(false)} />,
  };
}
