// Settings kept in electron-store next to the key's ciphertext. Read through the same tolerant merge as the
// JSON store: an invalid field falls back to its default with a warning, never a crash.
import { settingsSchema } from '../../shared/bridge/session-schemas';
import type { Settings, SettingsPatch } from '../../shared/bridge/session-schemas';
import { settingsFromUnknown } from '../core/settings/merge-settings';
import type { SettingsStore, Warn } from '../core/settings/settings-store';
import { SETTINGS_FIELD } from '../core/settings/saved-settings';
import type { KeyValueStore } from './key-value-store';

export { SETTINGS_FIELD };

export class ElectronSettingsStore implements SettingsStore {
  #settings: Settings;

  constructor(
    private readonly store: KeyValueStore,
    warn: Warn = (m) => console.warn(m),
  ) {
    const { settings, rejected } = settingsFromUnknown(store.get(SETTINGS_FIELD));
    if (rejected.length > 0)
      warn(`settings: reset invalid value(s) for ${rejected.join(', ')} to the defaults.`);
    this.#settings = settings;
  }

  get(): Settings {
    return structuredClone(this.#settings);
  }

  async update(patch: SettingsPatch): Promise<Settings> {
    const next = settingsSchema.parse({ ...this.#settings, ...patch });
    this.store.set(SETTINGS_FIELD, next);
    this.#settings = next;
    return this.get();
  }
}
