import { NativeSelect, type NativeSelectProps } from '@mantine/core';

/**
 * A choice from a short fixed list (page size, the active order list, a sort order) as the browser's own select:
 * the phone's picker, no dropdown code. Mantine's Select needs Combobox, Popover and Floating UI (≈ 25 kB brotli)
 * before the page's first render (decision 0003, "Byte budget per page"); a searchable or long list keeps Select.
 */
export function PlainSelect({
  data,
  value,
  onChange,
  ...props
}: Omit<NativeSelectProps, 'data' | 'value' | 'onChange'> & {
  data: Array<{ value: string; label: string }>;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <NativeSelect
      data={data}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      styles={{ input: { minHeight: 44 } }}
      {...props}
    />
  );
}
