import { Alert, Anchor, Button, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCircleCheck, IconKey } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { isApiError } from '../../../shared/api/errors';
import { serverFieldErrors, zodValidate } from '../../../shared/lib/form-errors';
import { paths } from '../../../shared/lib/paths';
import { passwordParams } from '../api/form-rules';
import { resetPasswordSchema, useResetPassword } from '../api/reset-password';
import { AuthCard } from './AuthCard';
import { FormAlert } from './FormAlert';

export function ResetPasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  // an invitation (a new user's first password, decision 0023) says "set", never "reset"
  const invitation = params.get('uitnodiging') === '1';
  const mutation = useResetPassword();
  const [failure, setFailure] = useState<unknown>(null);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { password: '', confirm: '' },
    validate: zodValidate(resetPasswordSchema, passwordParams),
  });
  const title = t(invitation ? 'WachtwoordResetten.uitnodiging_titel' : 'WachtwoordResetten.titel');

  const newLink = invitation ? null : (
    <Anchor component={Link} to={paths.wachtwoordVergeten.to()}>
      {t('WachtwoordResetten.nieuwe_link')}
    </Anchor>
  );

  if (token.length < 16) {
    return (
      <AuthCard title={title}>
        <FormAlert
          messageKey={
            invitation ? 'WachtwoordResetten.uitnodiging_ongeldig' : 'WachtwoordResetten.token_ongeldig'
          }
        />
        {newLink}
      </AuthCard>
    );
  }
  if (mutation.isSuccess) {
    return (
      <AuthCard title={title}>
        <Alert color="green" variant="light" icon={<IconCircleCheck aria-hidden />} role="status">
          {t('WachtwoordResetten.gelukt')}
        </Alert>
        <Anchor component={Link} to={paths.inloggen.to()}>
          {t('Inloggen.inloggen')}
        </Anchor>
      </AuthCard>
    );
  }

  const tokenRefused =
    isApiError(failure) && (failure.code === 'error.reset_token_ongeldig' || 'token' in failure.fieldErrors);

  return (
    <AuthCard
      title={title}
      intro={t(
        invitation ? 'WachtwoordResetten.uitnodiging_intro' : 'WachtwoordResetten.intro',
        passwordParams,
      )}
    >
      <form
        noValidate
        onSubmit={form.onSubmit((values) => {
          setFailure(null);
          mutation.mutate(
            { token, password: values.password },
            {
              onError: (e) => {
                const fields = serverFieldErrors(e, { password: 'password' });
                if (fields && !('token' in fields)) form.setErrors(fields);
                else setFailure(e);
              },
            },
          );
        })}
      >
        <Stack gap="md">
          {tokenRefused ? (
            <>
              <FormAlert
                messageKey={
                  invitation ? 'WachtwoordResetten.uitnodiging_ongeldig' : 'error.reset_token_ongeldig'
                }
              />
              {newLink}
            </>
          ) : failure ? (
            <FormAlert error={failure} />
          ) : null}
          <PasswordInput
            label={t('WachtwoordResetten.nieuw')}
            autoComplete="new-password"
            required
            visibilityToggleButtonProps={{ 'aria-label': t('Inloggen.wachtwoord_tonen') }}
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <PasswordInput
            label={t('WachtwoordResetten.bevestig')}
            autoComplete="new-password"
            required
            visibilityToggleButtonProps={{ 'aria-label': t('Inloggen.wachtwoord_tonen') }}
            key={form.key('confirm')}
            {...form.getInputProps('confirm')}
          />
          <Button
            type="submit"
            size="md"
            loading={mutation.isPending}
            leftSection={<IconKey size={18} aria-hidden />}
          >
            {t(invitation ? 'WachtwoordResetten.uitnodiging_opslaan' : 'WachtwoordResetten.opslaan')}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
