import { Group, NumberInput, RangeSlider, Stack, Text } from '@mantine/core';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Formatters } from '../format';

export interface RangeFilterProps {
  label: string;
  bounds: { min: string; max: string };
  value: [number | undefined, number | undefined];
  onApply: (min: number | undefined, max: number | undefined) => void;
  format: Formatters;
  decimals: number;
}

/** A price range of the filters: a slider and two amount fields, applied when let go, on leaving a field or Enter. */
export function RangeFilter({ label, bounds, value, onApply, format, decimals }: RangeFilterProps) {
  const { t } = useTranslation();
  const id = useId();
  const lo = Math.floor(Number(bounds.min));
  const hi = Math.ceil(Number(bounds.max));
  const [range, setRange] = useState<[number, number]>([value[0] ?? lo, value[1] ?? hi]);
  useEffect(() => setRange([value[0] ?? lo, value[1] ?? hi]), [value[0], value[1], lo, hi]);
  if (!(hi > lo)) return null;
  const apply = (r: [number, number]) =>
    onApply(r[0] <= lo ? undefined : r[0], r[1] >= hi ? undefined : r[1]);
  return (
    <Stack gap={6} role="group" aria-labelledby={id}>
      <Text size="sm" fw={500} id={id}>
        {label}
      </Text>
      <RangeSlider
        min={lo}
        max={hi}
        step={hi - lo > 100 ? 5 : 1}
        minRange={0}
        value={range}
        onChange={setRange}
        onChangeEnd={apply}
        label={(v) => format.money(String(v), 0)}
        thumbFromLabel={`${label} ${t('shared.van')}`}
        thumbToLabel={`${label} ${t('shared.tot')}`}
        mx={8}
        my={6}
      />
      <Group gap="xs" wrap="nowrap" grow>
        <NumberInput
          label={t('shared.van')}
          value={range[0]}
          min={lo}
          max={hi}
          decimalScale={decimals}
          decimalSeparator={format.number(1.5, 1).charAt(1)}
          prefix="€ "
          hideControls
          onChange={(v) => setRange([typeof v === 'number' ? v : lo, range[1]])}
          onBlur={() => apply(range)}
          onKeyDown={(e) => e.key === 'Enter' && apply(range)}
          size="sm"
          styles={{ input: { minHeight: 44 } }}
        />
        <NumberInput
          label={t('shared.tot')}
          value={range[1]}
          min={lo}
          max={hi}
          decimalScale={decimals}
          decimalSeparator={format.number(1.5, 1).charAt(1)}
          prefix="€ "
          hideControls
          onChange={(v) => setRange([range[0], typeof v === 'number' ? v : hi])}
          onBlur={() => apply(range)}
          onKeyDown={(e) => e.key === 'Enter' && apply(range)}
          size="sm"
          styles={{ input: { minHeight: 44 } }}
        />
      </Group>
    </Stack>
  );
}
