import { Image, Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The enlarged image (its own chunk: loaded when a preview is opened). */
export default function ImageModal({ src, alt, onClose }: { src: string; alt: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened
      onClose={onClose}
      title={alt}
      size="xl"
      centered
      closeButtonProps={{ 'aria-label': t('shared.sluiten') }}
    >
      <Image src={src} alt={alt} fit="contain" mah="75vh" />
    </Modal>
  );
}
