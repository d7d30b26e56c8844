import { locationLabel } from '@mp/contract/rules/location-filter';
import { useTranslation } from 'react-i18next';
import { useWorkAddresses, type WorkAddress } from '../../../shared/api/get-work-addresses';
import { requestKeys } from '../../../shared/api/query-keys';
import { paths } from '../../../shared/lib/paths';
import { useWizardFinish } from '../../../shared/ordering/use-wizard-finish';
import { workAddressLabel } from '../../../shared/ui/AddressFields';
import { useFormat } from '../../../shared/ui/format';
import { ContactSummary, SummaryPanel, SummaryRow } from '../../../shared/ui/Wizard';
import { WizardFinishStep } from '../../../shared/ui/WizardFinishStep';
import { submitTransport } from '../api/submit-transport';
import {
  type EndValues,
  type TransportFormValues,
  toTransportForm,
  transportFieldOf,
  transportMemory,
} from './transport-form';
import type { TransportStart } from './use-transport-start';

const place = (end: EndValues, addresses: WorkAddress[] | undefined) => {
  if (end.mode === 'work_address') {
    const a = addresses?.find((w) => w.code === end.addressCode);
    return a ? workAddressLabel(a) : (end.addressCode ?? '');
  }
  return [end.street, [end.postcode, end.city].filter(Boolean).join(' ')].filter(Boolean).join(', ');
};

/** Transport aanvragen, step 2 (Afronden): what will be sent, the terms (when asked), send. */
export function TransportAfronden({
  locationNo,
  initial,
  start,
}: {
  locationNo: string;
  initial: TransportFormValues;
  start: TransportStart;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const finish = useWizardFinish({
    initial,
    termsSetting: 'TransportAanvraag_VoorwaardenVerplicht',
    dateLabelKey: 'TransportAanvraag.transportDatum',
    memory: transportMemory.at(locationNo),
    fieldOf: transportFieldOf,
    toBody: (v, day) => toTransportForm(locationNo, v, day),
    scope: `transport:${locationNo}`,
    send: submitTransport,
    refreshes: [requestKeys.all],
    donePath: paths.transportVoltooid.to,
  });
  const { values } = finish;
  const fromAddresses = useWorkAddresses(locationNo);
  const toAddresses = useWorkAddresses(values.targetLocation);
  const target = start.targets.find((l) => l.locationNo === values.targetLocation);
  const unloadingDay = values.unloadingDate ?? values.transportDate;
  return (
    <WizardFinishStep group="TransportAanvraag" finish={finish}>
      <SummaryPanel group="TransportAanvraag">
        <SummaryRow label={t('TransportAanvraag.transportDatum')}>
          {values.transportDate ? format.day(values.transportDate) : ''}
        </SummaryRow>
        <SummaryRow label={t('TransportAanvraag.laden')}>
          {values.transportDate ? format.day(values.transportDate) : ''}, {values.loadingFrom}–
          {values.loadingUntil}
        </SummaryRow>
        <SummaryRow label={t('TransportAanvraag.lossen')}>
          {unloadingDay ? format.day(unloadingDay) : ''}, {values.unloadingFrom}–{values.unloadingUntil}
        </SummaryRow>
        <SummaryRow label={t('TransportAanvraag.lading')}>{values.cargo}</SummaryRow>
        <SummaryRow label={t('TransportAanvraag.van_adres')}>
          {place(values.from, fromAddresses.data)} · {values.from.contactPerson} · {values.from.phone}
        </SummaryRow>
        <SummaryRow label={t('TransportAanvraag.naar_locatie')}>
          {target ? locationLabel(target) : values.targetLocation}
        </SummaryRow>
        <SummaryRow label={t('TransportAanvraag.naar_adres')}>
          {place(values.to, toAddresses.data)} · {values.to.contactPerson} · {values.to.phone}
        </SummaryRow>
        <ContactSummary group="TransportAanvraag" values={values} person={false} />
      </SummaryPanel>
    </WizardFinishStep>
  );
}
