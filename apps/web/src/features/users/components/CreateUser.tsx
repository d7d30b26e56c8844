import { Checkbox, Paper, Select, Stack } from '@mantine/core';
import { locales } from '@mp/contract/i18n';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../../shared/lib/paths';
import { AreaPage } from '../../../shared/ui/AreaPage';
import { QueryState } from '../../../shared/ui/QueryState';
import { snackbar } from '../../../shared/ui/snackbar/snackbar-store';
import { useCreateUser, useUserFormOptions } from '../api/users';
import { initialValues, UserForm } from './UserForm';

/** A new user: the form, and an invitation mail with a link to set the password (default on). */
export function CreateUser() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const options = useUserFormOptions();
  const create = useCreateUser();
  const [sendEmail, setSendEmail] = useState(true);
  const [language, setLanguage] = useState<string | null>(null);
  return (
    <AreaPage>
      <QueryState query={options}>
        {(o) => (
          <UserForm
            options={o}
            initial={initialValues(o)}
            submitLabel={t('Gebruikers.nieuwe_gebruiker')}
            pending={create.isPending}
            extra={
              <Paper withBorder radius="md" p="md">
                <Stack gap="sm">
                  <Checkbox
                    label={t('Gebruikers.uitnodiging_sturen')}
                    checked={sendEmail}
                    onChange={(e) => setSendEmail(e.currentTarget.checked)}
                    data-testid="user-send-email"
                  />
                  {sendEmail && (
                    <Select
                      label={t('Gebruikers.uitnodiging_taal')}
                      placeholder={t('shared.taal')}
                      data={locales.map((l) => ({ value: l, label: t(`talen.${l}`) }))}
                      value={language}
                      onChange={setLanguage}
                      clearable
                      clearButtonProps={{ 'aria-label': t('shared.wissen') }}
                      maw={320}
                      data-testid="user-invite-language"
                    />
                  )}
                </Stack>
              </Paper>
            }
            onSubmit={async (input) => {
              const created = await create.mutateAsync({ input, sendEmail, language: language ?? undefined });
              snackbar.success(
                created.invited ? 'Gebruikers.uitnodiging_verstuurd' : 'Gebruikers.aangemaakt',
              );
              navigate(paths.gebruikers.to());
            }}
          />
        )}
      </QueryState>
    </AreaPage>
  );
}
