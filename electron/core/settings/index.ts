export type { SettingsStore, SecretStore, Warn } from './settings-store';
export { JsonSettingsStore } from './json-settings-store';
export { MemorySecretStore } from './memory-secret-store';
export { FileSecretStore } from './file-secret-store';
export { settingsFromUnknown } from './merge-settings';
