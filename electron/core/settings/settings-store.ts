// Where the user's settings and the API key live. The host depends on these interfaces only: Electron plugs in
// electron-store + safeStorage (electron/platform), web mode and tests the Node implementations beside this file.
import type { Settings, SettingsPatch } from '../../../shared/bridge/session-schemas';

export interface SettingsStore {
  /** The current settings, always complete and valid. */
  get(): Settings;
  /** Applies a validated patch, persists it, and returns the result. */
  update(patch: SettingsPatch): Promise<Settings>;
}

/**
 * The API key. `getKey` is for the main process only (the gateway client): nothing that crosses the bridge
 * may call it; the bridge sees `hasKey`.
 */
export interface SecretStore {
  /**
   * How a key set now is kept, said as such in Settings: 'keychain' (encrypted by the OS keychain), 'file' (a
   * plain file readable by the user only: web mode), 'memory' (this session only; nothing is saved).
   */
  keptAs(): Promise<KeyStorage>;
  getKey(): Promise<string | null>;
  hasKey(): Promise<boolean>;
  setKey(key: string): Promise<void>;
  clearKey(): Promise<void>;
}

export type Warn = (message: string) => void;
export type { KeyStorage } from '../../../shared/bridge/session-schemas';
import type { KeyStorage } from '../../../shared/bridge/session-schemas';
