import type { RemovalList } from '@mp/contract/api/stock';
import { useTranslation } from 'react-i18next';
import { requestKeys, stockKeys } from '../../../shared/api/query-keys';
import { removalListKeys } from '../../../shared/api/removal-lists';
import { paths } from '../../../shared/lib/paths';
import { useWizardFinish } from '../../../shared/ordering/use-wizard-finish';
import { addressSummary } from '../../../shared/ui/AddressFields';
import { useFormat } from '../../../shared/ui/format';
import { ContactSummary, SummaryPanel, SummaryRow } from '../../../shared/ui/Wizard';
import { WizardFinishStep } from '../../../shared/ui/WizardFinishStep';
import { submitRemoval } from '../api/submit-removal';
import {
  picksUp,
  type RemovalFormValues,
  removalFieldOf,
  removalMemory,
  toRemovalForm,
} from './removal-form';
import type { RemovalStart } from './use-removal-start';
import { SummaryLines } from './wizard-parts';

/** Afvoeren, step 2 (Afronden): what will be sent, the terms (when asked), send. */
export function RemovalAfronden({
  list,
  locationNo,
  initial,
  start,
}: {
  list: RemovalList;
  locationNo: string;
  initial: RemovalFormValues;
  start: RemovalStart;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const finish = useWizardFinish({
    initial,
    termsSetting: 'Afvoeren_VoorwaardenVerplicht',
    dateLabelKey: 'Afvoeren.afvoerDatum',
    memory: removalMemory.at(locationNo),
    fieldOf: removalFieldOf,
    toBody: (v, day) => toRemovalForm(locationNo, v, day),
    scope: `removal:${locationNo}`,
    send: submitRemoval,
    refreshes: [removalListKeys.all, requestKeys.all, stockKeys.all],
    donePath: paths.afvoerenVoltooid.to,
  });
  const { values } = finish;
  const depot = start.depots.find((d) => d.depotNo === values.depotNo);
  return (
    <WizardFinishStep group="Afvoeren" finish={finish}>
      <SummaryPanel group="Afvoeren" after={<SummaryLines list={list} titleKey="Afvoeren.regels" />}>
        <SummaryRow label={t('Afvoeren.afvoerDatum')}>
          {values.removalDate ? format.day(values.removalDate) : ''}
        </SummaryRow>
        <SummaryRow label={t('Afvoeren.transportmiddel')}>
          {values.transportMeans ? t(`wizard.transportmiddel_opties.${values.transportMeans}`) : ''}
        </SummaryRow>
        <SummaryRow label={t('Afvoeren.bestemming')}>
          {[depot?.name, depot?.street, depot?.city].filter(Boolean).join(', ')}
        </SummaryRow>
        {picksUp(values) && (
          <SummaryRow label={t('Afvoeren.addressSelected')}>
            {addressSummary(values, values.pickup, start.addresses)}
          </SummaryRow>
        )}
        <ContactSummary group="Afvoeren" values={values} />
      </SummaryPanel>
    </WizardFinishStep>
  );
}
