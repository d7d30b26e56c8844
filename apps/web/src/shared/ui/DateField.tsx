import '@mantine/dates/styles.css';
import 'dayjs/locale/de';
import 'dayjs/locale/fr';
import 'dayjs/locale/nl';
import { DatePickerInput, DatesProvider } from '@mantine/dates';
import { useMediaQuery } from '@mantine/hooks';
import {
  deliveryDateProblem,
  earliestPastDate,
  type OrderDateSettings,
} from '@mp/contract/rules/order-dates';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from './format';

const dayjsLocale: Record<string, string> = { 'nl-NL': 'nl', 'en-US': 'en', 'fr-FR': 'fr', 'de-DE': 'de' };

/** Dates in the interface language, weeks from Monday (Dutch, French and German calendars; harmless in English). */
export function DatesLocale({ children }: { children: ReactNode }) {
  const { locale } = useFormat();
  return (
    <DatesProvider settings={{ locale: dayjsLocale[locale] ?? 'nl', firstDayOfWeek: 1, weekendDays: [0, 6] }}>
      {children}
    </DatesProvider>
  );
}

/** A wizard's date rule as a DateField's limits: the days it refuses greyed out, nothing before its earliest day. */
export const dayRule = (today: string, rules: OrderDateSettings) => ({
  excludeDate: (day: string) => deliveryDateProblem(day, today, rules) !== null,
  minDate: earliestPastDate(today, rules),
});

/**
 * A calendar-day field: the value is 'YYYY-MM-DD' (product §5: the chosen day stays that day in every time
 * zone); `excludeDate` greys out the days a rule forbids. A modal calendar on phones.
 */
export function DateField({
  label,
  value,
  onChange,
  excludeDate,
  minDate,
  maxDate,
  error,
  required,
  clearable,
  description,
  testId,
}: {
  label: string;
  value: string | null;
  onChange: (value: string | null) => void;
  excludeDate?: (day: string) => boolean;
  minDate?: string;
  maxDate?: string;
  error?: ReactNode;
  required?: boolean;
  clearable?: boolean;
  description?: ReactNode;
  testId?: string;
}) {
  const { t } = useTranslation();
  const narrow = useMediaQuery('(max-width: 48em)') ?? false;
  return (
    <DatePickerInput
      label={label}
      value={value}
      onChange={(v) => onChange(v ? String(v).slice(0, 10) : null)}
      excludeDate={excludeDate ? (d) => excludeDate(String(d).slice(0, 10)) : undefined}
      minDate={minDate}
      maxDate={maxDate}
      error={error}
      required={required}
      withAsterisk={required}
      clearable={clearable}
      clearButtonProps={{ 'aria-label': t('shared.wissen') }}
      description={description}
      placeholder={t('Bestellen.kies_datum')}
      valueFormat="dddd D MMMM YYYY"
      dropdownType={narrow ? 'modal' : 'popover'}
      modalProps={{ title: label, centered: true }}
      ariaLabels={{
        nextMonth: t('Bestellen.volgende_maand'),
        previousMonth: t('Bestellen.vorige_maand'),
        nextYear: t('Bestellen.volgend_jaar'),
        previousYear: t('Bestellen.vorig_jaar'),
        monthLevelControl: t('Bestellen.kies_maand'),
        yearLevelControl: t('Bestellen.kies_jaar'),
      }}
      // the placeholder is text in a button here: dark enough for 4.5:1
      styles={{ input: { minHeight: 44 }, placeholder: { color: 'var(--mantine-color-gray-7)' } }}
      data-testid={testId}
    />
  );
}
