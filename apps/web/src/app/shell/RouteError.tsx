import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';

/** Last resort when a page fails to render or its code cannot be loaded (e.g. after a deployment). */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  console.error(error);
  return (
    <Center py={64} px="md">
      <Stack align="center" maw={520} ta="center">
        <Title order={1}>{t('error.algemene_error')}</Title>
        <Text c="dimmed">{t('shared.update_beschikbaar.tekst')}</Text>
        <Button leftSection={<IconRefresh size={18} aria-hidden />} onClick={() => window.location.reload()}>
          {t('shared.vernieuwen')}
        </Button>
      </Stack>
    </Center>
  );
}
