import { SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { WorkAddress } from '@mp/contract/api/locations';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** An address as a request wizard holds it: a work address of a location, or one typed in. */
export interface AddressValues {
  mode: 'work_address' | 'other_address';
  addressCode: string | null;
  street: string;
  postcode: string;
  city: string;
}

export const emptyAddress: AddressValues = {
  mode: 'work_address',
  addressCode: null,
  street: '',
  postcode: '',
  city: '',
};

export type AddressField = 'addressCode' | 'street' | 'postcode' | 'city';

/** The address of a wizard's summary: the chosen work address (name, street, postcode and city) or the typed one. */
export function addressSummary(
  v: Omit<AddressValues, 'mode'>,
  mode: AddressValues['mode'],
  addresses: WorkAddress[] | undefined,
): string {
  const a = mode === 'work_address' ? addresses?.find((w) => w.code === v.addressCode) : undefined;
  const parts =
    mode === 'work_address'
      ? [a?.name, a?.street, [a?.postcode, a?.city].filter(Boolean).join(' ')]
      : [v.street, [v.postcode, v.city].filter(Boolean).join(' ')];
  return parts.filter(Boolean).join(', ');
}

/** A work address as one line: name, street, city. */
export const workAddressLabel = (a: WorkAddress) => [a.name, a.street, a.city].filter(Boolean).join(', ');

/** The addresses as options; depots (DepotWerkAdresen_TonenEnGebruiken) in a group of their own. */
function choices(addresses: WorkAddress[], own: string, depots: string) {
  const option = (a: WorkAddress) => ({ value: a.code, label: workAddressLabel(a) });
  const atDepots = addresses.filter((a) => a.kind === 'depot');
  if (atDepots.length === 0) return addresses.map(option);
  return [
    { group: own, items: addresses.filter((a) => a.kind !== 'depot').map(option) },
    { group: depots, items: atDepots.map(option) },
  ];
}

/**
 * The address part of a request wizard: a work address of the location (`addresses`) or a typed street, postcode
 * and city. `group` names the wizard's translations (ander_adres, adres_kiezen, adres, postcode, plaats); the
 * inputs' ids are `${idPrefix}-${field}` so a failed check can focus the first wrong one.
 */
export function AddressFields({
  idPrefix,
  title,
  group,
  value,
  onChange,
  addresses,
  disabled = false,
  errors,
}: {
  idPrefix: string;
  title: string;
  group: string;
  value: AddressValues;
  onChange: (patch: Partial<AddressValues>) => void;
  addresses: WorkAddress[];
  disabled?: boolean;
  errors: (field: AddressField) => ReactNode;
}) {
  const { t } = useTranslation();
  const input = { styles: { input: { minHeight: 44 } } };
  return (
    <Stack gap="sm">
      <Text fw={600} id={`${idPrefix}-label`}>
        {title}
      </Text>
      {/* nothing to choose from: the typed address only */}
      {(addresses.length > 0 || value.mode === 'work_address') && (
        <SegmentedControl
          aria-labelledby={`${idPrefix}-label`}
          value={value.mode}
          onChange={(v) => onChange({ mode: v as AddressValues['mode'] })}
          data={[
            { value: 'work_address', label: t('Bestellen.werkadres') },
            { value: 'other_address', label: t(`${group}.ander_adres`) },
          ]}
        />
      )}
      {value.mode === 'work_address' ? (
        <Select
          id={`${idPrefix}-addressCode`}
          label={t(`${group}.adres_kiezen`)}
          data={choices(addresses, t('shared.werkadressen'), t('Locatie.depots'))}
          value={value.addressCode}
          onChange={(v) => onChange({ addressCode: v })}
          disabled={disabled}
          allowDeselect={false}
          required
          error={errors('addressCode')}
          comboboxProps={{ withinPortal: true }}
          {...input}
        />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <TextInput
            id={`${idPrefix}-street`}
            label={t(`${group}.adres`)}
            value={value.street}
            onChange={(e) => onChange({ street: e.currentTarget.value })}
            required
            error={errors('street')}
            autoComplete="street-address"
            {...input}
          />
          <TextInput
            id={`${idPrefix}-postcode`}
            label={t(`${group}.postcode`)}
            value={value.postcode}
            onChange={(e) => onChange({ postcode: e.currentTarget.value })}
            error={errors('postcode')}
            autoComplete="postal-code"
            {...input}
          />
          <TextInput
            id={`${idPrefix}-city`}
            label={t(`${group}.plaats`)}
            value={value.city}
            onChange={(e) => onChange({ city: e.currentTarget.value })}
            required
            error={errors('city')}
            autoComplete="address-level2"
            {...input}
          />
        </SimpleGrid>
      )}
    </Stack>
  );
}
