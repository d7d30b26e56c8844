import { NumberInput } from '@mantine/core';
import { MAX_LINE_AMOUNT } from '@mp/contract/rules/limits';
import { useTranslation } from 'react-i18next';

/**
 * An amount (aantal): whole numbers from 1, typed on the phone's number pad, 44 px high. An empty field
 * is allowed (it means "none"); what the caller does with it is its own rule.
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
  return (
    <NumberInput
      value={value ?? ''}
      onChange={onChange}
      onBlur={onBlur}
      label={hideLabel ? undefined : label}
      aria-label={hideLabel ? label : undefined}
      placeholder={t('shared.aantal')}
      min={min}
      max={MAX_LINE_AMOUNT}
      allowDecimal={false}
      allowNegative={false}
      clampBehavior="strict"
      inputMode="numeric"
      hideControls
      w={w}
      error={error}
      disabled={disabled}
      data-testid={testId}
      styles={{ input: { minHeight: 44, textAlign: 'right', fontVariantNumeric: 'tabular-nums' } }}
    />
  );
}
