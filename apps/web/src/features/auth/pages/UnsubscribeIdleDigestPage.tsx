import { Alert, Loader } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useUnsubscribeIdleDigest } from '../api/idle-digest';
import { AuthCard } from './AuthCard';

/**
 * /stilstand/afmelden?token=: the weekly digest's unsubscribe link (decision 0034). Opening it turns the digest off
 * for the user the signed token names — no sign-in — and says so.
 */
export function UnsubscribeIdleDigestPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const unsubscribe = useUnsubscribeIdleDigest();
  const { mutate } = unsubscribe;
  useEffect(() => {
    if (token) mutate(token);
  }, [token, mutate]);
  const failed = !token || unsubscribe.isError;
  return (
    <AuthCard title={t('Stilstand.afmelden_titel')}>
      {failed ? (
        <Alert color="red" data-testid="unsubscribe-failed">
          {t('Stilstand.afmelden_ongeldig')}
        </Alert>
      ) : unsubscribe.isSuccess ? (
        <Alert color="green" icon={<IconCircleCheck size={20} aria-hidden />} data-testid="unsubscribe-done">
          {t('Stilstand.afmelden_klaar')}
        </Alert>
      ) : (
        <Loader aria-label={t('Stilstand.afmelden_titel')} />
      )}
    </AuthCard>
  );
}
