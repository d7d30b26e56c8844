// The settings area's public face: what other areas may use. Everything else in this folder is private.
export { settingsRoutes } from './settings.routes.ts';
export {
  forgetSettings,
  getSetting,
  loadSettings,
  SETTINGS_CHANNEL,
  type SettingsMap,
  writeSettings,
  writeSettingsBy,
} from './settings.service.ts';
