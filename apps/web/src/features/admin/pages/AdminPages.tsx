import { Anchor, Card, Group, SimpleGrid, Stack, ThemeIcon } from '@mantine/core';
import {
  IconBell,
  IconCategory,
  IconChartBar,
  IconEye,
  IconFileText,
  IconLanguage,
  IconMail,
  IconPalette,
  IconPlugConnected,
  IconSearch,
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
import { useAllTranslations } from '../api/get-translations';
import { useSearchSynonyms } from '../api/search-synonyms';
import { useAllServiceMessages } from '../api/service-messages';
import { ErpConnections } from '../components/ErpConnections';
import { SearchSynonymsEditor } from '../components/SearchSynonymsEditor';
import { ServiceMessagesEditor } from '../components/ServiceMessagesEditor';
import { SettingsEditor } from '../components/SettingsEditor';
import { TranslationsEditor } from '../components/TranslationsEditor';
import { AdminGate, ErpGate } from './AdminGate';

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
  {
    to: paths.serviceMessagesBeheer.to(),
    labelKey: 'Settings.beheer.service_messages',
    icon: <IconBell size={20} />,
  },
  { to: paths.categories.to(), labelKey: 'Settings.beheer.categories', icon: <IconCategory size={20} /> },
  { to: paths.translations.to(), labelKey: 'Settings.beheer.vertalingen', icon: <IconLanguage size={20} /> },
  { to: paths.zoeksynoniemen.to(), labelKey: 'routes.Zoeksynoniemen', icon: <IconSearch size={20} /> },
  {
    to: paths.koppelingen.to(),
    labelKey: 'Settings.beheer.koppelingen',
    icon: <IconPlugConnected size={20} />,
  },
  { to: paths.gebruikers.to(), labelKey: 'Settings.beheer.gebruikers', icon: <IconUsers size={20} /> },
  { to: paths.rapportages.to(), labelKey: 'Settings.beheer.rapportages', icon: <IconChartBar size={20} /> },
  { to: paths.paginaGebruik.to(), labelKey: 'Settings.beheer.paginagebruik', icon: <IconEye size={20} /> },
];

/** Settings: the admin links and every settings group as a form (issue #15 part 1). */
export function SettingsPage() {
  const { t } = useTranslation();
  const locale = useStore(localeStore);
  const query = useSettingsQuery();
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
            <SettingsEditor payload={query.data} locale={locale} />
          )}
        </Stack>
      </AdminGate>
    </AreaPage>
  );
}

/** Translations: every text in the four languages, searchable, the missing first; an admin edits them (#15 part 7). */
export function TranslationsPage() {
  const query = useAllTranslations();
  return (
    <AreaPage>
      <AdminGate>
        {query.isPending ? (
          <LoadingBlock />
        ) : query.isError ? (
          <ErrorView error={query.error} onRetry={() => void query.refetch()} />
        ) : (
          <TranslationsEditor all={query.data} />
        )}
      </AdminGate>
    </AreaPage>
  );
}

/** Service messages: every message per language with its page and period; create, edit, delete (#15 part 6). */
export function ServiceMessagesPage() {
  const locale = useStore(localeStore);
  const query = useAllServiceMessages();
  return (
    <AreaPage>
      <AdminGate>
        {query.isPending ? (
          <LoadingBlock />
        ) : query.isError ? (
          <ErrorView error={query.error} onRetry={() => void query.refetch()} />
        ) : (
          <ServiceMessagesEditor messages={query.data} locale={locale} />
        )}
      </AdminGate>
    </AreaPage>
  );
}

/** Search synonyms: the groups of the list SynoniemCode names (issue #31 item 20). */
export function SearchSynonymsPage() {
  const query = useSearchSynonyms();
  return (
    <AreaPage>
      <AdminGate>
        {query.isPending ? (
          <LoadingBlock />
        ) : query.isError ? (
          <ErrorView error={query.error} onRetry={() => void query.refetch()} />
        ) : (
          <SearchSynonymsEditor key={query.data.code} list={query.data} />
        )}
      </AdminGate>
    </AreaPage>
  );
}

export { CategoriesPage, CategoryDeletePage } from './CategoriesPages';
export { ContentPaginaPage, ContentPaginasPage } from './ContentPages';
export { CorporateIdentityPage } from './CorporateIdentityPages';
export { MailTemplatesPage } from './MailTemplatesPage';

/**
 * Koppelingen: the ERP connection, the sync per entity and the outbox (issue #33, decision 0027); admins and
 * BusinessCentral holders.
 */
export function ErpConnectionsPage() {
  return (
    <AreaPage>
      <ErpGate>
        <ErpConnections />
      </ErpGate>
    </AreaPage>
  );
}
