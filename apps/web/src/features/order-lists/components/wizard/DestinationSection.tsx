import { Group, Paper, Radio, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { WorkAddress } from '../../../../shared/api/get-work-addresses';
import type { DepotList } from '../../api/get-depots';
import { fieldId, type SectionProps } from './section-props';

const addressLabel = (a: WorkAddress) =>
  `${a.name} – ${[a.street, [a.postcode, a.city].filter(Boolean).join(' ')].filter(Boolean).join(', ')}`;
const depotLabel = (d: DepotList['depots'][number]) =>
  `${d.name}${d.city ? ` – ${[d.street, d.city].filter(Boolean).join(', ')}` : ''}`;

/**
 * Gegevens, Bestemming: delivered (to a work address of the location or another address) or collected at a
 * depot. Picking a work address fills in its contact and phone when those are still empty.
 */
export function DestinationSection({
  values,
  change,
  err,
  depots,
  addresses,
}: SectionProps & { depots: DepotList; addresses: WorkAddress[] }) {
  const { t } = useTranslation();
  const collect = values.transportMeans === 'ophalen';

  function pickAddress(code: string | null) {
    const a = addresses.find((x) => x.code === code);
    change((latest) => ({
      addressCode: code,
      ...(a && !latest.contactPerson.trim() && a.contactPerson ? { contactPerson: a.contactPerson } : {}),
      ...(a && !latest.phone.trim() && a.phone ? { phone: a.phone } : {}),
    }));
  }

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="order-where">
      <Title order={2} size="h4" mb="sm" id="order-where">
        {t('Bestellen.bestemming')}
      </Title>
      <Radio.Group
        value={values.transportMeans}
        onChange={(v) => change({ transportMeans: v === 'ophalen' ? 'ophalen' : 'leveren' })}
        label={t('Bestellen.transportmiddel')}
        error={err('transportMeans')}
        data-field="transportMeans"
      >
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" mt="xs">
          <Radio.Card value="leveren" radius="md" p="sm" data-testid="means-leveren">
            <Group wrap="nowrap" gap="sm">
              <Radio.Indicator />
              <Text size="sm">{t('wizard.transportmiddel_opties.leveren')}</Text>
            </Group>
          </Radio.Card>
          <Radio.Card value="ophalen" radius="md" p="sm" data-testid="means-ophalen">
            <Group wrap="nowrap" gap="sm">
              <Radio.Indicator />
              <Text size="sm">{t('wizard.transportmiddel_opties.ophalen')}</Text>
            </Group>
          </Radio.Card>
        </SimpleGrid>
      </Radio.Group>

      {collect ? (
        <Select
          mt="md"
          id={fieldId('depotNo')}
          label={t('Bestellen.depot')}
          data={depots.depots.map((d) => ({ value: d.depotNo, label: depotLabel(d) }))}
          value={values.depotNo}
          onChange={(v) => change({ depotNo: v })}
          error={err('depotNo')}
          allowDeselect={false}
          required
          styles={{ input: { minHeight: 44 } }}
          data-testid="depot"
        />
      ) : (
        <Stack gap="md" mt="md">
          <Radio.Group
            value={values.destination}
            onChange={(v) =>
              change({ destination: v === 'other_address' ? 'other_address' : 'work_address' })
            }
            label={t('Bestellen.bestemmingadres')}
          >
            <Group gap="lg" mt="xs">
              <Radio
                value="work_address"
                label={t('Bestellen.werkadres')}
                disabled={addresses.length === 0}
                styles={{ body: { minHeight: 44, alignItems: 'center' } }}
              />
              <Radio
                value="other_address"
                label={t('Bestellen.ander_adres')}
                styles={{ body: { minHeight: 44, alignItems: 'center' } }}
                data-testid="destination-other"
              />
            </Group>
          </Radio.Group>
          {values.destination === 'work_address' ? (
            <Select
              id={fieldId('addressCode')}
              label={t('Bestellen.adres_kiezen')}
              data={addresses.map((a) => ({ value: a.code, label: addressLabel(a) }))}
              value={values.addressCode}
              onChange={pickAddress}
              error={err('addressCode')}
              allowDeselect={false}
              required
              styles={{ input: { minHeight: 44 } }}
              data-testid="work-address"
            />
          ) : (
            <OtherAddressFields values={values} change={change} err={err} />
          )}
        </Stack>
      )}
    </Paper>
  );
}

/** Another address than the location's: street, postcode, city. */
function OtherAddressFields({ values, change, err }: SectionProps) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
      <TextInput
        id={fieldId('street')}
        label={t('Bestellen.adres')}
        value={values.street}
        onChange={(e) => change({ street: e.currentTarget.value })}
        error={err('street')}
        required
        maxLength={200}
        autoComplete="street-address"
        styles={{ input: { minHeight: 44 } }}
      />
      <TextInput
        id={fieldId('postcode')}
        label={t('Bestellen.postcode')}
        value={values.postcode}
        onChange={(e) => change({ postcode: e.currentTarget.value })}
        error={err('postcode')}
        maxLength={20}
        autoComplete="postal-code"
        styles={{ input: { minHeight: 44 } }}
      />
      <TextInput
        id={fieldId('city')}
        label={t('Bestellen.plaats')}
        value={values.city}
        onChange={(e) => change({ city: e.currentTarget.value })}
        error={err('city')}
        required
        maxLength={100}
        autoComplete="address-level2"
        styles={{ input: { minHeight: 44 } }}
      />
    </SimpleGrid>
  );
}
