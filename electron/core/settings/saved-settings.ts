// Where each app keeps its settings in its data folder, and the store a process that shares that folder opens
// (the CLI on STUDIO_DATA_DIR): web mode's JSON file, or the desktop's electron-store file, whose settings sit in
// one field. Both are read through the one store and the one JSON adapter, never parsed apart.
import { join } from 'node:path';
import { jsonSettingsFile } from './json-settings-file';
import { keyValueDocument } from './settings-document';
import type { KeyValueStore } from './settings-document';
import { StoredSettings } from './stored-settings';
import type { Warn } from './settings-store';

/** Web mode's settings file in its data folder. */
export const WEB_SETTINGS_FILE = 'settings.json';
/** electron-store's name in the desktop app's data folder (the file is `<name>.json`). */
export const DESKTOP_STORE_NAME = 'gateway-studio';
/** The field of the electron-store file that holds the settings. */
export const SETTINGS_FIELD = 'settings';

/** The desktop's settings: the one store over the settings field of the app's electron-store. */
export function desktopSettings(store: KeyValueStore, warn?: Warn): StoredSettings {
  return StoredSettings.open(keyValueDocument(store, SETTINGS_FIELD, `${DESKTOP_STORE_NAME}.json`), warn);
}

/** Web mode's settings, kept in its data folder. */
export function webSettings(dataDir: string, warn?: Warn): StoredSettings {
  return StoredSettings.open(jsonSettingsFile(join(dataDir, WEB_SETTINGS_FILE)), warn);
}

/**
 * The settings an app saved in this data folder (web mode's file first, else the desktop's), as a store; null
 * when neither app saved any there (the caller then stands on the defaults, as a fresh app would).
 */
export function savedSettingsStore(dataDir: string, warn?: Warn): StoredSettings | null {
  const documents = [
    jsonSettingsFile(join(dataDir, WEB_SETTINGS_FILE)),
    jsonSettingsFile(join(dataDir, `${DESKTOP_STORE_NAME}.json`), SETTINGS_FIELD),
  ];
  const saved = documents.find((document) => document.read().kind === 'saved');
  return saved ? StoredSettings.open(saved, warn) : null;
}
