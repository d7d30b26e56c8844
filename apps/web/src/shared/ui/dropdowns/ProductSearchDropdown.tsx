import { Combobox, type ComboboxStore, Group, Image, Loader, Text, TextInput } from '@mantine/core';
import type { QuickSearchResult } from '@mp/contract/api/shell';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Highlight } from '../Highlight';
import { NoImage } from '../NoImage';
import type { ComboboxFieldProps } from './combobox-field';
import { optionValue } from './search-option';

/**
 * The product search box's field with its quick results (Combobox): loaded after the first paint, in place of the
 * field alone (features/search ProductSearchBox).
 */
export function ProductSearchDropdown({
  store,
  field,
  onPick,
  searchable,
  loading,
  results,
  failed,
  showPreview,
  words,
  label,
  takeFocus,
}: {
  store: ComboboxStore;
  field: ComboboxFieldProps;
  onPick: (value: string) => void;
  searchable: boolean;
  loading: boolean;
  results: QuickSearchResult[];
  failed: boolean;
  showPreview: boolean;
  words: readonly string[];
  label: string;
  /** the field alone had the focus as this replaced it: this field takes it over */
  takeFocus: boolean;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const focusAtMount = useRef(takeFocus);
  useEffect(() => {
    // the caret after what was typed; not when the user has moved on to something else meanwhile
    if (!focusAtMount.current || !input.current || document.activeElement !== document.body) return;
    input.current.focus();
    const end = input.current.value.length;
    input.current.setSelectionRange(end, end);
  }, []);
  return (
    <Combobox
      store={store}
      onOptionSubmit={onPick}
      withinPortal
      position="bottom-start"
      // the dropdown exists only while open: kept mounted it is positioned (a forced layout) while the page
      // starts, and its portal and transition would mount with the search box
      keepMounted={false}
    >
      <Combobox.Target withExpandedAttribute>
        <TextInput {...field} ref={input} />
      </Combobox.Target>
      {store.dropdownOpened && (
        <Combobox.Dropdown hidden={!searchable} miw={300}>
          <Combobox.Options aria-label={label} mah={420} style={{ overflowY: 'auto' }}>
            {loading && results.length === 0 ? (
              <Combobox.Empty>
                <Group gap="xs" justify="center">
                  <Loader size="xs" aria-hidden />
                  {t('shared.laden')}
                </Group>
              </Combobox.Empty>
            ) : results.length === 0 ? (
              <Combobox.Empty>
                {failed ? t('Zoeken.ophalen_error') : t('shared.geen_resultaten')}
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
