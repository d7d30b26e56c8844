import {
  Anchor,
  Badge,
  Group,
  Image,
  Modal,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../shared/lib/paths';
import { useFormat } from '../../../shared/ui/format';
import { LabeledValue } from '../../../shared/ui/LabeledValue';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { type ExitOrderDetail, usePhoto } from '../api/orders';
import { OrderDocuments } from './OrderDocuments';
import { conditionColor } from './order-parts';

function ExitPhoto({ photo, alt }: { photo: ExitOrderDetail['photos'][number]; alt: string }) {
  const { t } = useTranslation();
  const src = usePhoto(photo.url);
  const [open, setOpen] = useState(false);
  if (src.isPending) return <Skeleton h={120} radius="sm" />;
  if (src.isError)
    return (
      <Text size="sm" c="red.9">
        {t('ExitOrders.foto_fout')}
      </Text>
    );
  return (
    <>
      <UnstyledButton
        onClick={() => setOpen(true)}
        aria-label={`${t('shared.afbeelding_vergroten')}: ${alt}`}
      >
        <Image src={src.data} alt={alt} h={120} fit="cover" radius="sm" />
        {photo.caption && (
          <Text size="xs" c="dimmed" mt={4}>
            {photo.caption}
          </Text>
        )}
      </UnstyledButton>
      <Modal opened={open} onClose={() => setOpen(false)} title={alt} size="xl" centered>
        <Image src={src.data} alt={alt} fit="contain" mah="75vh" />
      </Modal>
    </>
  );
}

/** One exit order: each line's condition on return, damage, photos and documents. */
export function ExitOrderView({ exitOrder: x }: { exitOrder: ExitOrderDetail }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <>
      <PageHeader
        title={`${t('ExitOrders.exitorder')} ${x.exitOrderNo}`}
        description={`${format.day(x.exitDate)} · ${x.locationNo} – ${x.locationDescription}`}
      />
      <Stack gap="lg">
        {x.remarks && (
          <Paper withBorder radius="md" p="md">
            <LabeledValue label={t('Bestellen.opmerking')}>{x.remarks}</LabeledValue>
          </Paper>
        )}
        {x.orderId && x.orderNo && (
          <Text>
            {t('Orders.order')}:{' '}
            <Anchor component={Link} to={paths.orderAfvoer.to(x.orderId)}>
              {x.orderNo}
            </Anchor>
          </Text>
        )}
        <Paper withBorder radius="md" p="md" component="section" aria-labelledby="exit-lines">
          <Title order={2} size="h4" mb="sm" id="exit-lines">
            {t('Orders.regels')}
          </Title>
          <Stack gap="sm" data-testid="exit-lines">
            {x.lines.map((l) => (
              <Group key={l.lineNo} justify="space-between" wrap="wrap" gap="xs">
                <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {format.number(l.quantity)} × {l.description}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {l.itemNo}
                    {l.plantNo ? ` · ${t('shared.materieelnummer')}: ${l.plantNo}` : ''}
                    {l.remarks ? ` · ${l.remarks}` : ''}
                  </Text>
                </Stack>
                <Group gap="xs">
                  {l.damageAmount && Number(l.damageAmount) > 0 && (
                    <Text size="sm" fw={600}>
                      {format.money(l.damageAmount)}
                    </Text>
                  )}
                  <Badge color={conditionColor[l.condition]} c="dark.8" variant="light">
                    {t(`Materieeldienst.conditie.${l.condition}`)}
                  </Badge>
                </Group>
              </Group>
            ))}
          </Stack>
          {Number(x.damageTotal) > 0 && (
            <Text fw={700} mt="sm" ta="right">
              {t('ExitOrders.schade_totaal')}: {format.money(x.damageTotal)}
            </Text>
          )}
        </Paper>
        <Paper withBorder radius="md" p="md" component="section" aria-labelledby="exit-photos">
          <Title order={2} size="h4" mb="sm" id="exit-photos">
            {t('ExitOrders.fotos')}
          </Title>
          {x.photos.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('ExitOrders.geen_fotos')}
            </Text>
          ) : (
            <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" data-testid="exit-photos">
              {x.photos.map((p) => {
                const line = x.lines.find((l) => l.lineNo === p.lineNo);
                return (
                  <ExitPhoto
                    key={p.id}
                    photo={p}
                    alt={p.caption ?? (line ? `${line.itemNo} ${line.plantNo ?? ''}`.trim() : x.exitOrderNo)}
                  />
                );
              })}
            </SimpleGrid>
          )}
        </Paper>
        <OrderDocuments documents={x.documents} />
      </Stack>
    </>
  );
}
