import { useTranslation } from 'react-i18next';

/** The start-up screen (same look as the static one in index.html) while settings, identity and texts load. */
export function LoadingScreen() {
  const { t, i18n } = useTranslation();
  const label = i18n.exists('shared.laden') ? t('shared.laden') : 'Materieelportaal wordt geladen…';
  return (
    <div className="boot-screen" role="status" aria-live="polite">
      <div className="boot-spinner" aria-hidden="true" />
      <span className="boot-label">{label}</span>
    </div>
  );
}
