import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconLogin } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { paths } from '../lib/paths';

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
