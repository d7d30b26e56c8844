import { SegmentedControl, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FilterBar, FilterSelect } from '../../../shared/ui/FilterBar';
import { kindKey } from './invoice-parts';

/** The invoice list's filters as they stand in the address. */
export interface InvoiceFilter {
  kind: string;
  status: string;
  from: string;
  until: string;
  query: string;
}

/** This location's documents or all of mine (when a location is selected). */
export function InvoiceScope({
  all,
  location,
  onChange,
}: {
  all: boolean;
  location: { locationNo: string };
  onChange: (all: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <SegmentedControl
      mb="md"
      value={all ? 'all' : 'location'}
      onChange={(v) => onChange(v === 'all')}
      data={[
        { value: 'location', label: `${t('Facturen.deze_locatie')} (${location.locationNo})` },
        { value: 'all', label: t('Facturen.alle_locaties') },
      ]}
      aria-label={t('Facturen.bereik')}
      data-testid="invoice-scope"
    />
  );
}

/** Words, kind, status and the period of the documents. */
export function InvoiceFilters({
  filter,
  set,
}: {
  filter: InvoiceFilter;
  set: (next: Partial<Record<'q' | keyof InvoiceFilter, string | undefined>>) => void;
}) {
  const { t } = useTranslation();
  const date = { styles: { input: { minHeight: 44 } }, w: 170 };
  return (
    <FilterBar
      label={t('Facturen.zoeken')}
      placeholder={t('Facturen.zoeken_hint')}
      query={filter.query}
      onSearch={(q) => set({ q })}
      testId="invoice-search"
    >
      <FilterSelect
        label={t('Facturen.soort_kolom')}
        data={(['invoice', 'credit_memo'] as const).map((k) => ({ value: k, label: t(kindKey[k]) }))}
        value={filter.kind}
        onChange={(kind) => set({ kind })}
        w={170}
        data-testid="invoice-kind"
      />
      <FilterSelect
        label={t('shared.status')}
        data={(['open', 'overdue', 'paid'] as const).map((s) => ({
          value: s,
          label: t(`Facturen.status.${s}`),
        }))}
        value={filter.status}
        onChange={(status) => set({ status })}
        w={170}
        data-testid="invoice-status"
      />
      <TextInput
        type="date"
        label={t('Facturen.vanaf')}
        value={filter.from}
        onChange={(e) => set({ from: e.currentTarget.value || undefined })}
        {...date}
      />
      <TextInput
        type="date"
        label={t('Facturen.tot_en_met')}
        value={filter.until}
        onChange={(e) => set({ until: e.currentTarget.value || undefined })}
        {...date}
      />
    </FilterBar>
  );
}
