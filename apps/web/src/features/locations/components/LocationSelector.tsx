import { CloseButton, ComboboxChevron, Loader, useCombobox } from '@mantine/core';
import { filterLocations, locationLabel } from '@mp/contract/rules/location-filter';
import { IconMapPin } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { rememberChosenLocation, usePlantLocationsAnswer } from '../../../shared/api/get-plant-locations';
import { useLaterPart } from '../../../shared/lib/later-part';
import { useStore } from '../../../shared/lib/store';
import { selectedLocationStore, selectLocation, takeLocationDefault } from '../../../shared/session/location';
import { sessionStore } from '../../../shared/session/session';
import { type ComboboxFieldProps, PlainComboboxField } from '../../../shared/ui/dropdowns/PlainComboboxField';
import { dropdownsPart } from '../../../shared/ui/dropdowns/part';

/** Most entries the dropdown lists at once; typing narrows the list (product §5 filter). */
const MAX_OPTIONS = 100;

/**
 * The location selector of product §2 (signed in only): a text field with a dropdown of the user's locations,
 * each "nummer - omschrijving - omschrijving2". Picking one selects it (and the app reloads the order and
 * removal lists); clearing the field resets the location.
 */
export function LocationSelector({
  hideLabel = false,
  size = 'md',
  label,
  testId = 'location-selector',
}: {
  hideLabel?: boolean;
  size?: 'md' | 'lg';
  /** the field's label (and the list's name); kies_locatie unless given */
  label?: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const Dropdown = useLaterPart(dropdownsPart)?.LocationDropdown;
  const plainFocused = useRef(false);
  const selected = useStore(selectedLocationStore);
  const answer = usePlantLocationsAnswer();
  const locations = answer.data?.plantLocations;
  const isLoading = answer.isLoading;
  const defaultNo = answer.data?.defaultLocationNo ?? null;
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [text, setText] = useState(selected?.label ?? '');
  const [filtering, setFiltering] = useState(false);

  // follow outside changes (another tab, logout)
  useEffect(() => {
    setText(selected?.label ?? '');
    setFiltering(false);
  }, [selected]);

  // The user's locations decide the choice: a stored location they no longer have is dropped (never kept), a stale
  // label is refreshed, and the first time the app has their locations after a sign-in on this device, if none of
  // theirs is chosen, it takes the server's default: their only location, else the one they chose last on any device
  // (issue #36). Clearing it later sticks until the next sign-in (takeLocationDefault).
  // (the store's value, not this render's: the banner's selector and a notice's may both act on one answer)
  useEffect(() => {
    const userId = sessionStore.get()?.user.id;
    if (!locations || !userId) return;
    const first = takeLocationDefault(userId);
    const fallback = first ? locations.find((l) => l.locationNo === defaultNo) : undefined;
    const chosen = selectedLocationStore.get();
    const current = chosen ? locations.find((l) => l.locationNo === chosen.locationNo) : undefined;
    if (current) {
      if (locationLabel(current) !== chosen?.label)
        selectLocation({ locationNo: current.locationNo, label: locationLabel(current) });
    } else if (fallback) {
      selectLocation({ locationNo: fallback.locationNo, label: locationLabel(fallback) });
    } else if (chosen) {
      selectLocation(null);
    }
  }, [locations, defaultNo]);

  const options = useMemo(() => {
    const all = locations ?? [];
    return (filtering ? filterLocations(all, text) : all).slice(0, MAX_OPTIONS);
  }, [locations, filtering, text]);

  const pick = (locationNo: string) => {
    const location = (locations ?? []).find((l) => l.locationNo === locationNo);
    if (!location) return;
    selectLocation({ locationNo: location.locationNo, label: locationLabel(location) });
    rememberChosenLocation(location.locationNo);
    setText(locationLabel(location));
    setFiltering(false);
    combobox.closeDropdown();
  };

  const clear = () => {
    selectLocation(null);
    setText('');
    setFiltering(false);
  };

  // The field's props, the same before and after the dropdown's code arrives.
  const field: ComboboxFieldProps = {
    label: label ?? t('kies_locatie'),
    labelProps: hideLabel ? { className: 'visually-hidden-label' } : undefined,
    placeholder: t('geen_locatie'),
    value: text,
    size,
    radius: 'md',
    leftSection: <IconMapPin size={18} aria-hidden />,
    rightSectionPointerEvents: text === '' && !isLoading ? 'none' : 'all',
    onChange: (e) => {
      const value = e.currentTarget.value;
      setText(value);
      setFiltering(true);
      combobox.openDropdown();
      combobox.updateSelectedOptionIndex();
      if (value === '' && selected) selectLocation(null);
    },
    onClick: () => combobox.openDropdown(),
    onFocus: (e) => {
      e.currentTarget.select();
      combobox.openDropdown();
    },
    onBlur: () => {
      combobox.closeDropdown();
      setText(selected?.label ?? '');
      setFiltering(false);
    },
    'data-testid': testId,
  };
  const clearButton = isLoading ? (
    <Loader size="xs" aria-hidden />
  ) : text !== '' ? (
    <CloseButton
      onMouseDown={(e) => e.preventDefault()}
      onClick={clear}
      aria-label={t('banner.locatie_wissen')}
      size="md"
    />
  ) : null;

  // Until the dropdown's code (Combobox, Popover, Floating UI) has loaded after the first paint, the field alone;
  // a click or focus meanwhile opens the list as soon as it arrives (the store remembers it).
  if (!Dropdown)
    return (
      <PlainComboboxField
        field={field}
        focused={plainFocused}
        rightSection={clearButton ?? <ComboboxChevron />}
      />
    );
  return (
    <Dropdown
      store={combobox}
      field={field}
      rightSection={clearButton}
      onPick={pick}
      options={options}
      selectedNo={selected?.locationNo}
      emptyText={isLoading ? t('shared.laden') : t('shared.geen_resultaten')}
      blockedText={t('warning.locatie_geblokkeerd')}
      takeFocus={plainFocused.current}
    />
  );
}
