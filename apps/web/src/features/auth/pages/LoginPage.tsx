import { Anchor, Button, Divider, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { safeRedirectPath } from '@mp/contract/rules/session';
import { IconBuildingSkyscraper, IconLogin2 } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import { type ApiError, isApiError } from '../../../shared/api/errors';
import { useAppConfig } from '../../../shared/api/get-app-config';
import { useSettings } from '../../../shared/api/get-settings';
import { errorNode, serverFieldErrors } from '../../../shared/lib/form-errors';
import { paths } from '../../../shared/lib/paths';
import { useStore } from '../../../shared/lib/store';
import { sessionStore } from '../../../shared/session/session';
import { snackbar } from '../../../shared/ui/snackbar/snackbar-store';
import { useExternalLoginUrl } from '../api/get-external-login-url';
import { useLogin } from '../api/login';
import { AuthCard } from './AuthCard';
import { FormAlert } from './FormAlert';

/** An e-mail address as the server's schema accepts it, roughly: something@domain.tld without spaces. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function validate(values: { email: string; password: string }) {
  const errors: Record<string, ReturnType<typeof errorNode>> = {};
  const email = values.email.trim();
  if (email === '') errors.email = errorNode({ key: 'validation.verplicht' });
  else if (!EMAIL.test(email) || email.length > 254)
    errors.email = errorNode({ key: 'validation.email_ongeldig' });
  if (values.password === '') errors.password = errorNode({ key: 'validation.verplicht' });
  return errors;
}

export const EXTERNAL_REDIRECT_KEY = 'mp.externalRedirect';

function loginErrorKey(e: ApiError): { key: string; params?: Record<string, unknown> } {
  if (e.status === 429)
    return { key: 'Inloggen.te_veel_pogingen', params: { seconds: Number(e.details?.retryAfter ?? 60) } };
  if (e.status === 401) return { key: 'Inloggen.onjuiste_gegevens' };
  return { key: e.code };
}

export function LoginPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const redirectUrl = safeRedirectPath(params.get('redirectUrl'));
  const signedIn = useStore(sessionStore, (s) => s !== null);
  const settings = useSettings();
  const loginMutation = useLogin();
  // why: the provider's URL is asked for only when one is configured (no call that fails by design).
  const config = useAppConfig();
  const external = useExternalLoginUrl(redirectUrl, config.data?.externalLogin === true);
  const [failure, setFailure] = useState<unknown>(null);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: '', password: '' },
    validate,
  });

  if (signedIn) return <Navigate to={redirectUrl} replace />;

  const submit = form.onSubmit((values) => {
    setFailure(null);
    loginMutation.mutate(
      { email: values.email.trim(), password: values.password },
      {
        onSuccess: () => snackbar.success('Inloggen.ingelogd'),
        onError: (e) => {
          const fields = serverFieldErrors(e);
          if (fields) form.setErrors(fields);
          else setFailure(e);
        },
      },
    );
  });

  const failureKey = isApiError(failure)
    ? loginErrorKey(failure)
    : failure
      ? { key: 'error.algemene_error' }
      : null;

  return (
    <AuthCard title={t('Inloggen.titel')} intro={t('Inloggen.intro')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {failureKey && <FormAlert messageKey={failureKey.key} params={failureKey.params} />}
          <TextInput
            label={t('Inloggen.email')}
            type="email"
            autoComplete="username"
            inputMode="email"
            required
            size="md"
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
          <PasswordInput
            label={t('Inloggen.wachtwoord')}
            autoComplete="current-password"
            required
            size="md"
            visibilityToggleButtonProps={{ 'aria-label': t('Inloggen.wachtwoord_tonen') }}
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <Button
            type="submit"
            size="md"
            loading={loginMutation.isPending}
            leftSection={<IconLogin2 size={18} aria-hidden />}
          >
            {t('Inloggen.inloggen')}
          </Button>
        </Stack>
      </form>
      {external.data && (
        <>
          <Divider label={t('Inloggen.of')} labelPosition="center" />
          <Button
            variant="default"
            size="md"
            leftSection={<IconBuildingSkyscraper size={18} aria-hidden />}
            onClick={() => {
              sessionStorage.setItem(EXTERNAL_REDIRECT_KEY, redirectUrl);
              window.location.assign(external.data as string);
            }}
          >
            {t('Inloggen.extern_inloggen')}
          </Button>
        </>
      )}
      <Stack gap={4}>
        <Anchor component={Link} to={paths.wachtwoordVergeten.to()} py={6}>
          {t('Inloggen.wachtwoord_vergeten_link')}
        </Anchor>
        {settings.loaded && settings.bool('Registratie_Tonen') && (
          <Anchor component={Link} to={paths.registreren.to()} py={6}>
            {t('Inloggen.registreren_link')}
          </Anchor>
        )}
      </Stack>
    </AuthCard>
  );
}
