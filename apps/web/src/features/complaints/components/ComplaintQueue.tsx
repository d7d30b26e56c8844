import { complaintStatuses, complaintStatusKey } from '@mp/contract/rules/complaints';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../shared/lib/paths';
import { QueryState } from '../../../shared/ui/QueryState';
import { QueueTabs } from '../../../shared/ui/QueueTabs';
import { ResultList } from '../../../shared/ui/ResultList';
import { EmptyView } from '../../../shared/ui/StateViews';
import { useComplaintQueue } from '../api/complaints';
import { ListFilters, PAGE_SIZE, useListFilters } from './ComplaintList';
import { ComplaintRows } from './ComplaintRows';

/** The department's queue: every customer's complaints, a tab per status with its count, searchable. */
export function ComplaintQueue() {
  const { t } = useTranslation();
  const filters = useListFilters();
  const { status, query, page, set } = filters;
  const queue = useComplaintQueue({ status, query, page, pageSize: PAGE_SIZE });
  const counts = queue.data?.counts;
  const all = counts ? Object.values(counts).reduce((a, b) => a + b, 0) : undefined;
  return (
    <>
      <QueueTabs
        value={status ?? 'all'}
        onChange={(v) => set({ status: v !== 'all' ? v : undefined })}
        tabs={[
          { value: 'all', label: t('shared.alle'), count: all },
          ...complaintStatuses.map((s) => ({
            value: s,
            label: t(complaintStatusKey[s]),
            count: counts?.[s],
          })),
        ]}
        testId="complaint-queue-tabs"
      />
      <ListFilters filters={filters} searchLabel={t('Klachten.dienst.zoeken')} />
      <QueryState
        query={queue}
        errorKey="Klachten.ophalen_error"
        isEmpty={(data) => data.items.length === 0}
        empty={<EmptyView title={t('Klachten.dienst.geen_klachten')} />}
      >
        {(data) => (
          <ResultList
            total={data.total}
            page={page}
            pageSize={PAGE_SIZE}
            onPage={filters.setPage}
            busy={queue.isPlaceholderData}
          >
            <ComplaintRows
              items={data.items}
              link={(id) => paths.materieeldienstKlacht.to(id)}
              showLocation
              extra={{
                label: t('Klachten.dienst.klant'),
                value: (c) => ('customerName' in c ? String(c.customerName ?? '') : ''),
              }}
            />
          </ResultList>
        )}
      </QueryState>
    </>
  );
}
