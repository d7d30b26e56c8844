import { Stack, Text } from '@mantine/core';
import type { SettingsPayload } from '@mp/contract/api/settings';
import type { Locale } from '@mp/contract/i18n/locales';
import { useTranslation } from 'react-i18next';
import { ColoursSection } from './CorporateColours';
import { FooterSection } from './CorporateFooter';
import { ImagesSection } from './CorporateImages';

/*
 * The corporate identity (issue #15 part 3, decision 0026): images, colours with a live preview and a WCAG AA check
 * per pair, the footer columns per language and the footer settings.
 */
export function CorporateIdentityEditor({ payload, locale }: { payload: SettingsPayload; locale: Locale }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xl">
      <Text>{t('corporate_identity.intro')}</Text>
      <ImagesSection />
      <ColoursSection payload={payload} />
      <FooterSection payload={payload} locale={locale} />
    </Stack>
  );
}
