import { Badge, Box, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import type { SettingsPayload } from '@mp/contract/api/settings';
import {
  type BrandColours,
  brandColourKeys,
  type ContrastCheck,
  formatRatio,
} from '@mp/contract/rules/contrast';
import { settingsCatalogue } from '@mp/contract/settings';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

// The colours: what they are read as, and how they look and read (a preview, the WCAG AA check per pair).

export const colourKeys = brandColourKeys;
export const HEX = /^#[0-9a-f]{6}$/i;
export const defaultColours = Object.fromEntries(
  colourKeys.map((k) => [k, settingsCatalogue[k].default]),
) as BrandColours;

export function coloursOf(payload: SettingsPayload): BrandColours {
  return Object.fromEntries(
    colourKeys.map((k) => {
      const v = payload.stringValues[k];
      return [k, typeof v === 'string' && HEX.test(v) ? v.toUpperCase() : defaultColours[k]];
    }),
  ) as BrandColours;
}

/** The draft colours in the portal's shapes: top bar, banner with a button, a page with a link and a badge. */
export function ColourPreview({ colours }: { colours: BrandColours }) {
  const { t } = useTranslation();
  const c = colours;
  return (
    <Paper withBorder radius="md" style={{ overflow: 'hidden' }} data-testid="ci-preview">
      <Box px="md" py={8} style={{ background: c.PrimaryColorDarker, color: c.PrimaryTextColor }}>
        <Group justify="space-between" gap="xs">
          <Text fw={700} size="sm" c="inherit">
            {t('corporate_identity.voorbeeld_titel')}
          </Text>
          <Box
            component="span"
            px={8}
            py={2}
            fz="xs"
            fw={700}
            style={{ background: c.SecondaryColor, color: c.SecondaryTextColor, borderRadius: 12 }}
          >
            3
          </Box>
        </Group>
      </Box>
      <Box px="md" py="md" style={{ background: c.PrimaryColor, color: c.PrimaryTextColor }}>
        <Text fw={600} c="inherit">
          {t('corporate_identity.voorbeeld_tekst')}
        </Text>
      </Box>
      <Stack gap="sm" p="md" bg="#FFFFFF">
        <Group gap="sm">
          <Box
            component="span"
            px="md"
            py={8}
            fw={600}
            fz="sm"
            style={{ background: c.PrimaryColor, color: c.PrimaryTextColor, borderRadius: 8 }}
          >
            {t('corporate_identity.voorbeeld_knop')}
          </Box>
          <Box
            component="span"
            px="md"
            py={8}
            fw={600}
            fz="sm"
            style={{ background: c.SecondaryColorDarker, color: c.SecondaryTextColor, borderRadius: 8 }}
          >
            {t('corporate_identity.voorbeeld_knop')}
          </Box>
          <Box
            component="span"
            px={8}
            py={2}
            fz="xs"
            fw={700}
            tt="uppercase"
            style={{ background: c.SecondaryColor, color: c.SecondaryTextColor, borderRadius: 12 }}
          >
            {t('corporate_identity.voorbeeld_badge')}
          </Box>
        </Group>
        <Text component="span" fw={600} td="underline" style={{ color: c.PrimaryColor }}>
          {t('corporate_identity.voorbeeld_link')}
        </Text>
      </Stack>
    </Paper>
  );
}

export const pairKey = (c: ContrastCheck) => `corporate_identity.paar.${c.id.replace(/-/g, '_')}`;

export function ContrastTable({ checks }: { checks: ContrastCheck[] }) {
  const { t } = useTranslation();
  return (
    <Stack gap={0} data-testid="ci-contrast">
      <Title order={3} size="h5" id="ci-contrast-title" mb="xs">
        {t('corporate_identity.contrast_titel')}
      </Title>
      <List listStyleType="none" aria-labelledby="ci-contrast-title" spacing={0} p={0}>
        {checks.map((c) => (
          <List.Item
            key={c.id}
            data-testid={`ci-pair-${c.id}`}
            data-passes={c.passes}
            py={8}
            style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
            styles={{ itemWrapper: { display: 'block', width: '100%' }, itemLabel: { display: 'block' } }}
          >
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Text size="sm" style={{ flex: '1 1 200px' }}>
                {t(pairKey(c))}
              </Text>
              <Group gap="sm" wrap="nowrap">
                <Box
                  aria-hidden
                  px={8}
                  fw={700}
                  fz="sm"
                  style={{
                    background: c.backgroundColour,
                    color: c.textColour,
                    borderRadius: 4,
                    border: '1px solid var(--mantine-color-gray-4)',
                  }}
                >
                  Aa
                </Box>
                <Text size="sm" ff="monospace" w={64} ta="right" data-testid="ci-ratio">
                  {c.ratio === null
                    ? '–'
                    : t('corporate_identity.contrast_ratio', { ratio: formatRatio(c.ratio) })}
                </Text>
                <Badge
                  variant="light"
                  color={c.passes ? 'green' : 'red'}
                  c="dark.8"
                  miw={96}
                  leftSection={
                    c.passes ? <IconCheck size={12} aria-hidden /> : <IconX size={12} aria-hidden />
                  }
                >
                  {c.passes
                    ? t('corporate_identity.contrast_voldoet')
                    : t('corporate_identity.contrast_onvoldoende')}
                </Badge>
              </Group>
            </Group>
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}
