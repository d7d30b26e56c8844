import { IconExternalLink } from '@tabler/icons-react';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFooters } from '../../features/content/api/get-footers';
import { useSettings } from '../../shared/api/get-settings';
import { paths } from '../../shared/lib/paths';
import columnClasses from '../../shared/ui/footer-column.module.css';
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
      <div className={`${classes.container} ${classes.footerInner}`}>
        {columns.length > 0 && (
          <div className={classes.footerColumns} style={{ '--columns': columns.length } as CSSProperties}>
            {columns.map((c) => (
              <SafeHtml key={c.guidId} html={c.html} className={columnClasses.column} headingLevel={2} />
            ))}
          </div>
        )}
        {showNav && (
          <nav aria-label={t('footer.navigatie')}>
            <ul className={classes.footerNav}>
              {footerNav.map((l) => (
                <li key={l.to}>
                  <Link to={l.to} className={classes.footerLink}>
                    {t(l.key)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        )}
        <div className={classes.footerBottom}>
          <span>© {new Date().getFullYear()} Materieelportaal</span>
          {showTerms && (
            <a href={termsUrl} target="_blank" rel="noopener noreferrer" className={classes.footerLink}>
              {t('footer.voorwaarden')}
              <IconExternalLink size={14} aria-hidden />
            </a>
          )}
        </div>
      </div>
    </footer>
  );
}
