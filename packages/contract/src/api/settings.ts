// Payloads of the Settings calls (v2). The settings themselves (keys, types, defaults, who
// may read them) are the catalogue in ../settings.ts.
import { z } from 'zod';

/** GET /api/v2.0/Settings/{groupingType}: the public subset when anonymous, everything for admins. */
export const settingsPayload = z.object({
  groupingType: z.string(),
  boolValues: z.record(z.string(), z.boolean()),
  intValues: z.record(z.string(), z.number()),
  stringValues: z.record(z.string(), z.string()),
  multiStrings: z.record(z.string(), z.array(z.string())),
});
export type SettingsPayload = z.infer<typeof settingsPayload>;

/** PUT /api/v2.0/Settings/{groupingType} (admins): the changed settings by type, all or nothing. */
export const settingsUpdate = z
  .object({
    boolValues: z.record(z.string(), z.boolean()).optional(),
    intValues: z.record(z.string(), z.number()).optional(),
    stringValues: z.record(z.string(), z.string()).optional(),
    multiStrings: z.record(z.string(), z.array(z.string())).optional(),
  })
  .strict();
export type SettingsUpdate = z.infer<typeof settingsUpdate>;

/** POST /api/v2.0/Settings (admins): one setting by key. */
export const settingUpdate = z.object({ key: z.string().min(1).max(128), value: z.unknown() }).strict();
