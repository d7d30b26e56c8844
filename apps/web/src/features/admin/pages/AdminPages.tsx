import {
  Accordion,
  Anchor,
  Badge,
  Card,
  Group,
  SimpleGrid,
  Stack,
  Table,
  Text,
  ThemeIcon,
} from '@mantine/core';
import {
  type SettingKey,
  settingDefinition,
  settingKeysOfGroup,
  settingsGroups,
} from '@mp/contract/settings';
import {
  IconAdjustments,
  IconCategory,
  IconChartBar,
  IconEye,
  IconFileText,
  IconLanguage,
  IconMail,
  IconPalette,
  IconUsers,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSettingsQuery } from '../../../shared/api/get-settings';
import { localeStore } from '../../../shared/i18n/locale';
import { paths } from '../../../shared/lib/paths';
import { useStore } from '../../../shared/lib/store';
import { AreaPage } from '../../../shared/ui/AreaPage';
import { LoadingBlock } from '../../../shared/ui/LoadingBlock';
import { ErrorView } from '../../../shared/ui/StateViews';
import { useTranslationsView } from '../api/get-translations';
import { AdminGate } from './AdminGate';

function valueText(v: unknown, t: (k: string) => string): string {
  if (typeof v === 'boolean') return v ? t('shared.ja') : t('shared.nee');
  if (Array.isArray(v)) return v.length ? v.join(', ') : '–';
  if (v === '' || v === undefined || v === null) return '–';
  return String(v);
}

const adminLinks: { to: string; labelKey: string; icon: ReactNode }[] = [
  {
    to: paths.contentPaginasBeheer.to(),
    labelKey: 'Settings.beheer.content_paginas',
    icon: <IconFileText size={20} />,
  },
  {
    to: paths.corporateIdentity.to(),
    labelKey: 'Settings.beheer.corporate_identity',
    icon: <IconPalette size={20} />,
  },
  { to: paths.mailTemplates.to(), labelKey: 'Settings.beheer.mail_templates', icon: <IconMail size={20} /> },
  { to: paths.categories.to(), labelKey: 'Settings.beheer.categories', icon: <IconCategory size={20} /> },
  { to: paths.translations.to(), labelKey: 'Settings.beheer.vertalingen', icon: <IconLanguage size={20} /> },
  { to: paths.gebruikers.to(), labelKey: 'Settings.beheer.gebruikers', icon: <IconUsers size={20} /> },
  { to: paths.rapportages.to(), labelKey: 'Settings.beheer.rapportages', icon: <IconChartBar size={20} /> },
  { to: paths.paginaGebruik.to(), labelKey: 'Settings.beheer.paginagebruik', icon: <IconEye size={20} /> },
];

/** Settings: the admin links and every settings group with its current values (from Settings/all). */
export function SettingsPage() {
  const { t } = useTranslation();
  const locale = useStore(localeStore);
  const query = useSettingsQuery();
  const settingValue = (key: SettingKey): unknown => {
    const d = query.data;
    if (!d) return undefined;
    return d.boolValues[key] ?? d.intValues[key] ?? d.stringValues[key] ?? d.multiStrings[key];
  };
  return (
    <AreaPage>
      <AdminGate>
        <Stack gap="xl">
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
            {adminLinks.map((l) => (
              <Card key={l.to} withBorder radius="md" padding="sm">
                <Group gap="sm" wrap="nowrap">
                  <ThemeIcon variant="light" size={36} aria-hidden>
                    {l.icon}
                  </ThemeIcon>
                  <Anchor component={Link} to={l.to} fw={600} c="inherit">
                    {t(l.labelKey)}
                  </Anchor>
                </Group>
              </Card>
            ))}
          </SimpleGrid>
          {query.isPending ? (
            <LoadingBlock />
          ) : query.isError ? (
            <ErrorView error={query.error} onRetry={() => void query.refetch()} />
          ) : (
            <Accordion variant="separated" radius="md" chevronPosition="left">
              {settingsGroups.map((group) => {
                const keys = settingKeysOfGroup(group);
                return (
                  <Accordion.Item value={group} key={group}>
                    <Accordion.Control icon={<IconAdjustments size={18} aria-hidden />}>
                      <Group gap="xs">
                        <Text fw={600}>{t(`Settings.groepen.${group}`)}</Text>
                        <Badge variant="light" color="gray" size="sm">
                          {keys.length}
                        </Badge>
                      </Group>
                    </Accordion.Control>
                    <Accordion.Panel>
                      <Table.ScrollContainer minWidth={0}>
                        <Table verticalSpacing="xs" layout="fixed">
                          <Table.Tbody>
                            {keys.map((key) => {
                              const def = settingDefinition(key);
                              return (
                                <Table.Tr key={key}>
                                  <Table.Td>
                                    <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                                      {key}
                                    </Text>
                                    <Text size="xs" c="dimmed">
                                      {def.description[locale]}
                                    </Text>
                                  </Table.Td>
                                  <Table.Td w="35%" style={{ overflowWrap: 'anywhere' }}>
                                    <Text size="sm">
                                      {def.secret
                                        ? settingValue(key)
                                          ? t('Settings.geheim_ingesteld')
                                          : t('Settings.geheim_niet_ingesteld')
                                        : valueText(settingValue(key), t)}
                                    </Text>
                                  </Table.Td>
                                </Table.Tr>
                              );
                            })}
                          </Table.Tbody>
                        </Table>
                      </Table.ScrollContainer>
                    </Accordion.Panel>
                  </Accordion.Item>
                );
              })}
            </Accordion>
          )}
        </Stack>
      </AdminGate>
    </AreaPage>
  );
}

/** Translations: how many texts the current language has and how many an admin changed. */
export function TranslationsPage() {
  const { t } = useTranslation();
  const locale = useStore(localeStore);
  const query = useTranslationsView(locale);
  return (
    <AreaPage>
      <AdminGate>
        {query.isPending ? (
          <LoadingBlock />
        ) : query.isError ? (
          <ErrorView error={query.error} onRetry={() => void query.refetch()} />
        ) : (
          <Stack gap="sm">
            <Group gap="sm">
              <Badge variant="light" size="lg">
                {t('Translations.sleutel')}: {Object.keys(query.data.translations).length}
              </Badge>
              <Badge variant="light" color="secondary" size="lg">
                {t('Translations.aangepast')}: {Object.keys(query.data.overrides).length}
              </Badge>
            </Group>
            {Object.keys(query.data.overrides).length > 0 && (
              <Table withTableBorder>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('Translations.sleutel')}</Table.Th>
                    <Table.Th>{t('Translations.aangepast')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {Object.entries(query.data.overrides).map(([k, v]) => (
                    <Table.Tr key={k}>
                      <Table.Td>{k}</Table.Td>
                      <Table.Td>{v}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </Stack>
        )}
      </AdminGate>
    </AreaPage>
  );
}

/** The other admin pages: title, breadcrumb and the admin check. */
export function AdminAreaPage() {
  return (
    <AreaPage>
      <AdminGate>{null}</AdminGate>
    </AreaPage>
  );
}

/** Pages any signed-in user may open whose content comes with a later issue. */
export function SignedInAreaPage() {
  return <AreaPage />;
}
