import { Text } from '@mantine/core';
import type { OrderList } from '@mp/contract/api/order-lists';
import { useTranslation } from 'react-i18next';
import type { WorkAddress } from '../../../../shared/api/get-work-addresses';
import { orderListKeys } from '../../../../shared/api/order-lists/keys';
import { requestKeys } from '../../../../shared/api/query-keys';
import { paths } from '../../../../shared/lib/paths';
import { useWizardFinish } from '../../../../shared/ordering/use-wizard-finish';
import { FieldText } from '../../../../shared/ui/Wizard';
import { WizardFinishStep } from '../../../../shared/ui/WizardFinishStep';
import type { DepotList } from '../../api/get-depots';
import { submitOrder } from '../../api/submit-order';
import { OrderSummary } from './OrderSummary';
import { formFieldOf, type OrderFormField, type OrderFormValues, toOrderForm } from './wizard-form';
import { resetWizard, updateWizard } from './wizard-store';

const fieldLabelKey: Partial<Record<OrderFormField, string>> = {
  deliveryDate: 'Bestellen.leverDatum',
  expectedReturnDate: 'Bestellen.retourDatum',
  rush: 'Bestellen.spoed',
  transportMeans: 'Bestellen.transportmiddel',
  depotNo: 'Bestellen.depot',
  addressCode: 'Bestellen.adres_kiezen',
  street: 'Bestellen.adres',
  postcode: 'Bestellen.postcode',
  city: 'Bestellen.plaats',
  contactPerson: 'Bestellen.contactpersoon',
  phone: 'Bestellen.telefoonnummer',
  reference: 'Bestellen.referentie',
  comment: 'Bestellen.opmerking',
};

/**
 * Bestellen, step 2 (Afronden): the order as it will be sent, the terms (OrderWizardEnableTermsAndConditions), send.
 * A refusal lists what the server refused field by field, with the way back to Gegevens where those fields show it.
 */
export function OrderAfronden({
  list,
  values: initial,
  depots,
  addresses,
}: {
  list: OrderList;
  values: OrderFormValues;
  depots: DepotList | undefined;
  addresses: WorkAddress[] | undefined;
}) {
  const { t } = useTranslation();
  const finish = useWizardFinish({
    initial,
    termsSetting: 'OrderWizardEnableTermsAndConditions',
    memory: { hold: (change) => updateWizard(list.id, change), forget: resetWizard },
    fieldOf: formFieldOf,
    toBody: (v) => toOrderForm(v),
    // the same Idempotency-Key while the form is the same (double click, retry, reload)
    scope: list.id,
    send: (body, key) => submitOrder(list.id, body, key),
    refreshes: [orderListKeys.all, requestKeys.all],
    donePath: paths.bestellenVoltooid.to,
  });
  const problems = Object.entries(finish.fieldErrors).filter(([f]) => f !== 'termsAccepted');
  return (
    <WizardFinishStep
      group="Bestellen"
      finish={finish}
      failureDetails={problems.map(([f, e]) => (
        <Text size="sm" key={f}>
          {t(fieldLabelKey[f as OrderFormField] ?? 'shared.onbekend')}: <FieldText error={e} />
        </Text>
      ))}
      editLinkInFailure={problems.length > 0}
    >
      <OrderSummary values={finish.values} list={list} depots={depots} addresses={addresses} />
    </WizardFinishStep>
  );
}
