import { Paper, Select, SimpleGrid } from '@mantine/core';
import { locationLabel } from '@mp/contract/rules/location-filter';
import { calendarDayIn, relocationDateRules } from '@mp/contract/rules/order-dates';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { SettingsReader } from '../../../shared/api/get-settings';
import { useWorkAddresses } from '../../../shared/api/get-work-addresses';
import { paths } from '../../../shared/lib/paths';
import { useWizardForm } from '../../../shared/lib/use-wizard-form';
import { AddressFields } from '../../../shared/ui/AddressFields';
import { ContactFields } from '../../../shared/ui/ContactFields';
import { DateField, dayRule } from '../../../shared/ui/DateField';
import { fieldText } from '../../../shared/ui/Wizard';
import { WizardGegevens } from '../../../shared/ui/WizardGegevens';
import { relocationMemory, validateRelocationForm } from './relocation-form';
import type { RelocationStart } from './use-relocation-start';

const relocationDates = (s: SettingsReader) => ({
  Verplaatsen_DagenInVerleden: s.int('Verplaatsen_DagenInVerleden'),
});

/** Verplaatsen, step 1 (Gegevens): where to, when (and back), the address there and contact. */
export function RelocationGegevens({ locationNo, start }: { locationNo: string; start: RelocationStart }) {
  const { t } = useTranslation();
  const today = calendarDayIn(new Date());
  const dates = relocationDates(start.settings);
  const returnRequired = start.settings.bool('Verplaatsen_VerwachtRetourVerplicht');
  const { values, errors, change, next } = useWizardForm({
    memory: relocationMemory.at(locationNo),
    initial: start.values,
    idPrefix: 'relocation',
    validate: (v) =>
      validateRelocationForm(v, { today, dates, returnRequired, termsRequired: false, checkTerms: false }),
    nextPath: paths.verplaatsenAfronden.to(),
  });
  const addresses = useWorkAddresses(values.targetLocation);
  const list = addresses.data ?? [];
  // The target's default work address (and its phone, when none was typed) once its addresses are known.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new list of addresses preselects
  useEffect(() => {
    if (values.delivery !== 'work_address' || values.addressCode || list.length === 0) return;
    const first = list.find((a) => a.isDefault) ?? list[0];
    if (first) change({ addressCode: first.code, phone: values.phone || (first.phone ?? '') });
  }, [addresses.data]);
  const err = fieldText(errors);
  return (
    <WizardGegevens
      restored={start.restored}
      back={{ to: paths.afvoerlijst.to(), label: t('routes.Afvoerlijst') }}
      onNext={next}
      testId="relocation-next"
    >
      <Paper withBorder radius="md" p="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Select
            id="relocation-targetLocation"
            label={t('Verplaatsen.eindlocatie')}
            placeholder={t('Verplaatsen.kies_eindlocatie')}
            data={start.targets.map((l) => ({ value: l.locationNo, label: locationLabel(l) }))}
            value={values.targetLocation}
            // a new target has other work addresses: its default one, when the list comes
            onChange={(target) => change({ targetLocation: target, addressCode: null })}
            searchable
            required
            error={err('targetLocation')}
            styles={{ input: { minHeight: 44 } }}
            comboboxProps={{ withinPortal: true }}
            data-testid="relocation-target"
          />
          <DateField
            label={t('Verplaatsen.verplaatsDatum')}
            value={values.moveDate}
            onChange={(v) => change({ moveDate: v })}
            {...dayRule(today, relocationDateRules(dates))}
            error={err('moveDate')}
            required
            testId="relocation-date"
          />
          <DateField
            label={t('Verplaatsen.retourDatum')}
            value={values.expectedReturnDate}
            onChange={(v) => change({ expectedReturnDate: v })}
            minDate={values.moveDate ?? today}
            error={err('expectedReturnDate')}
            required={returnRequired}
            clearable={!returnRequired}
            testId="relocation-return"
          />
        </SimpleGrid>
      </Paper>
      <Paper withBorder radius="md" p="md">
        <AddressFields
          idPrefix="relocation"
          title={t('Verplaatsen.bestemmingadres')}
          group="Verplaatsen"
          value={{ ...values, mode: values.delivery }}
          onChange={({ mode, ...rest }) => change(mode ? { ...rest, delivery: mode } : rest)}
          addresses={list}
          disabled={!values.targetLocation}
          errors={err}
        />
      </Paper>
      <Paper withBorder radius="md" p="md">
        <ContactFields
          idPrefix="relocation"
          group="Verplaatsen"
          value={values}
          onChange={change}
          errors={err}
        />
      </Paper>
    </WizardGegevens>
  );
}
