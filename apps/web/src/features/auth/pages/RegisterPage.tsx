import { Alert, Anchor, Button, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { locales } from '@mp/contract/i18n/locales';
import { IconCircleCheck, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSettings } from '../../../shared/api/get-settings';
import { localeName, localeStore } from '../../../shared/i18n/locale';
import { serverFieldErrors, zodValidate } from '../../../shared/lib/form-errors';
import { paths } from '../../../shared/lib/paths';
import { useStore } from '../../../shared/lib/store';
import { LoadingBlock } from '../../../shared/ui/LoadingBlock';
import { registerSchema, useRegister } from '../api/register';
import { AuthCard } from './AuthCard';
import { FormAlert } from './FormAlert';

export function RegisterPage() {
  const { t } = useTranslation();
  const settings = useSettings();
  const locale = useStore(localeStore);
  const mutation = useRegister();
  const [failure, setFailure] = useState<unknown>(null);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { name: '', email: '', phone: '', company: '', comment: '', language: locale as string },
    validate: zodValidate(registerSchema),
  });

  if (!settings.loaded) return <LoadingBlock />;
  if (!settings.bool('Registratie_Tonen')) {
    return (
      <AuthCard title={t('Registreren.titel')}>
        <FormAlert messageKey="error.registratie_uit" />
        <Anchor component={Link} to={paths.inloggen.to()}>
          {t('Registreren.inloggen_link')}
        </Anchor>
      </AuthCard>
    );
  }

  if (mutation.isSuccess) {
    return (
      <AuthCard title={t('Registreren.verzonden_titel')}>
        <Alert color="green" variant="light" icon={<IconCircleCheck aria-hidden />} role="status">
          {t('Registreren.verzonden')}
        </Alert>
        <Anchor component={Link} to={paths.inloggen.to()}>
          {t('Registreren.inloggen_link')}
        </Anchor>
      </AuthCard>
    );
  }

  const submit = form.onSubmit((values) => {
    setFailure(null);
    const optional = (v: string) => (v.trim() === '' ? undefined : v.trim());
    mutation.mutate(
      {
        name: values.name.trim(),
        email: values.email.trim(),
        phone: optional(values.phone),
        company: optional(values.company),
        comment: optional(values.comment),
        language: values.language,
      },
      {
        onError: (e) => {
          const fields = serverFieldErrors(e);
          if (fields) form.setErrors(fields);
          else setFailure(e);
        },
      },
    );
  });

  return (
    <AuthCard title={t('Registreren.titel')} intro={t('Registreren.intro')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {failure ? <FormAlert error={failure} /> : null}
          <TextInput
            label={t('shared.naam')}
            autoComplete="name"
            required
            key={form.key('name')}
            {...form.getInputProps('name')}
          />
          <TextInput
            label={t('Registreren.email')}
            type="email"
            autoComplete="email"
            required
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
          <TextInput
            label={t('Registreren.telefoon')}
            type="tel"
            autoComplete="tel"
            key={form.key('phone')}
            {...form.getInputProps('phone')}
          />
          <TextInput
            label={t('Registreren.bedrijf')}
            autoComplete="organization"
            key={form.key('company')}
            {...form.getInputProps('company')}
          />
          <Select
            label={t('Registreren.taal')}
            data={locales.map((l) => ({ value: l, label: localeName[l] }))}
            allowDeselect={false}
            key={form.key('language')}
            {...form.getInputProps('language')}
          />
          <Textarea
            label={t('Registreren.opmerking')}
            autosize
            minRows={3}
            key={form.key('comment')}
            {...form.getInputProps('comment')}
          />
          <Button
            type="submit"
            size="md"
            loading={mutation.isPending}
            leftSection={<IconSend size={18} aria-hidden />}
          >
            {t('Registreren.versturen')}
          </Button>
          <Anchor component={Link} to={paths.inloggen.to()}>
            {t('Registreren.inloggen_link')}
          </Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}
