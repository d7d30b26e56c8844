import type { SettingsUpdate } from '@mp/contract/api/settings';
import { type SettingKey, type SettingsGroup, settingDefinition } from '@mp/contract/settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, pathParam } from '../../../shared/api/client';
import { settingsKeys } from '../../../shared/api/get-settings';

/** A setting's value as the editor holds it. */
export type SettingValue = boolean | number | string | string[];

/** The changed values of one group, by type, as PUT Settings/{group} takes them. */
export function updateOf(changes: Partial<Record<SettingKey, SettingValue>>): SettingsUpdate {
  const out: Required<SettingsUpdate> = { boolValues: {}, intValues: {}, stringValues: {}, multiStrings: {} };
  for (const [key, value] of Object.entries(changes) as [SettingKey, SettingValue][]) {
    const type = settingDefinition(key).type;
    if (type === 'bool') out.boolValues[key] = value as boolean;
    else if (type === 'int') out.intValues[key] = value as number;
    else if (type === 'multiString') out.multiStrings[key] = value as string[];
    else out.stringValues[key] = value as string;
  }
  return out;
}

/** PUT /api/v2.0/Settings/{group} (admins): all or nothing; the portal reads the new values at once. */
export function useSaveSettings(group: SettingsGroup) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: Partial<Record<SettingKey, SettingValue>>) =>
      api.put(`/Settings/${pathParam('groupingType', group)}`, updateOf(changes), {
        answer: (c) => c.common.noContent,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.all }),
  });
}

/** DELETE /api/v2.0/Settings/{key} (admins): back to the catalogue's default. */
export function useResetSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (key: SettingKey) =>
      api.delete(`/Settings/${pathParam('key', key)}`, { answer: (c) => c.common.noContent }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.all }),
  });
}
