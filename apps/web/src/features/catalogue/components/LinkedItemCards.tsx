import { Anchor, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { CatalogueItem } from '@mp/contract/api/catalogue';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../shared/lib/paths';
import { AmountInput } from '../../../shared/ui/catalogue/AmountInput';
import { PriceLines } from '../../../shared/ui/catalogue/PriceLines';
import type { Formatters } from '../../../shared/ui/format';
import { ImagePreview } from '../../../shared/ui/ImagePreview';

/**
 * Accessories and order tips on Details: small cards, each with an amount to add along (order tips), or the amount
 * delivered with the item (accessories: editable only with MeegeleverdeAantalWijzigen, else shown).
 */
export function LinkedItemCards({
  items,
  format,
  priceDecimals,
  amounts,
  onAmount,
  perPiece,
  readOnly = false,
}: {
  items: (CatalogueItem & { amount: number })[];
  format: Formatters;
  priceDecimals: number;
  amounts: Record<string, number | string>;
  onAmount: (itemNo: string, value: number | string) => void;
  /** Accessories: how many come with one piece. */
  perPiece?: boolean;
  /** The amounts are shown, not typed (accessories without MeegeleverdeAantalWijzigen). */
  readOnly?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
      {items.map((i) => (
        <Card key={i.itemNo} withBorder radius="md" padding="xs">
          <Group wrap="nowrap" gap="sm" align="flex-start">
            <ImagePreview src={i.imageUrl} alt={i.description} width={64} height={48} />
            <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
              <Anchor component={Link} to={paths.details.to(i.itemNo)} size="sm" fw={600} c="inherit">
                {i.description}
              </Anchor>
              <Text size="xs" c="dimmed">
                {i.itemNo}
                {perPiece && i.amount > 0
                  ? ` · ${t('Details.per_stuk_meegeleverd', { count: i.amount })}`
                  : ''}
              </Text>
              <PriceLines item={i} format={format} decimals={priceDecimals} size="xs" />
            </Stack>
            {readOnly ? (
              <Text
                fw={600}
                miw={72}
                ta="right"
                pt={8}
                style={{ fontVariantNumeric: 'tabular-nums' }}
                aria-label={`${t('shared.aantal')}: ${i.description}`}
                data-testid={`amount-${i.itemNo}`}
              >
                {format.number(Number(amounts[i.itemNo] ?? 0))}
              </Text>
            ) : (
              <AmountInput
                value={amounts[i.itemNo] ?? ''}
                onChange={(v) => onAmount(i.itemNo, v)}
                label={`${t('shared.aantal')}: ${i.description}`}
                hideLabel
                w={72}
                min={perPiece ? 0 : undefined}
                testId={`amount-${i.itemNo}`}
              />
            )}
          </Group>
        </Card>
      ))}
    </SimpleGrid>
  );
}
