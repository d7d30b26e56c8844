import { useTranslation } from 'react-i18next';
import type { Formatters } from '../format';
import classes from './item-card.module.css';

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
      <p className={`${classes.prices} ${classes.onDemand}`} data-size={size}>
        {t('shared.prijs_op_aanvraag')}
      </p>
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
    <div className={classes.prices} data-size={size}>
      {rows.map((r) => (
        <p className={classes.priceLine} key={r.label}>
          <span className={classes.priceValue}>{r.value}</span>{' '}
          <span className={classes.priceLabel}>{r.label}</span>
        </p>
      ))}
    </div>
  );
}
