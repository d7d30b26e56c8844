import {
  Accordion,
  ActionIcon,
  Badge,
  Button,
  ColorInput,
  Group,
  NumberInput,
  PasswordInput,
  Select,
  Stack,
  Switch,
  TagsInput,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import type { SettingsPayload } from '@mp/contract/api/settings';
import type { Locale } from '@mp/contract/i18n';
import {
  type SettingDefinition,
  type SettingKey,
  type SettingsGroup,
  settingDefinition,
  settingKeysOfGroup,
  settingsGroups,
} from '@mp/contract/settings';
import { IconAdjustments, IconArrowBackUp, IconSearch } from '@tabler/icons-react';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorNode, serverFieldErrors } from '../../../shared/lib/form-errors';
import { EmptyView } from '../../../shared/ui/StateViews';
import { snackbar } from '../../../shared/ui/snackbar/snackbar-store';
import { type SettingValue, useResetSetting, useSaveSettings } from '../api/settings';

/*
 * The settings editor (issue #15 part 1): every group of the settings catalogue as a form with typed inputs, the
 * description in the admin's language, the default, a reset to the default and a search over every key and
 * description. The server validates again (all or nothing per group) and every process reads the change within
 * seconds (decision 0024).
 */

const MASK = '********';

/** The stored (or default) value of a key in the admin's settings answer. */
export function storedValue(payload: SettingsPayload, key: SettingKey): SettingValue | undefined {
  return (payload.boolValues[key] ??
    payload.intValues[key] ??
    payload.stringValues[key] ??
    payload.multiStrings[key]) as SettingValue | undefined;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const isSecret = (def: SettingDefinition) => 'secret' in def && def.secret === true;

function defaultText(def: SettingDefinition, t: (k: string) => string): string {
  const v = def.default as unknown;
  if (typeof v === 'boolean') return v ? t('shared.ja') : t('shared.nee');
  if (Array.isArray(v)) return v.length ? v.join(', ') : '–';
  return v === '' ? '–' : String(v);
}

/** Words of the search in the key or the description (in the admin's language), case aside. */
export function matchesSearch(key: SettingKey, locale: Locale, search: string): boolean {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return true;
  const text = `${key} ${settingDefinition(key).description[locale] ?? ''}`.toLowerCase();
  return words.every((w) => text.includes(w));
}

interface FieldProps {
  settingKey: SettingKey;
  value: SettingValue | undefined;
  onChange: (value: SettingValue) => void;
  error: ReactNode;
  locale: Locale;
}

/** One setting's input, by its type in the catalogue. */
function SettingInput({ settingKey, value, onChange, error, locale }: FieldProps) {
  const { t } = useTranslation();
  const def = settingDefinition(settingKey);
  const id = `setting-${settingKey}`;
  const description = def.description[locale];
  const common = { id, label: settingKey, description, error, 'data-testid': id };
  if (def.type === 'bool') {
    return (
      <Switch
        {...common}
        checked={value === true}
        onChange={(e) => onChange(e.currentTarget.checked)}
        styles={{ label: { fontWeight: 600, overflowWrap: 'anywhere' } }}
      />
    );
  }
  if (def.type === 'int') {
    return (
      <NumberInput
        {...common}
        value={typeof value === 'number' ? value : ''}
        onChange={(v) => onChange(typeof v === 'number' ? v : Number.NaN)}
        min={def.min}
        max={def.max}
        allowDecimal={false}
        clampBehavior="none"
        maw={240}
        rightSectionWidth={0}
      />
    );
  }
  if (def.type === 'multiString') {
    return (
      <TagsInput
        {...common}
        value={Array.isArray(value) ? value : []}
        onChange={onChange}
        placeholder={t('Settings.waarde_toevoegen')}
        clearable
        splitChars={[',', ';']}
      />
    );
  }
  const text = typeof value === 'string' ? value : '';
  if (isSecret(def)) {
    return (
      <PasswordInput
        {...common}
        value={text === MASK ? '' : text}
        onChange={(e) => onChange(e.currentTarget.value || MASK)}
        placeholder={text === MASK ? t('Settings.geheim_ingesteld') : t('Settings.geheim_niet_ingesteld')}
        autoComplete="new-password"
      />
    );
  }
  if (def.options) {
    return (
      <Select
        {...common}
        data={[...def.options]}
        value={text || null}
        onChange={(v) => onChange(v ?? '')}
        allowDeselect={false}
        maw={320}
      />
    );
  }
  if (def.format === 'rgbTriplet') {
    // PrimaryColorRgb is PrimaryColor as 'R, G, B' (decision 0026): the server derives it, so it is shown, not edited
    return (
      <TextInput
        {...common}
        description={[description, t('Settings.volgt_primaire_kleur')].filter(Boolean).join(' ')}
        value={text}
        readOnly
        maw={320}
      />
    );
  }
  if (def.format === 'hexColor') {
    return <ColorInput {...common} value={text} onChange={onChange} format="hex" maw={320} />;
  }
  return (
    <TextInput
      {...common}
      value={text}
      onChange={(e) => onChange(e.currentTarget.value)}
      inputMode={def.format === 'decimal' ? 'decimal' : undefined}
      type={def.format === 'email' ? 'email' : def.format === 'url' ? 'url' : 'text'}
    />
  );
}

/** One group as a form: the changed values are saved together (all or nothing). */
function GroupForm({
  group,
  keys,
  payload,
  locale,
}: {
  group: SettingsGroup;
  keys: SettingKey[];
  payload: SettingsPayload;
  locale: Locale;
}) {
  const { t } = useTranslation();
  const save = useSaveSettings(group);
  const reset = useResetSetting();
  const [draft, setDraft] = useState<Partial<Record<SettingKey, SettingValue>>>({});
  const [errors, setErrors] = useState<Record<string, ReactNode>>({});
  const changed = Object.fromEntries(
    Object.entries(draft).filter(([k, v]) => !same(v, storedValue(payload, k as SettingKey))),
  ) as Partial<Record<SettingKey, SettingValue>>;
  const dirty = Object.keys(changed).length > 0;

  const submit = () => {
    // the bounds of a number are checked here too, so a slip is named at the field without a round trip
    const local: Record<string, ReactNode> = {};
    for (const [key, v] of Object.entries(changed)) {
      const def = settingDefinition(key as SettingKey);
      if (def.type !== 'int') continue;
      if (typeof v !== 'number' || !Number.isInteger(v))
        local[key] = errorNode({ key: 'validation.verplicht' });
      else if (v < def.min) local[key] = errorNode({ key: 'validation.te_klein', params: { min: def.min } });
      else if (v > def.max) local[key] = errorNode({ key: 'validation.te_groot', params: { max: def.max } });
    }
    setErrors(local);
    if (Object.keys(local).length) return;
    save.mutate(changed, {
      onSuccess: () => {
        setDraft({});
        snackbar.success('Settings.opgeslagen');
      },
      onError: (e) => {
        const fields = serverFieldErrors(e);
        if (fields) setErrors(fields);
        snackbar.error(e);
      },
    });
  };
  const toDefault = (key: SettingKey) =>
    reset.mutate(key, {
      onSuccess: () => {
        setDraft(({ [key]: _, ...rest }) => rest as typeof draft);
        snackbar.success('Settings.hersteld', { key });
      },
      onError: (e) => snackbar.error(e),
    });

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      data-testid={`settings-group-${group}`}
    >
      <Stack gap="lg">
        {keys.map((key) => {
          const def = settingDefinition(key);
          const stored = storedValue(payload, key);
          const value = key in draft ? draft[key] : stored;
          const atDefault = isSecret(def) ? stored === '' : same(stored, def.default);
          return (
            <Stack key={key} gap={4} data-testid="setting-row">
              <SettingInput
                settingKey={key}
                value={value}
                onChange={(v) => setDraft((d) => ({ ...d, [key]: v }))}
                error={errors[key]}
                locale={locale}
              />
              <Group gap="xs" wrap="nowrap">
                <Text size="xs" c="dimmed">
                  {isSecret(def)
                    ? stored
                      ? t('Settings.geheim_ingesteld')
                      : t('Settings.geheim_niet_ingesteld')
                    : t('Settings.standaardwaarde', { value: defaultText(def, t) })}
                </Text>
                {!atDefault && (
                  <Tooltip label={t('Settings.standaard_herstellen')}>
                    <ActionIcon
                      variant="subtle"
                      size="sm"
                      aria-label={`${t('Settings.standaard_herstellen')}: ${key}`}
                      onClick={() => toDefault(key)}
                      loading={reset.isPending && reset.variables === key}
                    >
                      <IconArrowBackUp size={16} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                )}
              </Group>
            </Stack>
          );
        })}
        <Group justify="flex-end" gap="sm">
          <Button
            variant="default"
            disabled={!dirty || save.isPending}
            onClick={() => {
              setDraft({});
              setErrors({});
            }}
          >
            {t('shared.annuleren')}
          </Button>
          <Button type="submit" disabled={!dirty} loading={save.isPending}>
            {t('shared.opslaan')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Every group of the catalogue, searchable; a search opens the groups with a match. */
export function SettingsEditor({ payload, locale }: { payload: SettingsPayload; locale: Locale }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState<string[]>([]);
  const groups = useMemo(
    () =>
      settingsGroups
        .map((group) => ({
          group,
          keys: settingKeysOfGroup(group).filter((k) => matchesSearch(k, locale, search)),
        }))
        .filter((g) => g.keys.length > 0),
    [locale, search],
  );
  const searching = search.trim() !== '';
  return (
    <Stack gap="md">
      <TextInput
        label={t('Settings.zoek_instelling')}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        maw={480}
        type="search"
        data-testid="settings-search"
      />
      {groups.length === 0 ? (
        <EmptyView title={t('Settings.geen_instellingen_gevonden')} />
      ) : (
        <Accordion
          multiple
          variant="separated"
          radius="md"
          chevronPosition="left"
          value={searching ? groups.map((g) => g.group) : open}
          onChange={setOpen}
        >
          {groups.map(({ group, keys }) => (
            <Accordion.Item value={group} key={group} data-testid="settings-group">
              <Accordion.Control icon={<IconAdjustments size={18} aria-hidden />}>
                <Group gap="xs">
                  <Text fw={600}>{t(`Settings.groepen.${group}`)}</Text>
                  <Badge variant="light" color="gray" size="sm">
                    {keys.length}
                  </Badge>
                </Group>
              </Accordion.Control>
              <Accordion.Panel>
                <GroupForm group={group} keys={keys} payload={payload} locale={locale} />
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      )}
    </Stack>
  );
}
