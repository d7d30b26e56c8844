import type { CatalogueItem } from '@mp/contract/api/catalogue';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import type { Formatters } from '../format';
import { Highlight } from '../Highlight';
import { ImagePreview } from '../ImagePreview';
import classes from './item-card.module.css';
import { PriceLines } from './PriceLines';
import { SelectedAmount } from './SelectedAmount';

export interface ItemListFormat {
  format: Formatters;
  priceDecimals: number;
  weightDecimals: number;
}

/**
 * One catalogue item as a card: image, description (matched words in bold), number, prices and an amount (its
 * own part of the selection). Plain elements and CSS: a list shows 50 of them.
 */
export function ItemCard({
  item,
  fmt,
  words,
}: {
  item: CatalogueItem;
  fmt: ItemListFormat;
  words?: readonly string[];
}) {
  const { t } = useTranslation();
  return (
    <div className={classes.card} data-testid="item-card" data-item-no={item.itemNo}>
      <div className={classes.cardTop}>
        <ImagePreview src={item.imageUrl} alt={item.description} width={96} height={72} />
        <div className={classes.cardText}>
          {/* with search words the matched ones stand out in bold against a regular title */}
          <Link
            to={paths.details.to(item.itemNo)}
            className={classes.cardTitle}
            data-words={words?.length ? true : undefined}
          >
            <Highlight text={item.description} words={words} />
          </Link>
          <p className={classes.cardMeta}>
            {t('shared.artikelnummer')}: <Highlight text={item.itemNo} words={words} />
          </p>
          {item.weightPerPiece !== null && (
            <p className={classes.cardMeta}>
              {t('shared.gewicht_per_stuk')}: {fmt.format.weight(item.weightPerPiece, fmt.weightDecimals)}
            </p>
          )}
        </div>
      </div>
      <div className={classes.cardBottom}>
        <PriceLines item={item} format={fmt.format} decimals={fmt.priceDecimals} />
        <SelectedAmount itemNo={item.itemNo} label={`${t('shared.aantal')}: ${item.description}`} />
      </div>
    </div>
  );
}
