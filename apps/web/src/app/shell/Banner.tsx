import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { LocationSelector } from '../../features/locations/components/LocationSelector';
import { ProductSearchBox } from '../../features/search/components/ProductSearchBox';
import { useCorporateIdentity } from '../../shared/api/get-corporate-identity';
import { useSettings } from '../../shared/api/get-settings';
import { useStore } from '../../shared/lib/store';
import { sessionStore } from '../../shared/session/session';
import classes from './shell.module.css';

/** The banner: large on Home (title, search, location), small elsewhere (search and location). */
export function Banner({ variant }: { variant: 'large' | 'small' }) {
  const { t } = useTranslation();
  const settings = useSettings();
  const identity = useCorporateIdentity();
  const signedIn = useStore(sessionStore, (s) => s !== null);
  const title = settings.str('CustomTitle').trim() || t('banner.standaard_titel');
  const image = identity.data?.bannerUrl;
  const style = image
    ? ({ '--mp-banner-image': `url("${image.replace(/"/g, '%22')}")` } as CSSProperties)
    : undefined;

  return (
    <section
      className={variant === 'large' ? classes.bannerLarge : classes.bannerSmall}
      data-with-image={image ? true : undefined}
      style={style}
      aria-label={title}
      data-testid={`banner-${variant}`}
    >
      <div className={`${classes.container} ${classes.bannerInner}`}>
        {variant === 'large' ? (
          <h1 className={classes.bannerTitle}>{title}</h1>
        ) : (
          <p className={classes.bannerTitleSmall}>{title}</p>
        )}
        <div className={classes.bannerControls} data-signed-in={signedIn || undefined}>
          <div className={classes.bannerSearch}>
            <ProductSearchBox size={variant === 'large' ? 'lg' : 'md'} hideLabel={variant === 'small'} />
          </div>
          {signedIn && (
            <div className={classes.bannerLocation}>
              <LocationSelector size={variant === 'large' ? 'lg' : 'md'} hideLabel={variant === 'small'} />
            </div>
          )}
        </div>
      </div>
    </section>
  );
}
