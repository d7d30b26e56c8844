import { Text } from '@mantine/core';
import { IconFileInvoice } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { buildUrl } from '../../../shared/api/client';
import { downloadFile } from '../../../shared/api/download-file';
import { useStore } from '../../../shared/lib/store';
import { useUrlFilters } from '../../../shared/lib/use-url-filters';
import { selectedLocationStore } from '../../../shared/session/location';
import { ExportMenu } from '../../../shared/ui/ExportMenu';
import { useFormat } from '../../../shared/ui/format';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { QueryState } from '../../../shared/ui/QueryState';
import { ResultList } from '../../../shared/ui/ResultList';
import { EmptyView } from '../../../shared/ui/StateViews';
import { invoiceQuery, useInvoices } from '../api/invoices';
import { InvoiceDialog } from '../components/InvoiceDialog';
import { InvoiceFilters, InvoiceScope } from '../components/InvoiceFilters';
import { InvoiceRows } from '../components/InvoiceRows';
import { InvoicingRun } from '../components/InvoicingRun';

// The invoices page (issue #13 part 3): the selected location's invoices and credit memos, or those of all my
// locations; filters by kind, status, period and words; one document's lines in a dialog with its PDF; the list as
// XLSX or CSV. The equipment department also marks a document paid and corrects an invoice with a credit memo.

const PAGE_SIZE = 25;

export function FacturenPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const location = useStore(selectedLocationStore);
  const { get, page, set, setPage } = useUrlFilters();
  const all = get('scope') === 'all' || !location;
  const filter = {
    kind: get('kind'),
    status: get('status'),
    from: get('from'),
    until: get('until'),
    query: get('q'),
  };
  const scope = { ...filter, locationNo: all ? null : (location?.locationNo ?? null) };
  const invoices = useInvoices({ ...scope, page, pageSize: PAGE_SIZE });
  const filtered = Boolean(filter.kind || filter.status || filter.from || filter.until || filter.query);
  const exportTo = (format: 'xlsx' | 'csv') =>
    downloadFile(buildUrl('/SalesInvoices/export', { ...invoiceQuery(scope), format }), `facturen.${format}`);
  // opening and closing a document are steps of the history (back closes it, forward opens it again)
  const open = (id: string | undefined) => set({ invoice: id }, { keepPage: true, push: true });

  return (
    <>
      <PageHeader
        description={
          all ? t('Facturen.alle_locaties_uitleg') : `${t('Locatie.titel')}: ${location?.label ?? ''}`
        }
        actions={<ExportMenu onExport={exportTo} label={t('Facturen.exporteren')} testId="invoice-export" />}
      />
      {location && (
        <InvoiceScope all={all} location={location} onChange={(a) => set({ scope: a ? 'all' : undefined })} />
      )}
      <InvoiceFilters filter={filter} set={set} />
      <QueryState
        query={invoices}
        errorKey="Facturen.ophalen_error"
        isEmpty={(data) => data.items.length === 0}
        empty={
          <EmptyView
            title={
              filtered
                ? t('Facturen.geen_facturen_filter')
                : t(all ? 'Facturen.geen_facturen_alle' : 'Facturen.geen_facturen')
            }
            icon={<IconFileInvoice size={28} aria-hidden />}
          />
        }
      >
        {({ items, total, totals }) => (
          <ResultList
            total={total}
            page={page}
            pageSize={PAGE_SIZE}
            onPage={setPage}
            busy={invoices.isPlaceholderData}
            aside={
              <Text size="sm" data-testid="invoice-totals">
                {t('Facturen.totaal_incl')}: <strong>{format.money(totals.amountInclVat)}</strong> ·{' '}
                {t('Facturen.openstaand')}: <strong>{format.money(totals.openInclVat)}</strong>
              </Text>
            }
          >
            <InvoiceRows items={items} all={all} onOpen={open} />
          </ResultList>
        )}
      </QueryState>
      <InvoiceDialog id={get('invoice') || null} onClose={() => open(undefined)} />
    </>
  );
}

/** The department's invoicing run (/materieeldienst/facturatie). */
export const FacturatiePage = () => <InvoicingRun />;
