import { Paper, Select, SimpleGrid, Stack, Textarea } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { MAX_CARGO } from '@mp/contract/rules/limits';
import { locationLabel } from '@mp/contract/rules/location-filter';
import { calendarDayIn, transportDateRules } from '@mp/contract/rules/order-dates';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { SettingsReader } from '../../../shared/api/get-settings';
import { useWorkAddresses, type WorkAddress } from '../../../shared/api/get-work-addresses';
import { paths } from '../../../shared/lib/paths';
import { useWizardForm } from '../../../shared/lib/use-wizard-form';
import { AddressFields } from '../../../shared/ui/AddressFields';
import { ContactFields } from '../../../shared/ui/ContactFields';
import { DateField, dayRule } from '../../../shared/ui/DateField';
import { fieldText } from '../../../shared/ui/Wizard';
import { WizardGegevens } from '../../../shared/ui/WizardGegevens';
import {
  type EndValues,
  type TransportField,
  type TransportFormValues,
  transportMemory,
  validateTransportForm,
} from './transport-form';
import type { TransportStart } from './use-transport-start';

const transportDates = (s: SettingsReader) => ({
  TransportAanvraag_DageninInVerleden: s.int('TransportAanvraag_DageninInVerleden'),
});

type TimeField = 'loadingFrom' | 'loadingUntil' | 'unloadingFrom' | 'unloadingUntil';

/** Transport aanvragen, step 1 (Gegevens): where to, when (loading and unloading windows), what, both ends. */
export function TransportGegevens({ locationNo, start }: { locationNo: string; start: TransportStart }) {
  const { t } = useTranslation();
  const today = calendarDayIn(new Date());
  const dates = transportDates(start.settings);
  const { values, errors, change, next } = useWizardForm<TransportFormValues, TransportField>({
    memory: transportMemory.at(locationNo),
    initial: start.values,
    idPrefix: 'transport',
    validate: (v) => validateTransportForm(v, { today, dates, termsRequired: false, checkTerms: false }),
    nextPath: paths.transportAfronden.to(),
  });
  const fromAddresses = useWorkAddresses(locationNo);
  const toAddresses = useWorkAddresses(values.targetLocation);
  const err = fieldText(errors);
  const changeEnd = (end: 'from' | 'to', patch: Partial<EndValues>) =>
    change(
      { [end]: { ...values[end], ...patch } },
      Object.keys(patch).map((k) => `${end}.${k}` as TransportField),
    );
  // Each end's default work address once its addresses are known (the target's after a new target).
  usePreselect(fromAddresses.data, values.from, (p) => changeEnd('from', p));
  usePreselect(toAddresses.data, values.to, (p) => changeEnd('to', p));

  const time = (field: TimeField, label: string) => (
    <TimeInput
      id={`transport-${field}`}
      label={label}
      value={values[field]}
      onChange={(e) => change({ [field]: e.currentTarget.value })}
      required
      error={err(field)}
      styles={{ input: { minHeight: 44 } }}
      data-testid={`transport-${field}`}
    />
  );
  const endSection = (end: 'from' | 'to', addresses: WorkAddress[], disabled: boolean) => (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <AddressFields
          idPrefix={`transport-${end}`}
          title={t(end === 'from' ? 'TransportAanvraag.van_adres' : 'TransportAanvraag.naar_adres')}
          group="TransportAanvraag"
          value={values[end]}
          onChange={(p) => changeEnd(end, p)}
          addresses={addresses}
          disabled={disabled}
          errors={(f) => err(`${end}.${f}`)}
        />
        <ContactFields
          idPrefix={`transport-${end}`}
          group="TransportAanvraag"
          fields="person"
          contactLabel={t(
            end === 'from' ? 'TransportAanvraag.van_contact' : 'TransportAanvraag.naar_contact',
          )}
          value={values[end]}
          onChange={(p) => changeEnd(end, p)}
          errors={(f) => err(`${end}.${f}` as TransportField)}
        />
      </Stack>
    </Paper>
  );
  return (
    <WizardGegevens restored={start.restored} onNext={next} testId="transport-next">
      <Paper withBorder radius="md" p="md">
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Select
              id="transport-targetLocation"
              label={t('TransportAanvraag.naar_locatie')}
              placeholder={t('TransportAanvraag.kies_naar_locatie')}
              data={start.targets.map((l) => ({ value: l.locationNo, label: locationLabel(l) }))}
              value={values.targetLocation}
              onChange={(target) =>
                // a new target has other work addresses: its default one, when the list comes
                change({ targetLocation: target, to: { ...values.to, addressCode: null } }, [
                  'targetLocation',
                  'to.addressCode',
                ])
              }
              searchable
              required
              error={err('targetLocation')}
              styles={{ input: { minHeight: 44 } }}
              comboboxProps={{ withinPortal: true }}
              data-testid="transport-target"
            />
            <DateField
              label={t('TransportAanvraag.transportDatum')}
              value={values.transportDate}
              onChange={(v) => change({ transportDate: v }, ['transportDate', 'unloadingDate'])}
              {...dayRule(today, transportDateRules(dates))}
              error={err('transportDate')}
              required
              testId="transport-date"
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
            {time('loadingFrom', t('TransportAanvraag.laden_van'))}
            {time('loadingUntil', t('TransportAanvraag.laden_tot'))}
            {time('unloadingFrom', t('TransportAanvraag.lossen_van'))}
            {time('unloadingUntil', t('TransportAanvraag.lossen_tot'))}
          </SimpleGrid>
          <DateField
            label={t('TransportAanvraag.losDatum')}
            description={t('TransportAanvraag.losDatum_uitleg')}
            value={values.unloadingDate}
            onChange={(v) => change({ unloadingDate: v }, ['unloadingDate', 'unloadingUntil'])}
            minDate={values.transportDate ?? today}
            error={err('unloadingDate')}
            clearable
            testId="transport-unloading-date"
          />
          <Textarea
            id="transport-cargo"
            label={t('TransportAanvraag.lading')}
            description={t('TransportAanvraag.lading_uitleg')}
            value={values.cargo}
            onChange={(e) => change({ cargo: e.currentTarget.value })}
            required
            error={err('cargo')}
            autosize
            minRows={2}
            maxLength={MAX_CARGO}
            data-testid="transport-cargo"
          />
        </Stack>
      </Paper>
      {endSection('from', fromAddresses.data ?? [], false)}
      {endSection('to', toAddresses.data ?? [], !values.targetLocation)}
      <Paper withBorder radius="md" p="md">
        <ContactFields
          idPrefix="transport"
          group="TransportAanvraag"
          fields="notes"
          value={values}
          onChange={(p) => change(p)}
          errors={(f) => (f === 'reference' || f === 'comment' ? err(f) : undefined)}
        />
      </Paper>
    </WizardGegevens>
  );
}

/** Picks a location's default work address (and its contact and phone, when none was typed) once its addresses are known. */
function usePreselect(
  addresses: WorkAddress[] | undefined,
  end: EndValues,
  onPick: (patch: Partial<EndValues>) => void,
) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new list of addresses preselects
  useEffect(() => {
    if (end.mode !== 'work_address' || end.addressCode || !addresses?.length) return;
    const first = addresses.find((a) => a.isDefault) ?? addresses[0];
    if (first)
      onPick({
        addressCode: first.code,
        contactPerson: end.contactPerson || (first.contactPerson ?? ''),
        phone: end.phone || (first.phone ?? ''),
      });
  }, [addresses]);
}
