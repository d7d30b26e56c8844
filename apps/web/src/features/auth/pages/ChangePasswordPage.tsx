import { Button, Container, Paper, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconKey } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverFieldErrors, zodValidate } from '../../../shared/lib/form-errors';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { snackbar } from '../../../shared/ui/snackbar/snackbar-store';
import { changePasswordSchema, useChangePassword } from '../api/change-password';
import { passwordParams } from '../api/form-rules';
import { FormAlert } from './FormAlert';
import { IdleDigestSetting } from './IdleDigestSetting';

export function ChangePasswordPage() {
  const { t } = useTranslation();
  const mutation = useChangePassword();
  const [failure, setFailure] = useState<unknown>(null);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { currentPassword: '', newPassword: '', confirm: '' },
    validate: zodValidate(changePasswordSchema, passwordParams),
  });
  const toggle = { 'aria-label': t('Inloggen.wachtwoord_tonen') };

  return (
    <Container size={560} px={0}>
      <PageHeader />
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
        <form
          noValidate
          onSubmit={form.onSubmit((values) => {
            setFailure(null);
            mutation.mutate(
              { currentPassword: values.currentPassword, newPassword: values.newPassword },
              {
                onSuccess: () => {
                  form.reset();
                  snackbar.success('WachtwoordWijzigen.gewijzigd');
                },
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
            <PasswordInput
              label={t('WachtwoordWijzigen.huidig')}
              autoComplete="current-password"
              required
              visibilityToggleButtonProps={toggle}
              key={form.key('currentPassword')}
              {...form.getInputProps('currentPassword')}
            />
            <PasswordInput
              label={t('WachtwoordWijzigen.nieuw')}
              description={t('WachtwoordResetten.intro', passwordParams)}
              autoComplete="new-password"
              required
              visibilityToggleButtonProps={toggle}
              key={form.key('newPassword')}
              {...form.getInputProps('newPassword')}
            />
            <PasswordInput
              label={t('WachtwoordWijzigen.bevestig')}
              autoComplete="new-password"
              required
              visibilityToggleButtonProps={toggle}
              key={form.key('confirm')}
              {...form.getInputProps('confirm')}
            />
            <Button
              type="submit"
              loading={mutation.isPending}
              leftSection={<IconKey size={18} aria-hidden />}
              style={{ alignSelf: 'flex-start' }}
            >
              {t('WachtwoordWijzigen.opslaan')}
            </Button>
          </Stack>
        </form>
      </Paper>
      <IdleDigestSetting />
    </Container>
  );
}
