import { IconPhotoOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import classes from './image.module.css';

/** Shown where an item has no image. */
export function NoImage({ size = 150, height }: { size?: number; height?: number }) {
  const { t } = useTranslation();
  const h = height ?? size;
  return (
    <div
      className={classes.noImage}
      style={{ width: size, height: h }}
      role="img"
      aria-label={t('shared.geen_afbeelding')}
    >
      <IconPhotoOff size={Math.max(16, Math.min(48, Math.round(h / 2.5)))} aria-hidden />
    </div>
  );
}
