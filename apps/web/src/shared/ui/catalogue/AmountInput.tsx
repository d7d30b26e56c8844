import { TextInput } from '@mantine/core';
import { MAX_LINE_AMOUNT } from '@mp/contract/rules/limits';
import { useTranslation } from 'react-i18next';

/**
 * What typing `raw` makes of an amount: '' for an empty field, the whole number it reads, or null when the
 * keystroke is refused (outside min–max): the field keeps its value then.
 */
export function readAmount(raw: string, min: number, max: number): number | '' | null {
  const digits = raw.replace(/\D/g, '');
  if (digits === '') return raw.trim() === '' ? '' : null;
  if (digits !== raw.trim()) return null;
  const n = Number(digits);
  return n >= min && n <= max ? n : null;
}

/**
 * An amount (aantal): whole numbers from 1, typed on the phone's number pad, 44 px high; arrow up and down
 * step it. An empty field is allowed (it means "none"); what the caller does with it is its own rule. A text
 * field with these rules rather than Mantine's NumberInput: a list page shows 50 of them.
 */
export function AmountInput({
  value,
  onChange,
  label,
  hideLabel = false,
  min = 1,
  w = 96,
  error,
  disabled,
  testId,
  onBlur,
}: {
  value: number | string | null | undefined;
  onChange: (value: number | string) => void;
  /** The accessible name; shown above the field unless hideLabel. */
  label: string;
  hideLabel?: boolean;
  min?: number;
  w?: number | string;
  error?: React.ReactNode;
  disabled?: boolean;
  testId?: string;
  onBlur?: () => void;
}) {
  const { t } = useTranslation();
  const current = typeof value === 'number' ? value : value ? Number(value) : null;
  const step = (by: number) => {
    const next = current === null || Number.isNaN(current) ? min : current + by;
    onChange(Math.min(MAX_LINE_AMOUNT, Math.max(min, next)));
  };
  return (
    <TextInput
      value={value ?? ''}
      onChange={(e) => {
        const next = readAmount(e.currentTarget.value, min, MAX_LINE_AMOUNT);
        if (next !== null) onChange(next);
      }}
      onKeyDown={(e) => {
        if (e.key === 'ArrowUp' || e.key === 'ArrowDown') {
          e.preventDefault();
          step(e.key === 'ArrowUp' ? 1 : -1);
        }
      }}
      onBlur={onBlur}
      label={hideLabel ? undefined : label}
      aria-label={hideLabel ? label : undefined}
      placeholder={t('shared.aantal')}
      inputMode="numeric"
      autoComplete="off"
      w={w}
      error={error}
      disabled={disabled}
      data-testid={testId}
      styles={{ input: { minHeight: 44, textAlign: 'right', fontVariantNumeric: 'tabular-nums' } }}
    />
  );
}
