import { Paper, Switch, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { snackbar } from '../../../shared/ui/snackbar/snackbar-store';
import { useIdleDigest, useSetIdleDigest } from '../api/idle-digest';

/** The user's own choice of the weekly digest of idle equipment (decision 0034), off until they turn it on. */
export function IdleDigestSetting() {
  const { t } = useTranslation();
  const query = useIdleDigest();
  const save = useSetIdleDigest();
  if (!query.data) return null;
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} mt="md" data-testid="idle-digest-setting">
      <Switch
        size="md"
        checked={query.data.enabled}
        disabled={save.isPending}
        label={t('Stilstand.digest_label')}
        description={
          <Text size="sm" c="dimmed" span>
            {t('Stilstand.digest_uitleg')}
          </Text>
        }
        onChange={(e) =>
          save.mutate(
            { enabled: e.currentTarget.checked },
            {
              onSuccess: () => snackbar.success('Stilstand.digest_opgeslagen'),
              onError: (err) => snackbar.error(err),
            },
          )
        }
        data-testid="idle-digest-switch"
      />
    </Paper>
  );
}
