import { Alert, Stack, Text } from '@mantine/core';
import type { RemovalList } from '@mp/contract/api/stock';
import { locationLabel } from '@mp/contract/rules/location-filter';
import { addDays } from '@mp/contract/rules/order-dates';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useWorkAddresses } from '../../../shared/api/get-work-addresses';
import { requestKeys, stockKeys } from '../../../shared/api/query-keys';
import { removalListKeys } from '../../../shared/api/removal-lists';
import { paths } from '../../../shared/lib/paths';
import { useWizardFinish } from '../../../shared/ordering/use-wizard-finish';
import { addressSummary } from '../../../shared/ui/AddressFields';
import { useFormat } from '../../../shared/ui/format';
import { ContactSummary, SummaryPanel, SummaryRow } from '../../../shared/ui/Wizard';
import { WizardFinishStep } from '../../../shared/ui/WizardFinishStep';
import { submitRelocation } from '../api/submit-removal';
import {
  type RelocationFormValues,
  relocationFieldOf,
  relocationMemory,
  toRelocationForm,
} from './relocation-form';
import type { RelocationStart } from './use-relocation-start';
import { SummaryLines } from './wizard-parts';

/** Verplaatsen, step 2 (Afronden): what will be sent, inspections due there, the terms (when asked), send. */
export function RelocationAfronden({
  list,
  locationNo,
  initial,
  start,
}: {
  list: RemovalList;
  locationNo: string;
  initial: RelocationFormValues;
  start: RelocationStart;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const { settings } = start;
  const finish = useWizardFinish({
    initial,
    termsSetting: 'Verplaatsen_VoorwaardenVerplicht',
    dateLabelKey: 'Verplaatsen.verplaatsDatum',
    memory: relocationMemory.at(locationNo),
    fieldOf: relocationFieldOf,
    toBody: (v, day) => toRelocationForm(locationNo, v, day),
    scope: `relocation:${locationNo}`,
    send: submitRelocation,
    refreshes: [removalListKeys.all, requestKeys.all, stockKeys.all],
    donePath: paths.verplaatsenVoltooid.to,
  });
  const { values } = finish;
  const addresses = useWorkAddresses(values.targetLocation);
  const target = start.targets.find((l) => l.locationNo === values.targetLocation);
  // #10 part 6: a plant whose next inspection falls while it stands on the new location (until the expected
  // return; without one, within the info window of MaterieelvoorraadKeuringsdatumInfoDays).
  const until =
    values.expectedReturnDate ??
    (values.moveDate
      ? addDays(values.moveDate, settings.int('MaterieelvoorraadKeuringsdatumInfoDays'))
      : null);
  const expiring = list.lines.filter(
    (l) => l.plantNo && l.nextInspection && until && l.nextInspection <= until,
  );
  return (
    <WizardFinishStep group="Verplaatsen" finish={finish}>
      <SummaryPanel group="Verplaatsen" after={<SummaryLines list={list} titleKey="Verplaatsen.regels" />}>
        <SummaryRow label={t('Verplaatsen.eindlocatie')}>
          {target ? locationLabel(target) : values.targetLocation}
        </SummaryRow>
        <SummaryRow label={t('Verplaatsen.verplaatsDatum')}>
          {values.moveDate ? format.day(values.moveDate) : ''}
        </SummaryRow>
        {values.expectedReturnDate && (
          <SummaryRow label={t('Verplaatsen.retourDatum')}>
            {format.day(values.expectedReturnDate)}
          </SummaryRow>
        )}
        <SummaryRow label={t('Verplaatsen.bestemmingadres')}>
          {addressSummary(values, values.delivery, addresses.data)}
        </SummaryRow>
        <ContactSummary group="Verplaatsen" values={values} />
      </SummaryPanel>
      {expiring.length > 0 && (
        <Alert
          color="yellow"
          variant="light"
          icon={<IconAlertTriangle aria-hidden />}
          data-testid="inspection-warning"
        >
          <Stack gap={4}>
            {expiring.map((l) => (
              <Text size="sm" key={l.lineId}>
                {t('Verplaatsen.keuring_waarschuwing', {
                  plantNo: l.plantNo,
                  date: format.day(l.nextInspection as string),
                })}
              </Text>
            ))}
          </Stack>
        </Alert>
      )}
    </WizardFinishStep>
  );
}
