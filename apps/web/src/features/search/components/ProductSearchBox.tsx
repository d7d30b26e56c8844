import { ActionIcon, CloseButton, Group, useCombobox } from '@mantine/core';
import type { QuickSearchResult } from '@mp/contract/api/shell';
import { isSearchable, QUICK_SEARCH_DEBOUNCE_MS, searchWords } from '@mp/contract/rules/quick-search';
import { IconSearch } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSettings } from '../../../shared/api/get-settings';
import { localeStore } from '../../../shared/i18n/locale';
import { useLaterPart } from '../../../shared/lib/later-part';
import { paths } from '../../../shared/lib/paths';
import { useStore } from '../../../shared/lib/store';
import { clearSelectedItemIds } from '../../../shared/session/selected-items';
import { type ComboboxFieldProps, PlainComboboxField } from '../../../shared/ui/dropdowns/PlainComboboxField';
import { dropdownsPart } from '../../../shared/ui/dropdowns/part';
import { optionValue } from '../../../shared/ui/dropdowns/search-option';
import { quickSearchQueryOptions, useQuickSearch } from '../api/quick-search';

export const PRODUCT_SEARCH_INPUT_ID = 'product-search';

/**
 * The product search box of product §2: quick results after a 400 ms pause from 2 characters, matched words in
 * bold, an optional 50 × 50 preview, 'Set:' for sets; Enter goes to Zoeken or straight to the only result.
 */
export function ProductSearchBox({
  size = 'md',
  hideLabel = false,
}: {
  size?: 'md' | 'lg';
  hideLabel?: boolean;
}) {
  const { t } = useTranslation();
  const Dropdown = useLaterPart(dropdownsPart)?.ProductSearchDropdown;
  const plainFocused = useRef(false);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const locale = useStore(localeStore);
  const settings = useSettings();
  const showPreview = settings.loaded && settings.bool('Zoeken_ShowPreviewImage');
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [text, setText] = useState('');
  const [term, setTerm] = useState('');

  const trimmed = text.trim();
  const searchable = isSearchable(trimmed);
  useEffect(() => {
    if (!searchable) {
      setTerm('');
      return;
    }
    const id = setTimeout(() => setTerm(trimmed), QUICK_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(id);
  }, [trimmed, searchable]);

  const query = useQuickSearch(term, locale, isSearchable(term));
  const loading = searchable && (term !== trimmed || query.isFetching);
  const results = searchable && term === trimmed ? (query.data ?? []) : [];
  const words = useMemo(() => searchWords(term), [term]);

  const go = (r: QuickSearchResult) => {
    combobox.closeDropdown();
    setText('');
    setTerm('');
    clearSelectedItemIds();
    navigate(r.isSet ? paths.set.to(r.materieelSoort) : paths.details.to(r.materieelSoort));
  };

  const submit = async () => {
    if (!searchable) return;
    combobox.closeDropdown();
    let list: QuickSearchResult[] | null = term === trimmed && query.data ? query.data : null;
    if (!list)
      list = await queryClient.fetchQuery(quickSearchQueryOptions(trimmed, locale)).catch(() => null);
    if (list && list.length === 1) go(list[0]);
    else navigate(paths.zoeken.to(trimmed));
  };

  const byValue = (value: string) => results.find((r) => optionValue(r) === value);
  const dropdownLabel = t('banner.zoeken_placeholder');

  // The field's props, the same before and after the dropdown's code arrives.
  const field: ComboboxFieldProps = {
    id: PRODUCT_SEARCH_INPUT_ID,
    type: 'search',
    label: t('nav.zoeken'),
    labelProps: hideLabel ? { className: 'visually-hidden-label' } : undefined,
    placeholder: dropdownLabel,
    value: text,
    size,
    radius: 'md',
    autoComplete: 'off',
    enterKeyHint: 'search',
    leftSection: <IconSearch size={18} aria-hidden />,
    rightSectionWidth: text ? 84 : 44,
    rightSection: (
      <Group gap={2} wrap="nowrap">
        {text && (
          <CloseButton
            onMouseDown={(e) => e.preventDefault()}
            aria-label={t('banner.zoekveld_wissen')}
            onClick={() => {
              setText('');
              setTerm('');
              combobox.closeDropdown();
            }}
          />
        )}
        <ActionIcon
          variant="filled"
          size={size === 'lg' ? 36 : 32}
          aria-label={t('nav.zoeken')}
          onClick={() => void submit()}
        >
          <IconSearch size={18} aria-hidden />
        </ActionIcon>
      </Group>
    ),
    onChange: (e) => {
      const value = e.currentTarget.value;
      setText(value);
      if (isSearchable(value)) combobox.openDropdown();
      else combobox.closeDropdown();
      combobox.resetSelectedOption();
    },
    onFocus: () => {
      if (searchable) combobox.openDropdown();
    },
    onBlur: () => combobox.closeDropdown(),
    onKeyDown: (e) => {
      if (e.key === 'Enter' && combobox.getSelectedOptionIndex() === -1) {
        e.preventDefault();
        void submit();
      }
    },
    'data-testid': 'product-search',
  };

  // Until the dropdown's code (Combobox, Popover, Floating UI) has loaded after the first paint, the field alone:
  // typing, Enter and the search button work; the quick results show as soon as it arrives.
  if (!Dropdown) return <PlainComboboxField field={field} focused={plainFocused} />;
  return (
    <Dropdown
      store={combobox}
      field={field}
      onPick={(value) => {
        const r = byValue(value);
        if (r) go(r);
      }}
      searchable={searchable}
      loading={loading}
      results={results}
      failed={query.isError}
      showPreview={showPreview}
      words={words}
      label={dropdownLabel}
      takeFocus={plainFocused.current}
    />
  );
}
