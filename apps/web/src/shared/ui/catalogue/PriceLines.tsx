import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Formatters } from '../format';

export interface Priced {
  showPrice: boolean;
  priceOnDemand: boolean;
  dayPrice: string | null;
  weekPrice: string | null;
  salePrice: string | null;
}

/** Prices as product §6 decided them on the server: shown, 'price on demand', or nothing at all. */
export function PriceLines({
  item,
  format,
  decimals,
  size = 'sm',
}: {
  item: Priced;
  format: Formatters;
  decimals: number;
  size?: 'xs' | 'sm' | 'md';
}) {
  const { t } = useTranslation();
  if (item.priceOnDemand)
    return (
      <Text size={size} c="dimmed" fs="italic">
        {t('shared.prijs_op_aanvraag')}
      </Text>
    );
  if (!item.showPrice) return null;
  const rows: { label: string; value: string }[] = [];
  if (item.dayPrice !== null)
    rows.push({ label: t('shared.per_dag'), value: format.money(item.dayPrice, decimals) });
  if (item.weekPrice !== null)
    rows.push({ label: t('shared.per_week'), value: format.money(item.weekPrice, decimals) });
  if (item.salePrice !== null)
    rows.push({ label: t('shared.verkoopprijs'), value: format.money(item.salePrice, decimals) });
  if (rows.length === 0) return null;
  return (
    <Stack gap={0}>
      {rows.map((r) => (
        <Text size={size} key={r.label}>
          <Text span fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
            {r.value}
          </Text>{' '}
          <Text span c="dimmed" size={size}>
            {r.label}
          </Text>
        </Text>
      ))}
    </Stack>
  );
}
