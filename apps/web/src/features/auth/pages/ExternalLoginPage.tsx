import { Anchor, Stack } from '@mantine/core';
import { safeRedirectPath } from '@mp/contract/rules/session';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { isApiError } from '../../../shared/api/errors';
import { paths } from '../../../shared/lib/paths';
import { LoadingBlock } from '../../../shared/ui/LoadingBlock';
import { snackbar } from '../../../shared/ui/snackbar/snackbar-store';
import { useExternalLogin } from '../api/external-login';
import { AuthCard } from './AuthCard';
import { FormAlert } from './FormAlert';
import { EXTERNAL_REDIRECT_KEY } from './LoginPage';

/** The external provider's callback: trades code + state for a session, then returns to the page the user came from. */
export function ExternalLoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const mutation = useExternalLogin();
  const started = useRef(false);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const url = new URL(window.location.href);
    if (url.searchParams.has('error') || !url.searchParams.has('code')) {
      setProblem('ExternalLogin.mislukt');
      return;
    }
    mutation.mutate(url.href, {
      onSuccess: (answer) => {
        const stored = sessionStorage.getItem(EXTERNAL_REDIRECT_KEY);
        sessionStorage.removeItem(EXTERNAL_REDIRECT_KEY);
        snackbar.success('Inloggen.ingelogd');
        navigate(safeRedirectPath(answer.redirectUrl ?? stored), { replace: true });
      },
      onError: (e) =>
        setProblem(
          isApiError(e) && e.status === 403 ? 'ExternalLogin.geen_account' : 'ExternalLogin.mislukt',
        ),
    });
  }, [mutation, navigate]);

  return (
    <AuthCard title={t('routes.ExternalLogin')}>
      {problem ? (
        <Stack>
          <FormAlert messageKey={problem} />
          <Anchor component={Link} to={paths.inloggen.to()}>
            {t('ExternalLogin.terug_inloggen')}
          </Anchor>
        </Stack>
      ) : (
        <LoadingBlock label={t('ExternalLogin.bezig')} />
      )}
    </AuthCard>
  );
}
