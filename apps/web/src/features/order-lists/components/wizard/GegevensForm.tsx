import { Alert, Button, Group, Stack } from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { WorkAddress } from '../../../../shared/api/get-work-addresses';
import { paths } from '../../../../shared/lib/paths';
import { DatesLocale } from '../../../../shared/ui/DateField';
import type { DepotList } from '../../api/get-depots';
import { ContactSection } from './ContactSection';
import { DeliverySection } from './DeliverySection';
import { DestinationSection } from './DestinationSection';
import { FieldMessage } from './FieldMessage';
import { useGegevensForm } from './use-gegevens-form';
import type { OrderFormField, OrderFormValues } from './wizard-form';

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
  const err = (f: OrderFormField): ReactNode => (errors[f] ? <FieldMessage error={errors[f]} /> : undefined);
  const section = { values, change, err };

  return (
    <DatesLocale>
      <form ref={form.formRef} onSubmit={form.next} noValidate data-testid="order-form">
        <Stack gap="lg">
          {restored && (
            <Alert color="brand" variant="light" icon={<IconInfoCircle aria-hidden />}>
              {t('wizard.concept_hersteld')}
            </Alert>
          )}
          {form.tried && Object.keys(errors).length > 0 && (
            <Alert color="red" variant="light" role="alert">
              {t('error.ongeldige_invoer')}
            </Alert>
          )}
          <DeliverySection {...section} today={form.today} dates={form.dates} />
          <DestinationSection {...section} depots={depots} addresses={addresses} />
          <ContactSection {...section} />
          <Group justify="space-between" gap="sm">
            <Button
              component={Link}
              to={paths.bestellijst.to()}
              variant="default"
              leftSection={<IconArrowLeft size={18} aria-hidden />}
              mih={44}
            >
              {t('Bestellen.terug_bestellijst')}
            </Button>
            <Button
              type="submit"
              rightSection={<IconArrowRight size={18} aria-hidden />}
              loading={form.going}
              mih={44}
              data-testid="to-afronden"
            >
              {t('shared.volgende')}
            </Button>
          </Group>
        </Stack>
      </form>
    </DatesLocale>
  );
}
