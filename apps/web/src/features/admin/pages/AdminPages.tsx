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
  IconUsers,
} from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCustomers } from '../../../shared/api/get-customers';
import { useSettings, useSettingsQuery } from '../../../shared/api/get-settings';
import { localeStore } from '../../../shared/i18n/locale';
import { paths } from '../../../shared/lib/paths';
import { useStore } from '../../../shared/lib/store';
import { selectedLocationStore } from '../../../shared/session/location';
import { sessionStore } from '../../../shared/session/session';
import { AreaPage } from '../../../shared/ui/AreaPage';
import { LoadingBlock } from '../../../shared/ui/LoadingBlock';
import { ErrorView } from '../../../shared/ui/StateViews';
import { useAllTranslations } from '../api/get-translations';
import { usePageUsage } from '../api/page-usage';
import { useReports } from '../api/reports';
import { useAllServiceMessages } from '../api/service-messages';
import { PageUsage } from '../components/PageUsage';
import { ReportControls, type ReportScope, Reports } from '../components/Reports';
import { ServiceMessagesEditor } from '../components/ServiceMessagesEditor';
import { SettingsEditor } from '../components/SettingsEditor';
import { TranslationsEditor } from '../components/TranslationsEditor';
import { AdminGate, ReportsGate } from './AdminGate';

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

/** Page usage: views per day and per screen over a period (#15 part 8; admins and AppRapportage). */
export function PaginaGebruikPage() {
  return (
    <AreaPage>
      <ReportsGate>
        <PageUsageContent />
      </ReportsGate>
    </AreaPage>
  );
}

function PageUsageContent() {
  const [days, setDays] = useState(30);
  const query = usePageUsage(days);
  const settings = useSettings();
  return query.isPending ? (
    <LoadingBlock />
  ) : query.isError ? (
    <ErrorView error={query.error} onRetry={() => void query.refetch()} />
  ) : query.data ? (
    <PageUsage
      stats={query.data}
      days={days}
      onDays={setDays}
      trackingOn={!settings.loaded || settings.bool('EnablePageTracking')}
    />
  ) : null;
}

/** Reports: requests and orders by status, open points, outstanding costs (#15 part 9; admins and AppRapportage). */
export function RapportagesPage() {
  return (
    <AreaPage>
      <ReportsGate>
        <ReportsContent />
      </ReportsGate>
    </AreaPage>
  );
}

function ReportsContent() {
  const location = useStore(selectedLocationStore);
  const isAdmin = useStore(sessionStore, (s) => s?.user.isAdmin === true);
  const customers = useCustomers('', isAdmin);
  const [scope, setScope] = useState<ReportScope>({ scope: 'customer' });
  const [months, setMonths] = useState(12);
  // a location scope follows the selected location; without one the customer's report shows
  const effective: ReportScope =
    scope.scope === 'location' && location
      ? { scope: 'location', plantLocation: location.locationNo }
      : scope;
  const query = {
    scope: effective.scope,
    plantLocation: effective.scope === 'location' ? effective.plantLocation : undefined,
    customerId: effective.scope === 'customer' ? effective.customerId : undefined,
    months: String(months),
  };
  const reports = useReports(query);
  return (
    <Stack gap="lg">
      <ReportControls
        scope={effective}
        onScope={setScope}
        months={months}
        onMonths={setMonths}
        locationNo={location?.locationNo ?? null}
        customers={
          isAdmin
            ? (customers.data ?? []).map((c) => ({ value: c.id, label: `${c.name} (${c.customerNo})` }))
            : null
        }
      />
      {reports.isPending ? (
        <LoadingBlock />
      ) : reports.isError ? (
        <ErrorView error={reports.error} onRetry={() => void reports.refetch()} />
      ) : reports.data ? (
        <Reports answer={reports.data} query={query} />
      ) : null}
    </Stack>
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
