import { useTranslation } from 'react-i18next';

/** A translated text as an element, so messages kept in state (form errors) follow a language switch. */
export function Msg({
  k,
  params,
  fallback,
}: {
  k: string;
  params?: Record<string, unknown>;
  fallback?: string;
}) {
  const { t, i18n } = useTranslation();
  if (!i18n.exists(k) && fallback) return <>{fallback}</>;
  return <>{t(k, params)}</>;
}
