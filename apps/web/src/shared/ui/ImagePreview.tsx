import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './image.module.css';
import { NoImage } from './NoImage';

const ImageModal = lazy(() => import('./ImageModal'));

/** Default preview size 150 × 70 (product §9). */
export const DEFAULT_PREVIEW = { width: 150, height: 70 };

/** A preview image that expands in a modal; without an image (or when it fails to load) the no-image icon shows. */
export function ImagePreview({
  src,
  alt,
  width = DEFAULT_PREVIEW.width,
  height = DEFAULT_PREVIEW.height,
  priority = false,
}: {
  src: string | null | undefined;
  alt: string;
  width?: number;
  height?: number;
  /** The page's main image (its largest paint): loaded at once and first, not when scrolled to. */
  priority?: boolean;
}) {
  const { t } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  const [failed, setFailed] = useState(false);
  if (!src || failed) return <NoImage size={width} height={height} />;
  return (
    <>
      <button
        type="button"
        className={classes.previewButton}
        onClick={open}
        aria-label={`${t('shared.afbeelding_vergroten')}: ${alt}`}
      >
        <img
          src={src}
          alt=""
          width={width}
          height={height}
          className={classes.previewImage}
          style={{ width, height }}
          onError={() => setFailed(true)}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : 'auto'}
        />
      </button>
      {opened && (
        <Suspense fallback={null}>
          <ImageModal src={src} alt={alt} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
