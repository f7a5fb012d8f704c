// Where each app keeps its settings in its data folder, and a reader for processes that only look (the CLI on
// STUDIO_DATA_DIR): web mode's JSON file, or the desktop's electron-store file, whose settings sit in one field.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Settings } from '../../../shared/bridge/session-schemas';
import { settingsFromUnknown } from './merge-settings';

/** Web mode's settings file in its data folder. */
export const WEB_SETTINGS_FILE = 'settings.json';
/** electron-store's name in the desktop app's data folder (the file is `<name>.json`). */
export const DESKTOP_STORE_NAME = 'gateway-studio';
/** The field of the electron-store file that holds the settings. */
export const SETTINGS_FIELD = 'settings';

function readJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/**
 * The settings an app saved in this data folder, read through the same tolerant merge as the stores; null when
 * neither app's file is there or readable (the caller then stands on the defaults, as a fresh app would).
 */
export function savedSettings(dataDir: string): Settings | null {
  const web = readJson(join(dataDir, WEB_SETTINGS_FILE));
  if (web !== undefined) return settingsFromUnknown(web).settings;
  const desktop = readJson(join(dataDir, `${DESKTOP_STORE_NAME}.json`));
  if (typeof desktop === 'object' && desktop !== null && SETTINGS_FIELD in desktop)
    return settingsFromUnknown((desktop as Record<string, unknown>)[SETTINGS_FIELD]).settings;
  return null;
}
