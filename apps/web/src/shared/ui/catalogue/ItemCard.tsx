import { Anchor, Card, Group, Stack, Text } from '@mantine/core';
import type { CatalogueItem } from '@mp/contract/api/catalogue';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import type { Formatters } from '../format';
import { Highlight } from '../Highlight';
import { ImagePreview } from '../ImagePreview';
import { AmountInput } from './AmountInput';
import { PriceLines } from './PriceLines';

export interface ItemListFormat {
  format: Formatters;
  priceDecimals: number;
  weightDecimals: number;
}

/** One catalogue item as a card: image, description (matched words in bold), number, prices and an amount. */
export function ItemCard({
  item,
  fmt,
  amount,
  onAmount,
  words,
}: {
  item: CatalogueItem;
  fmt: ItemListFormat;
  amount: number | undefined;
  onAmount: (value: number | string) => void;
  words?: readonly string[];
}) {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="md" padding="sm" data-testid="item-card" data-item-no={item.itemNo}>
      <Stack gap="xs" h="100%">
        <Group wrap="nowrap" align="flex-start" gap="sm">
          <ImagePreview src={item.imageUrl} alt={item.description} width={96} height={72} />
          <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
            <Anchor
              component={Link}
              to={paths.details.to(item.itemNo)}
              // with search words the matched ones stand out in bold against a regular title
              fw={words?.length ? 400 : 600}
              c="inherit"
              style={{ overflowWrap: 'anywhere' }}
            >
              <Highlight text={item.description} words={words} />
            </Anchor>
            <Text size="xs" c="dimmed">
              {t('shared.artikelnummer')}: <Highlight text={item.itemNo} words={words} />
            </Text>
            {item.weightPerPiece !== null && (
              <Text size="xs" c="dimmed">
                {t('shared.gewicht_per_stuk')}: {fmt.format.weight(item.weightPerPiece, fmt.weightDecimals)}
              </Text>
            )}
          </Stack>
        </Group>
        <Group justify="space-between" align="flex-end" wrap="nowrap" gap="sm" mt="auto">
          <PriceLines item={item} format={fmt.format} decimals={fmt.priceDecimals} />
          <AmountInput
            value={amount}
            onChange={onAmount}
            label={`${t('shared.aantal')}: ${item.description}`}
            hideLabel
            testId={`amount-${item.itemNo}`}
          />
        </Group>
      </Stack>
    </Card>
  );
}
