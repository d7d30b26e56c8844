import { Checkbox, Paper, SimpleGrid, Title } from '@mantine/core';
import {
  addDays,
  earliestDeliveryDate,
  earliestPastDate,
  isSelectableDeliveryDate,
  MAX_DAYS_AHEAD,
  type OrderDateSettings,
} from '@mp/contract/rules/order-dates';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../../../../shared/api/get-settings';
import { DateField } from '../../../../shared/ui/DateField';
import { useFormat } from '../../../../shared/ui/format';
import { fieldId, type SectionProps } from './section-props';

/** Gegevens, Levering: delivery and return date (the shared order-date rule greys out what it refuses) and rush. */
export function DeliverySection({
  values,
  change,
  err,
  today,
  dates,
}: SectionProps & { today: string; dates: OrderDateSettings }) {
  const { t } = useTranslation();
  const settings = useSettings();
  const format = useFormat();
  const rushEnabled = settings.bool('OrderWizardEnableRush');
  const earliest = earliestDeliveryDate(today, dates, values.rush);
  const firstDay = dates.Bestellen_DagenInVerleden > 0 ? earliestPastDate(today, dates) : earliest;
  const lastDay = addDays(today, MAX_DAYS_AHEAD);
  const rushText = settings.str('Spoed_Tekst') || t('Bestellen.spoed_uitleg');
  const rushPrice = settings.str('Spoed_Prijs');

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="order-when">
      <Title order={2} size="h4" mb="sm" id="order-when">
        {t('Bestellen.levering')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <div data-field="deliveryDate">
          <DateField
            label={t('Bestellen.leverDatum')}
            value={values.deliveryDate}
            onChange={(v) =>
              change({
                deliveryDate: v,
                ...(v && values.expectedReturnDate && values.expectedReturnDate < v
                  ? { expectedReturnDate: null }
                  : {}),
              })
            }
            excludeDate={(d) => !isSelectableDeliveryDate(d, today, dates, values.rush)}
            minDate={firstDay}
            maxDate={lastDay}
            error={err('deliveryDate')}
            description={t('Bestellen.leverdatum_uitleg', { date: format.day(earliest) })}
            required
            testId="delivery-date"
          />
        </div>
        <div data-field="expectedReturnDate">
          <DateField
            label={t('Bestellen.retourDatum')}
            value={values.expectedReturnDate}
            onChange={(v) => change({ expectedReturnDate: v })}
            minDate={values.deliveryDate ?? firstDay}
            maxDate={addDays(today, MAX_DAYS_AHEAD * 3)}
            error={err('expectedReturnDate')}
            description={t('shared.optioneel')}
            clearable
            testId="return-date"
          />
        </div>
      </SimpleGrid>
      {rushEnabled && (
        <Checkbox
          mt="md"
          id={fieldId('rush')}
          checked={values.rush}
          onChange={(e) => change({ rush: e.currentTarget.checked })}
          label={t('Bestellen.spoed')}
          description={
            <>
              {rushText}
              {rushPrice ? ` ${t('Bestellen.spoed_toeslag', { price: rushPrice })}` : ''}
            </>
          }
          error={err('rush')}
          styles={{ body: { minHeight: 44, alignItems: 'flex-start' } }}
          data-testid="rush"
        />
      )}
    </Paper>
  );
}
