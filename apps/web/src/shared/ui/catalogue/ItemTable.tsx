import { Anchor, Table, Text, VisuallyHidden } from '@mantine/core';
import type { CatalogueItem } from '@mp/contract/api/catalogue';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import { Highlight } from '../Highlight';
import { ImagePreview } from '../ImagePreview';
import type { ItemListFormat } from './ItemCard';
import { SelectedAmount } from './SelectedAmount';

const num = {
  textAlign: 'right' as const,
  fontVariantNumeric: 'tabular-nums' as const,
  whiteSpace: 'nowrap' as const,
};

/** The table mode of the catalogue and the search (wide screens; phones always get cards). */
export function ItemTable({
  items,
  fmt,
  words,
}: {
  items: CatalogueItem[];
  fmt: ItemListFormat;
  words?: readonly string[];
}) {
  const { t } = useTranslation();
  const price = (item: CatalogueItem, value: string | null) =>
    item.priceOnDemand ? (
      <Text size="sm" c="dimmed" fs="italic" span>
        {t('shared.prijs_op_aanvraag')}
      </Text>
    ) : item.showPrice && value !== null ? (
      fmt.format.money(value, fmt.priceDecimals)
    ) : (
      ''
    );
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped highlightOnHover={false} verticalSpacing="xs" data-testid="item-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <VisuallyHidden>{t('Details.afbeeldingen')}</VisuallyHidden>
            </Table.Th>
            <Table.Th style={{ whiteSpace: 'nowrap' }}>{t('shared.artikelnummer')}</Table.Th>
            <Table.Th>{t('shared.omschrijving')}</Table.Th>
            <Table.Th style={num}>{t('Catalogus.filter_huurprijs')}</Table.Th>
            <Table.Th style={num}>{t('Catalogus.filter_huurprijs_week')}</Table.Th>
            <Table.Th style={num}>{t('shared.gewicht')}</Table.Th>
            <Table.Th style={num}>{t('shared.aantal')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr key={item.itemNo} data-item-no={item.itemNo}>
              <Table.Td w={72}>
                <ImagePreview src={item.imageUrl} alt={item.description} width={56} height={42} />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Highlight text={item.itemNo} words={words} />
              </Table.Td>
              <Table.Td>
                <Anchor
                  component={Link}
                  to={paths.details.to(item.itemNo)}
                  c="inherit"
                  fw={words?.length ? 400 : 600}
                >
                  <Highlight text={item.description} words={words} />
                </Anchor>
              </Table.Td>
              <Table.Td style={num}>{price(item, item.dayPrice ?? item.salePrice)}</Table.Td>
              <Table.Td style={num}>{item.priceOnDemand ? '' : price(item, item.weekPrice)}</Table.Td>
              <Table.Td style={num}>{fmt.format.weight(item.weightPerPiece, fmt.weightDecimals)}</Table.Td>
              <Table.Td style={{ ...num, width: 110 }}>
                <SelectedAmount itemNo={item.itemNo} label={`${t('shared.aantal')}: ${item.description}`} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
