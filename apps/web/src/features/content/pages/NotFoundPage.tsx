import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { IconHome, IconMapQuestion } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../shared/lib/paths';
import { useDocumentTitle } from '../../../shared/lib/use-document-title';

export function NotFoundPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('NotFound.titel'));
  return (
    <Center py={64}>
      <Stack align="center" gap="md" maw={520} ta="center">
        <IconMapQuestion size={64} stroke={1.4} color="var(--mantine-color-gray-6)" aria-hidden />
        <Title order={1}>{t('NotFound.titel')}</Title>
        <Text c="dimmed">{t('NotFound.tekst')}</Text>
        <Button
          component={Link}
          to={paths.home.to()}
          leftSection={<IconHome size={18} aria-hidden />}
          size="md"
        >
          {t('NotFound.naar_home')}
        </Button>
      </Stack>
    </Center>
  );
}
