import { Button, Menu } from '@mantine/core';
import type { Locale } from '@mp/contract/i18n/locales';
import { visibleLocales } from '@mp/contract/rules/languages';
import { IconCheck, IconChevronDown, IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../../shared/api/get-settings';
import { switchLocale } from '../../shared/i18n/i18n';
import { localeName, localeShortLabel, localeStore } from '../../shared/i18n/locale';
import { useStore } from '../../shared/lib/store';
import { setPreference } from '../../shared/session/preferences';
import { useOpenedOnce } from './use-opened-once';

/** nl, en, fr, de — each only when its Taal_Zichtbaar… setting is on; the choice is kept in local storage. */
export function LanguagePicker() {
  const { t } = useTranslation();
  const settings = useSettings();
  const current = useStore(localeStore);
  const [openedOnce, onOpen] = useOpenedOnce();
  const offered = settings.raw ? visibleLocales(settings.raw.boolValues) : [current];
  if (offered.length < 2 && offered.includes(current)) return null;

  const choose = async (locale: Locale) => {
    setPreference('locale', locale);
    await switchLocale(locale);
  };

  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={200} onOpen={onOpen}>
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray.0"
          c="var(--mp-primary-text)"
          h={44}
          px="xs"
          leftSection={<IconLanguage size={18} aria-hidden />}
          rightSection={<IconChevronDown size={14} aria-hidden />}
          aria-label={`${localeShortLabel[current]} – ${t('topbar.taal')}: ${localeName[current]}`}
          data-testid="language-picker"
        >
          {localeShortLabel[current]}
        </Button>
      </Menu.Target>
      {openedOnce && (
        <Menu.Dropdown>
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
        </Menu.Dropdown>
      )}
    </Menu>
  );
}
