import { Anchor, Box, Paper, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { orderPath, paths } from '../../../shared/lib/paths';
import { useFormat } from '../../../shared/ui/format';
import type { ComplaintDetail } from '../api/complaints';
import { ComplaintStatusBadge, Fact, typeLabel } from './complaint-parts';

/** What the complaint is: number, type, location, who and when, the expected date, what it is about. */
export function ComplaintFacts({
  c,
  extra,
  orderLink = true,
}: {
  c: ComplaintDetail;
  extra?: ReactNode;
  /** Link the order to its page (the customer's; the department reads orders elsewhere). */
  orderLink?: boolean;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={2} size="h4" mb="xs">
        {t('Klachten.gegevens')}
      </Title>
      <Box component="dl" m={0} data-testid="complaint-facts">
        <Fact label={t('shared.status')}>
          <ComplaintStatusBadge status={c.status} />
        </Fact>
        <Fact label={t('Klachten.type')}>{typeLabel(t, c.type)}</Fact>
        <Fact label={t('Klachten.locatie')}>
          {c.locationNo} – {c.locationDescription}
        </Fact>
        {extra}
        <Fact label={t('Klachten.ingediend_door')}>{c.userName ?? ''}</Fact>
        <Fact label={t('Klachten.ingediend_op')}>{format.dateTime(c.createdAt)}</Fact>
        <Fact label={t('Klachten.verwachte_oplossing')}>
          <span data-testid="complaint-expected">
            {c.expectedResolutionDate ? format.day(c.expectedResolutionDate) : ''}
          </span>
        </Fact>
        {c.resolvedAt && <Fact label={t('Klachten.opgelost_op')}>{format.dateTime(c.resolvedAt)}</Fact>}
        {c.item && (
          <Fact label={t('Klachten.item')}>
            <Anchor component={Link} to={paths.details.to(c.item.itemNo)} size="sm" underline="always">
              {c.item.itemNo}
            </Anchor>{' '}
            – {c.item.description}
          </Fact>
        )}
        {c.plant && <Fact label={t('Klachten.plant')}>{c.plant.plantNo}</Fact>}
        {c.order && (
          <Fact label={t('Klachten.order')}>
            {orderLink && orderPath(c.order.kind, c.order.id) ? (
              <Anchor
                component={Link}
                to={orderPath(c.order.kind, c.order.id) as string}
                size="sm"
                underline="always"
              >
                {c.order.orderNo}
              </Anchor>
            ) : (
              c.order.orderNo
            )}
          </Fact>
        )}
        {c.invoice && <Fact label={t('Klachten.factuur')}>{c.invoice.invoiceNo}</Fact>}
      </Box>
    </Paper>
  );
}
