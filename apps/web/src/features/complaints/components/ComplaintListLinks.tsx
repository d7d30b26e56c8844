import { Anchor, Button, Group } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../shared/lib/paths';
import { useIsManagement } from '../api/complaints';

/** Links between the three lists and to the form. */
export function ComplaintListLinks({ current }: { current: 'location' | 'mine' | 'management' }) {
  const { t } = useTranslation();
  const management = useIsManagement();
  return (
    <Group gap="sm" wrap="wrap">
      {current !== 'location' && (
        <Anchor component={Link} to={paths.klachten.to()} py={10}>
          {t('routes.Klachten')}
        </Anchor>
      )}
      {current !== 'mine' && (
        <Anchor component={Link} to={paths.klachtenOverzicht.to()} py={10} data-testid="link-overzicht">
          {t('Klachten.bekijk_overzicht')}
        </Anchor>
      )}
      {current !== 'management' && management && (
        <Anchor
          component={Link}
          to={paths.klachtenOverzichtDirectie.to()}
          py={10}
          data-testid="link-directie"
        >
          {t('Klachten.bekijk_directie')}
        </Anchor>
      )}
      <Button
        component={Link}
        to={paths.klachtenAanmaken.to()}
        leftSection={<IconPlus size={18} aria-hidden />}
        mih={44}
        data-testid="new-complaint"
      >
        {t('Klachten.nieuwe_klacht')}
      </Button>
    </Group>
  );
}
