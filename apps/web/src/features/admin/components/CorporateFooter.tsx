import {
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Switch,
  Tabs,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import type { SettingsPayload } from '@mp/contract/api/settings';
import { termsUrlPattern } from '@mp/contract/api/shell';
import { type Locale, locales } from '@mp/contract/i18n/locales';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorNode, serverFieldErrors } from '../../../shared/lib/form-errors';
import columnClasses from '../../../shared/ui/footer-column.module.css';
import { QueryState } from '../../../shared/ui/QueryState';
import { SafeHtml } from '../../../shared/ui/SafeHtml';
import { snackbar } from '../../../shared/ui/snackbar/snackbar-store';
import {
  type FooterColumnName,
  footerColumnNames,
  useFootersOf,
  useSaveCorporateSettings,
  useSaveFooter,
} from '../api/corporate-identity';

import { Section, settingFields } from './corporate-identity-parts';

const columnLabel: Record<FooterColumnName, string> = {
  footer_column_one: 'corporate_identity.column_one',
  footer_column_two: 'corporate_identity.column_two',
  footer_column_three: 'corporate_identity.column_three',
};

function FooterColumnEditor({
  locale,
  columnName,
  html,
  fromDutch,
}: {
  locale: Locale;
  columnName: FooterColumnName;
  html: string;
  fromDutch: boolean;
}) {
  const { t } = useTranslation();
  const save = useSaveFooter();
  const [value, setValue] = useState(html);
  useEffect(() => setValue(html), [html]);
  const id = `${locale}-${columnName}`;
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(
          { locale, columnName, html: value },
          {
            onSuccess: () => snackbar.success('corporate_identity.column_saved'),
            onError: (err) => snackbar.error(err),
          },
        );
      }}
    >
      <Stack gap="xs">
        <Textarea
          label={t('corporate_identity.footer_kolom', {
            column: t(columnLabel[columnName]),
            language: t(`talen.${locale}`),
          })}
          description={fromDutch ? t('corporate_identity.footer_uit_nl') : undefined}
          value={value}
          onChange={(e) => setValue(e.currentTarget.value)}
          autosize
          minRows={4}
          maxRows={14}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
          data-testid={`ci-footer-${id}`}
        />
        <Text size="xs" fw={500} id={`ci-footer-preview-label-${id}`}>
          {t('corporate_identity.footer_voorbeeld')}
        </Text>
        {/* as the footer shows it: sanitized, on the footer's colours, headings under the column */}
        <Paper
          component="section"
          aria-labelledby={`ci-footer-preview-label-${id}`}
          radius="sm"
          p="sm"
          bg="var(--mantine-color-gray-9)"
          c="var(--mantine-color-gray-2)"
          data-testid={`ci-footer-preview-${id}`}
        >
          {value.trim() === '' ? (
            <Text size="sm">{t('corporate_identity.footer_leeg')}</Text>
          ) : (
            <SafeHtml html={value} headingLevel={3} className={columnClasses.column} />
          )}
        </Paper>
        <Group>
          <Button
            type="submit"
            size="sm"
            loading={save.isPending}
            disabled={value === html && !fromDutch}
            data-testid={`ci-footer-save-${id}`}
          >
            {t('shared.opslaan')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function FooterLocale({ locale }: { locale: Locale }) {
  const query = useFootersOf(locale);
  return (
    <QueryState query={query}>
      {(columns) => (
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
          {footerColumnNames.map((name) => {
            const column = columns.find((c) => c.columnName === name);
            return (
              <FooterColumnEditor
                key={name}
                locale={locale}
                columnName={name}
                html={column?.html ?? ''}
                fromDutch={!!column && column.locale !== locale}
              />
            );
          })}
        </SimpleGrid>
      )}
    </QueryState>
  );
}

function FooterSettings({ payload }: { payload: SettingsPayload }) {
  const { t } = useTranslation();
  const save = useSaveCorporateSettings();
  const stored = {
    EnableFooterNavigation: payload.boolValues.EnableFooterNavigation ?? true,
    ShowTermsAndConditionsLink: payload.boolValues.ShowTermsAndConditionsLink ?? false,
    TermsAndConditionsUrl: String(payload.stringValues.TermsAndConditionsUrl ?? ''),
  };
  const [draft, setDraft] = useState(stored);
  const [errors, setErrors] = useState<Record<string, ReactNode>>({});
  const storedKey = JSON.stringify(stored);
  // biome-ignore lint/correctness/useExhaustiveDependencies: storedKey stands for the stored values
  useEffect(() => setDraft(stored), [storedKey]);
  const changed = JSON.stringify(draft) !== storedKey;

  const submit = () => {
    const url = draft.TermsAndConditionsUrl.trim();
    const local: Record<string, ReactNode> = {};
    if ((url === '' && draft.ShowTermsAndConditionsLink) || !termsUrlPattern.test(url))
      local.TermsAndConditionsUrl = errorNode({ key: 'corporate_identity.terms_url_fout' });
    setErrors(local);
    if (Object.keys(local).length) return;
    save.mutate(
      { values: { ...draft, TermsAndConditionsUrl: url } },
      {
        onSuccess: () => snackbar.success('corporate_identity.instellingen_opgeslagen'),
        onError: (e) => {
          const fields = serverFieldErrors(e, settingFields);
          if (fields) setErrors(fields);
          snackbar.error(e);
        },
      },
    );
  };

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Stack gap="sm">
        <Title order={3} size="h4">
          {t('corporate_identity.footer_instellingen')}
        </Title>
        <Switch
          label={t('corporate_identity.EnableFooterNavigation')}
          checked={draft.EnableFooterNavigation}
          onChange={(e) => {
            const checked = e.currentTarget.checked;
            setDraft((d) => ({ ...d, EnableFooterNavigation: checked }));
          }}
          data-testid="ci-footer-nav"
        />
        <Switch
          label={t('corporate_identity.ShowTermsAndConditionsLink')}
          checked={draft.ShowTermsAndConditionsLink}
          onChange={(e) => {
            const checked = e.currentTarget.checked;
            setDraft((d) => ({ ...d, ShowTermsAndConditionsLink: checked }));
          }}
          data-testid="ci-footer-terms"
        />
        <TextInput
          type="url"
          label={t('corporate_identity.TermsAndConditionsUrl')}
          placeholder="https://"
          value={draft.TermsAndConditionsUrl}
          onChange={(e) => {
            const v = e.currentTarget.value;
            setDraft((d) => ({ ...d, TermsAndConditionsUrl: v }));
          }}
          error={errors.TermsAndConditionsUrl}
          maw={560}
          data-testid="ci-footer-terms-url"
        />
        <Group>
          <Button
            type="submit"
            loading={save.isPending}
            disabled={!changed}
            data-testid="ci-footer-settings-save"
          >
            {t('shared.opslaan')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function FooterSection({ payload, locale }: { payload: SettingsPayload; locale: Locale }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<string | null>(locale);
  return (
    <Section id="ci-footer" title={t('corporate_identity.footer')}>
      <Stack gap="lg">
        <Text size="sm">{t('corporate_identity.footer_intro')}</Text>
        <Tabs value={tab} onChange={setTab} keepMounted={false}>
          <Tabs.List>
            {locales.map((l) => (
              <Tabs.Tab key={l} value={l} data-testid={`ci-footer-tab-${l}`}>
                {t(`talen.${l}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {locales.map((l) => (
            <Tabs.Panel key={l} value={l} pt="md">
              <FooterLocale locale={l} />
            </Tabs.Panel>
          ))}
        </Tabs>
        <FooterSettings payload={payload} />
      </Stack>
    </Section>
  );
}
