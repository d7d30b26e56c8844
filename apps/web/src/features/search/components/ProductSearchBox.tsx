import {
  ActionIcon,
  CloseButton,
  Combobox,
  Group,
  Image,
  Loader,
  Text,
  TextInput,
  useCombobox,
} from '@mantine/core';
import type { QuickSearchResult } from '@mp/contract/api/shell';
import { isSearchable, QUICK_SEARCH_DEBOUNCE_MS, searchWords } from '@mp/contract/rules/quick-search';
import { IconSearch } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSettings } from '../../../shared/api/get-settings';
import { localeStore } from '../../../shared/i18n/locale';
import { paths } from '../../../shared/lib/paths';
import { useStore } from '../../../shared/lib/store';
import { clearSelectedItemIds } from '../../../shared/session/selected-items';
import { Highlight } from '../../../shared/ui/Highlight';
import { NoImage } from '../../../shared/ui/NoImage';
import { quickSearchQueryOptions, useQuickSearch } from '../api/quick-search';

export const PRODUCT_SEARCH_INPUT_ID = 'product-search';

const optionValue = (r: QuickSearchResult) => `${r.isSet ? 'set' : 'item'}:${r.materieelSoort}`;

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

  return (
    <Combobox
      store={combobox}
      onOptionSubmit={(value) => {
        const r = byValue(value);
        if (r) go(r);
      }}
      withinPortal
      position="bottom-start"
      // the dropdown exists only while open: kept mounted it is positioned (a forced layout) while the page
      // starts, and its portal and transition would mount with the search box
      keepMounted={false}
    >
      <Combobox.Target withExpandedAttribute>
        <TextInput
          id={PRODUCT_SEARCH_INPUT_ID}
          type="search"
          label={t('nav.zoeken')}
          labelProps={hideLabel ? { className: 'visually-hidden-label' } : undefined}
          placeholder={dropdownLabel}
          value={text}
          size={size}
          radius="md"
          autoComplete="off"
          enterKeyHint="search"
          leftSection={<IconSearch size={18} aria-hidden />}
          rightSectionWidth={text ? 84 : 44}
          rightSection={
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
          }
          onChange={(e) => {
            const value = e.currentTarget.value;
            setText(value);
            if (isSearchable(value)) combobox.openDropdown();
            else combobox.closeDropdown();
            combobox.resetSelectedOption();
          }}
          onFocus={() => {
            if (searchable) combobox.openDropdown();
          }}
          onBlur={() => combobox.closeDropdown()}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && combobox.getSelectedOptionIndex() === -1) {
              e.preventDefault();
              void submit();
            }
          }}
          data-testid="product-search"
        />
      </Combobox.Target>
      {combobox.dropdownOpened && (
        <Combobox.Dropdown hidden={!searchable} miw={300}>
          <Combobox.Options aria-label={dropdownLabel} mah={420} style={{ overflowY: 'auto' }}>
            {loading && results.length === 0 ? (
              <Combobox.Empty>
                <Group gap="xs" justify="center">
                  <Loader size="xs" aria-hidden />
                  {t('shared.laden')}
                </Group>
              </Combobox.Empty>
            ) : results.length === 0 ? (
              <Combobox.Empty>
                {query.isError ? t('Zoeken.ophalen_error') : t('shared.geen_resultaten')}
              </Combobox.Empty>
            ) : (
              results.map((r) => (
                <Combobox.Option value={optionValue(r)} key={optionValue(r)}>
                  <Group gap="sm" wrap="nowrap">
                    {showPreview &&
                      (r.imageUrl ? (
                        <Image
                          src={r.imageUrl}
                          alt=""
                          w={50}
                          h={50}
                          fit="contain"
                          radius="sm"
                          loading="lazy"
                        />
                      ) : (
                        <NoImage size={50} />
                      ))}
                    <div>
                      <Text size="sm">
                        {r.isSet && (
                          <Text span fw={700} c="brand.7" mr={4}>
                            {t('shared.set_label')}
                          </Text>
                        )}
                        <Highlight text={r.materieelOmschrijving} words={words} />
                      </Text>
                      <Text size="xs" c="dimmed">
                        {r.materieelSoort}
                        {r.omschrijving && r.omschrijving !== r.materieelOmschrijving
                          ? ` · ${r.omschrijving}`
                          : ''}
                      </Text>
                    </div>
                  </Group>
                </Combobox.Option>
              ))
            )}
          </Combobox.Options>
        </Combobox.Dropdown>
      )}
    </Combobox>
  );
}
