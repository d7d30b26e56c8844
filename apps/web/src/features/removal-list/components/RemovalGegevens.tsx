import { Paper, Select, SimpleGrid } from '@mantine/core';
import { calendarDayIn, removalDateRules } from '@mp/contract/rules/order-dates';
import { useTranslation } from 'react-i18next';
import type { SettingsReader } from '../../../shared/api/get-settings';
import { paths } from '../../../shared/lib/paths';
import { useWizardForm } from '../../../shared/lib/use-wizard-form';
import { AddressFields } from '../../../shared/ui/AddressFields';
import { ContactFields } from '../../../shared/ui/ContactFields';
import { DateField, dayRule } from '../../../shared/ui/DateField';
import { fieldText } from '../../../shared/ui/Wizard';
import { WizardGegevens } from '../../../shared/ui/WizardGegevens';
import { picksUp, removalMemory, validateRemovalForm } from './removal-form';
import type { RemovalStart } from './use-removal-start';

const removalDates = (s: SettingsReader) => ({
  Afvoeren_Blokkeerweekenden: s.bool('Afvoeren_Blokkeerweekenden'),
  Afvoeren_Blokkeerdagen: s.int('Afvoeren_Blokkeerdagen'),
  Afvoeren_DagenInVerleden: s.int('Afvoeren_DagenInVerleden'),
});

/** Afvoeren, step 1 (Gegevens): the day, transport means, depot, pick-up address and contact. */
export function RemovalGegevens({ locationNo, start }: { locationNo: string; start: RemovalStart }) {
  const { t } = useTranslation();
  const today = calendarDayIn(new Date());
  const dates = removalDates(start.settings);
  const { values, errors, change, next } = useWizardForm({
    memory: removalMemory.at(locationNo),
    initial: start.values,
    idPrefix: 'removal',
    validate: (v) => validateRemovalForm(v, { today, dates, termsRequired: false, checkTerms: false }),
    nextPath: paths.afvoerenAfronden.to(),
  });
  const err = fieldText(errors);
  return (
    <WizardGegevens
      restored={start.restored}
      back={{ to: paths.afvoerlijst.to(), label: t('routes.Afvoerlijst') }}
      onNext={next}
      testId="removal-next"
    >
      <Paper withBorder radius="md" p="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <DateField
            label={t('Afvoeren.afvoerDatum')}
            value={values.removalDate}
            onChange={(v) => change({ removalDate: v })}
            {...dayRule(today, removalDateRules(dates))}
            error={err('removalDate')}
            required
            testId="removal-date"
          />
          <Select
            id="removal-transportMeans"
            label={t('Afvoeren.transportmiddel')}
            data={['afhalen', 'brengen'].map((v) => ({
              value: v,
              label: t(`wizard.transportmiddel_opties.${v}`),
            }))}
            value={values.transportMeans || null}
            onChange={(v) => change({ transportMeans: v ?? '' })}
            allowDeselect={false}
            styles={{ input: { minHeight: 44 } }}
          />
          <Select
            id="removal-depotNo"
            label={t('Afvoeren.bestemming')}
            data={start.depots.map((d) => ({
              value: d.depotNo,
              label: [d.name, d.city].filter(Boolean).join(', '),
            }))}
            value={values.depotNo}
            onChange={(v) => change({ depotNo: v })}
            allowDeselect={false}
            required
            error={err('depotNo')}
            styles={{ input: { minHeight: 44 } }}
            data-testid="removal-depot"
          />
        </SimpleGrid>
      </Paper>
      {picksUp(values) && (
        <Paper withBorder radius="md" p="md">
          <AddressFields
            idPrefix="removal"
            title={t('Afvoeren.addressSelected')}
            group="Afvoeren"
            value={{ ...values, mode: values.pickup }}
            onChange={({ mode, ...rest }) => change(mode ? { ...rest, pickup: mode } : rest)}
            addresses={start.addresses}
            errors={err}
          />
        </Paper>
      )}
      <Paper withBorder radius="md" p="md">
        <ContactFields idPrefix="removal" group="Afvoeren" value={values} onChange={change} errors={err} />
      </Paper>
    </WizardGegevens>
  );
}
