import { Alert, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { WorkAddress } from '../../../../shared/api/get-work-addresses';
import { paths } from '../../../../shared/lib/paths';
import { DatesLocale } from '../../../../shared/ui/DateField';
import { fieldText, RestoredNotice, WizardNextBar } from '../../../../shared/ui/Wizard';
import type { DepotList } from '../../api/get-depots';
import { ContactSection } from './ContactSection';
import { DeliverySection } from './DeliverySection';
import { DestinationSection } from './DestinationSection';
import { useGegevensForm } from './use-gegevens-form';
import type { OrderFormValues } from './wizard-form';

/** Step 1 (Gegevens) of the order wizard: the form of product §3, saved as a draft while typing. */
export function GegevensForm({
  locationNo,
  listId,
  initial,
  restored,
  depots,
  addresses,
}: {
  locationNo: string;
  listId: string;
  initial: OrderFormValues;
  restored: boolean;
  depots: DepotList;
  addresses: WorkAddress[];
}) {
  const { t } = useTranslation();
  const form = useGegevensForm(locationNo, listId, initial);
  const { values, errors, change } = form;
  const err = fieldText(errors);
  const section = { values, change, err };

  return (
    <DatesLocale>
      <form ref={form.formRef} onSubmit={form.next} noValidate data-testid="order-form">
        <Stack gap="lg">
          {restored && <RestoredNotice />}
          {form.tried && Object.keys(errors).length > 0 && (
            <Alert color="red" variant="light" role="alert">
              {t('error.ongeldige_invoer')}
            </Alert>
          )}
          <DeliverySection {...section} today={form.today} dates={form.dates} />
          <DestinationSection {...section} depots={depots} addresses={addresses} />
          <ContactSection {...section} />
          <WizardNextBar
            back={{ to: paths.bestellijst.to(), label: t('Bestellen.terug_bestellijst') }}
            going={form.going}
            testId="to-afronden"
          />
        </Stack>
      </form>
    </DatesLocale>
  );
}
