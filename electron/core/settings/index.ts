export type { SettingsStore, SecretStore, Warn } from './settings-store';
export { StoredSettings } from './stored-settings';
export { jsonSettingsFile } from './json-settings-file';
export { keyValueDocument } from './settings-document';
export type { KeyValueStore, SettingsDocument, SettingsRead } from './settings-document';
export { MemorySecretStore } from './memory-secret-store';
export { FileSecretStore } from './file-secret-store';
export { settingsFromUnknown } from './merge-settings';
