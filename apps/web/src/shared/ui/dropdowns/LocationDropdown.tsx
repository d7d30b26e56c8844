import { Combobox, type ComboboxStore, Group, Text, TextInput } from '@mantine/core';
import type { PlantLocation } from '@mp/contract/api/shell';
import { locationLabel } from '@mp/contract/rules/location-filter';
import { IconLock } from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef } from 'react';
import type { ComboboxFieldProps } from './combobox-field';

/**
 * The location selector's field with its dropdown (Combobox): loaded after the first paint, in place of the field
 * alone (features/locations LocationSelector).
 */
export function LocationDropdown({
  store,
  field,
  rightSection,
  onPick,
  options,
  selectedNo,
  emptyText,
  blockedText,
  takeFocus,
}: {
  store: ComboboxStore;
  field: ComboboxFieldProps;
  rightSection: ReactNode;
  onPick: (locationNo: string) => void;
  options: PlantLocation[];
  selectedNo: string | undefined;
  emptyText: string;
  blockedText: string;
  /** the field alone had the focus as this replaced it: this field takes it over */
  takeFocus: boolean;
}) {
  const input = useRef<HTMLInputElement>(null);
  const focusAtMount = useRef(takeFocus);
  useEffect(() => {
    // not when the user has moved on to something else meanwhile
    if (focusAtMount.current && document.activeElement === document.body) input.current?.focus();
  }, []);
  return (
    <Combobox store={store} onOptionSubmit={onPick} withinPortal position="bottom-start" size="md">
      <Combobox.Target withExpandedAttribute>
        <TextInput {...field} ref={input} rightSection={rightSection ?? <Combobox.Chevron />} />
      </Combobox.Target>
      <Combobox.Dropdown>
        <Combobox.Options mah={320} style={{ overflowY: 'auto' }} aria-label={String(field.label)}>
          {options.length === 0 ? (
            <Combobox.Empty>{emptyText}</Combobox.Empty>
          ) : (
            options.map((l) => (
              <Combobox.Option value={l.locationNo} key={l.locationNo} active={l.locationNo === selectedNo}>
                <Group gap={6} wrap="nowrap">
                  {l.blocked && <IconLock size={14} aria-label={blockedText} />}
                  <Text size="sm">{locationLabel(l)}</Text>
                </Group>
              </Combobox.Option>
            ))
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
