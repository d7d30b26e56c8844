import { type ComplaintStatus, complaintStatuses, complaintStatusKey } from '@mp/contract/rules/complaints';
import { IconMessageCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useUrlFilters } from '../../../shared/lib/use-url-filters';
import { FilterBar, FilterSelect } from '../../../shared/ui/FilterBar';
import { QueryState } from '../../../shared/ui/QueryState';
import { ResultList } from '../../../shared/ui/ResultList';
import { EmptyView } from '../../../shared/ui/StateViews';
import { type ListScope, useComplaints } from '../api/complaints';
import { ComplaintRows } from './ComplaintRows';

export const PAGE_SIZE = 25;

/** The list's filters in the address (status, q, page), so a reload or a shared link shows the same. */
export function useListFilters() {
  const filters = useUrlFilters();
  const statusParam = filters.get('status');
  const status = (complaintStatuses as readonly string[]).includes(statusParam)
    ? (statusParam as ComplaintStatus)
    : undefined;
  return { ...filters, status, query: filters.get('q') };
}

/** Word search and the status above a list. */
export function ListFilters({
  filters,
  searchLabel,
}: {
  filters: ReturnType<typeof useListFilters>;
  searchLabel: string;
}) {
  const { t } = useTranslation();
  return (
    <FilterBar
      label={searchLabel}
      query={filters.query}
      onSearch={(q) => filters.set({ q })}
      testId="complaint-search"
    >
      <FilterSelect
        label={t('shared.status')}
        placeholder={t('Klachten.alle_statussen')}
        data={complaintStatuses.map((s) => ({ value: s, label: t(complaintStatusKey[s]) }))}
        value={filters.status ?? ''}
        onChange={(status) => filters.set({ status })}
        data-testid="complaint-status-filter"
      />
    </FilterBar>
  );
}

/** A list of complaints (one location, all mine, management) with its states: loading, error, empty, rows. */
export function ComplaintListView({ scope, link }: { scope: ListScope; link: (id: string) => string }) {
  const { t } = useTranslation();
  const filters = useListFilters();
  const { status, query, page } = filters;
  const list = useComplaints({ scope, status, query, page, pageSize: PAGE_SIZE });
  return (
    <>
      <ListFilters filters={filters} searchLabel={t('Klachten.zoeken')} />
      <QueryState
        query={list}
        errorKey="Klachten.ophalen_error"
        isEmpty={(data) => data.items.length === 0}
        empty={
          <EmptyView
            title={status || query ? t('Klachten.geen_klachten_filter') : t('Klachten.geen_klachten')}
            icon={<IconMessageCircle size={28} aria-hidden />}
          />
        }
      >
        {(data) => (
          <ResultList
            total={data.total}
            page={page}
            pageSize={PAGE_SIZE}
            onPage={filters.setPage}
            busy={list.isPlaceholderData}
          >
            <ComplaintRows items={data.items} link={link} showLocation={scope.kind !== 'location'} />
          </ResultList>
        )}
      </QueryState>
    </>
  );
}
