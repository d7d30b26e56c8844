import { Badge } from '@mantine/core';
import { orderKindKey } from '@mp/contract/rules/labels';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../shared/lib/paths';
import type { OrderSummary } from '../api/orders';

// What the order components share: kinds and their pages, the status badge, a line's condition colour.

export const num = { textAlign: 'right' as const, fontVariantNumeric: 'tabular-nums' as const };
export type Kind = OrderSummary['kind'];

export const kindKey: Record<Kind, string> = orderKindKey;
const statusColor: Record<OrderSummary['status'], string> = {
  planned: 'violet',
  in_transit: 'yellow',
  done: 'green',
  cancelled: 'gray',
};
export const conditionColor = { good: 'green', dirty: 'yellow', damaged: 'red', missing: 'red' } as const;

export function OrderStatus({ status }: { status: OrderSummary['status'] }) {
  const { t } = useTranslation();
  return (
    <Badge color={statusColor[status]} c="dark.8" variant="light" size="sm">
      {t(`Orders.status.${status}`)}
    </Badge>
  );
}

/** The lists are newest order date first; a carried-out order also shows the day it was carried out. */
export const dayOf = (o: OrderSummary) => o.orderDate;

export const listPath: Record<Kind, string> = {
  delivery: paths.ordersAanvoer.to(),
  removal: paths.ordersAfvoer.to(),
  move_to: paths.ordersNaarVerplaatsing.to(),
  move_from: paths.ordersVanVerplaatsing.to(),
  transport: paths.aanvragen.to(),
};
