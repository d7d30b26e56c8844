import { Stack } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useCustomers } from '../../../shared/api/get-customers';
import { useSettings } from '../../../shared/api/get-settings';
import { useStore } from '../../../shared/lib/store';
import { selectedLocationStore } from '../../../shared/session/location';
import { sessionStore } from '../../../shared/session/session';
import { AreaPage } from '../../../shared/ui/AreaPage';
import { preloadCharts } from '../../../shared/ui/charts/LazyBarChart';
import { LoadingBlock } from '../../../shared/ui/LoadingBlock';
import { ErrorView } from '../../../shared/ui/StateViews';
import { usePageUsage } from '../api/page-usage';
import { useReports } from '../api/reports';
import { CustomerCosts } from '../components/CustomerCosts';
import { PageUsage } from '../components/PageUsage';
import { ReportControls, type ReportScope, Reports } from '../components/Reports';
import { ReportsGate } from './AdminGate';

// The report pages (page usage, reports): a chunk of their own; the charts library is one more (LazyBarChart), asked
// for as a page opens, beside its figures, which never wait for it.

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
  useEffect(preloadCharts, []);
  const [days, setDays] = useState(30);
  const query = usePageUsage(days);
  const settings = useSettings();
  // the server counts the portal's views for admins, the own organisation's for anyone else (issue #31 item 5)
  const wholePortal = useStore(sessionStore, (s) => s?.user.isAdmin === true);
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
      wholePortal={wholePortal}
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
  useEffect(preloadCharts, []);
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
      {/* the cost on site across one customer's locations (an admin chooses the customer first) */}
      <CustomerCosts
        customerId={query.customerId}
        enabled={effective.scope === 'customer' && (!isAdmin || query.customerId !== undefined)}
      />
    </Stack>
  );
}
