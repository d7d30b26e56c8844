import { defaultLocale, type Locale } from '@mp/contract/i18n/locales';
import { createStore } from '../lib/store';

/** The interface language currently shown; the API client sends it with every call. */
export const localeStore = createStore<Locale>(defaultLocale);

export const localeShortLabel: Record<Locale, string> = {
  'nl-NL': 'NL',
  'en-US': 'EN',
  'fr-FR': 'FR',
  'de-DE': 'DE',
};
export const localeName: Record<Locale, string> = {
  'nl-NL': 'Nederlands',
  'en-US': 'English',
  'fr-FR': 'Français',
  'de-DE': 'Deutsch',
};
