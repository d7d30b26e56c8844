import { TextInput } from '@mantine/core';
import type { ReactNode, RefObject } from 'react';
import { loadOnIntent } from '../../lib/later-part';
import type { ComboboxFieldProps } from './combobox-field';
import { dropdownsPart } from './part';

/**
 * A shell field alone, until its dropdown's code (Combobox, Popover, Floating UI) has loaded after the first paint:
 * it reads as the combobox it becomes, starts that load on a sign of use (pointer, focus), and notes in `focused`
 * whether it has the focus, so the field that replaces it takes the focus over.
 */
export type { ComboboxFieldProps };

export function PlainComboboxField({
  field,
  focused,
  rightSection,
}: {
  field: ComboboxFieldProps;
  focused: RefObject<boolean>;
  rightSection?: ReactNode;
}) {
  return (
    <TextInput
      {...field}
      {...loadOnIntent(dropdownsPart)}
      // what Combobox.Target gives the field, so it reads the same before and after
      role="combobox"
      aria-haspopup="listbox"
      aria-expanded={false}
      autoComplete="off"
      onFocus={(e) => {
        focused.current = true;
        void dropdownsPart.load().catch(() => undefined);
        field.onFocus?.(e);
      }}
      onBlur={(e) => {
        focused.current = false;
        field.onBlur?.(e);
      }}
      {...(rightSection === undefined ? {} : { rightSection })}
    />
  );
}
