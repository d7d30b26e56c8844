import type { Locale } from '@mp/contract/i18n/locales';
import { visibleLocales } from '@mp/contract/rules/languages';
import { IconCheck, IconChevronDown, IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../../shared/api/get-settings';
import { switchLocale } from '../../shared/i18n/i18n';
import { localeName, localeShortLabel, localeStore } from '../../shared/i18n/locale';
import { useStore } from '../../shared/lib/store';
import { setPreference } from '../../shared/session/preferences';
import { DeferredMenu } from '../../shared/ui/dropdowns/DeferredMenu';
import classes from './shell.module.css';

/** nl, en, fr, de — each only when its Taal_Zichtbaar… setting is on; the choice is kept in local storage. */
export function LanguagePicker() {
  const { t } = useTranslation();
  const settings = useSettings();
  const current = useStore(localeStore);
  const offered = settings.raw ? visibleLocales(settings.raw.boolValues) : [current];
  if (offered.length < 2 && offered.includes(current)) return null;

  const choose = async (locale: Locale) => {
    setPreference('locale', locale);
    await switchLocale(locale);
  };

  return (
    <DeferredMenu
      width={200}
      target={(props) => (
        <button
          type="button"
          {...props}
          className={classes.barButton}
          aria-label={`${localeShortLabel[current]} – ${t('topbar.taal')}: ${localeName[current]}`}
          data-testid="language-picker"
        >
          <IconLanguage size={18} aria-hidden />
          {localeShortLabel[current]}
          <IconChevronDown size={14} aria-hidden />
        </button>
      )}
    >
      {(Menu) => (
        <>
          <Menu.Label>{t('topbar.taal')}</Menu.Label>
          {offered.map((l) => (
            <Menu.Item
              key={l}
              lang={l.slice(0, 2)}
              onClick={() => void choose(l)}
              rightSection={l === current ? <IconCheck size={16} aria-hidden /> : null}
              aria-current={l === current ? 'true' : undefined}
              data-locale={l}
              mih={44}
            >
              {localeName[l]}
            </Menu.Item>
          ))}
        </>
      )}
    </DeferredMenu>
  );
}
