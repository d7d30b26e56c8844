import { Anchor, Container, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFooters } from '../../features/content/api/get-footers';
import { useSettings } from '../../shared/api/get-settings';
import { paths } from '../../shared/lib/paths';
import { SafeHtml } from '../../shared/ui/SafeHtml';
import classes from './shell.module.css';

const footerNav = [
  { to: paths.materieel.to(), key: 'footer.materieel' },
  { to: paths.locatie.to(), key: 'footer.locatie' },
  { to: paths.favorieten.to(), key: 'footer.favorieten' },
  { to: paths.afvoerlijst.to(), key: 'footer.afvoerlijst' },
  { to: paths.bestellijst.to(), key: 'footer.bestellijst' },
];

/** The footer: the three localized HTML columns (sanitized), optional navigation and the terms link. */
export function Footer() {
  const { t } = useTranslation();
  const settings = useSettings();
  const footers = useFooters();
  const columns = (footers.data ?? []).filter((f) => f.html.trim() !== '');
  const termsUrl = settings.str('TermsAndConditionsUrl').trim();
  const showTerms = settings.bool('ShowTermsAndConditionsLink') && /^https?:\/\//i.test(termsUrl);
  const showNav = settings.bool('EnableFooterNavigation');

  return (
    <footer className={classes.footer}>
      <Container size="xl" py="xl">
        <Stack gap="xl">
          {columns.length > 0 && (
            <SimpleGrid cols={{ base: 1, sm: columns.length }} spacing="xl">
              {columns.map((c) => (
                <SafeHtml key={c.guidId} html={c.html} className={classes.footerColumn} headingLevel={2} />
              ))}
            </SimpleGrid>
          )}
          {showNav && (
            <nav aria-label={t('footer.navigatie')}>
              <Group gap="md" component="ul" className={classes.footerNav}>
                {footerNav.map((l) => (
                  <li key={l.to}>
                    <Anchor component={Link} to={l.to} className={classes.footerLink}>
                      {t(l.key)}
                    </Anchor>
                  </li>
                ))}
              </Group>
            </nav>
          )}
          <Group justify="space-between" gap="sm" className={classes.footerBottom}>
            <Text size="sm">© {new Date().getFullYear()} Materieelportaal</Text>
            {showTerms && (
              <Anchor
                href={termsUrl}
                target="_blank"
                rel="noopener noreferrer"
                className={classes.footerLink}
                size="sm"
              >
                <Group gap={4} component="span">
                  {t('footer.voorwaarden')}
                  <IconExternalLink size={14} aria-hidden />
                </Group>
              </Anchor>
            )}
          </Group>
        </Stack>
      </Container>
    </footer>
  );
}
