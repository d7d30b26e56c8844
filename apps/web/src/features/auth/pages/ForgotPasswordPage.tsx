import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconMailForward } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { serverFieldErrors, zodValidate } from '../../../shared/lib/form-errors';
import { paths } from '../../../shared/lib/paths';
import { forgotPasswordSchema, useForgotPassword } from '../api/forgot-password';
import { AuthCard } from './AuthCard';
import { FormAlert } from './FormAlert';

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const mutation = useForgotPassword();
  const [failure, setFailure] = useState<unknown>(null);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: '' },
    validate: zodValidate(forgotPasswordSchema),
  });

  const back = (
    <Anchor component={Link} to={paths.inloggen.to()}>
      {t('WachtwoordVergeten.terug_inloggen')}
    </Anchor>
  );

  if (mutation.isSuccess) {
    return (
      <AuthCard title={t('WachtwoordVergeten.titel')}>
        <Alert color="green" variant="light" role="status">
          {t('WachtwoordVergeten.verzonden')}
        </Alert>
        {back}
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('WachtwoordVergeten.titel')} intro={t('WachtwoordVergeten.intro')}>
      <form
        noValidate
        onSubmit={form.onSubmit((values) => {
          setFailure(null);
          mutation.mutate(
            { email: values.email.trim() },
            {
              onError: (e) => {
                const fields = serverFieldErrors(e);
                if (fields) form.setErrors(fields);
                else setFailure(e);
              },
            },
          );
        })}
      >
        <Stack gap="md">
          {failure ? <FormAlert error={failure} /> : null}
          <TextInput
            label={t('WachtwoordVergeten.email')}
            type="email"
            autoComplete="email"
            required
            size="md"
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
          <Button
            type="submit"
            size="md"
            loading={mutation.isPending}
            leftSection={<IconMailForward size={18} aria-hidden />}
          >
            {t('WachtwoordVergeten.versturen')}
          </Button>
          {back}
        </Stack>
      </form>
    </AuthCard>
  );
}
