import { Center } from '@mantine/core';
import { IconPhotoOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Shown where an item has no image. */
export function NoImage({ size = 150, height }: { size?: number; height?: number }) {
  const { t } = useTranslation();
  return (
    <Center
      w={size}
      h={height ?? size}
      bg="gray.1"
      style={{ borderRadius: 'var(--mantine-radius-sm)', flexShrink: 0 }}
      role="img"
      aria-label={t('shared.geen_afbeelding')}
    >
      <IconPhotoOff
        size={Math.max(16, Math.min(48, Math.round((height ?? size) / 2.5)))}
        color="var(--mantine-color-gray-6)"
        aria-hidden
      />
    </Center>
  );
}
